import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BarChart3, Columns2, Download, House, LayoutGrid, PanelRight } from 'lucide-react';
import { BROWSE_MESSAGES } from '@adtwin/shared';
import { Tooltip } from '@/components/ui/Tooltip';
import { cn } from '@/components/ui/cn';
import { VoteButtons } from '@/features/votes';
import type { EditorTemplate } from './api';

const ICON_BUTTON =
  'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-fg transition-colors hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:bg-accent-soft aria-pressed:text-accent focus-visible:outline-2 focus-visible:outline-accent';

/**
 * Home, the Templates toggle, votes and usage, compare and download. Labels collapse to icons on
 * small screens but stay readable to screen readers.
 */
export function EditorTopBar({
  homePath,
  template,
  isViewMode,
  isBrowsing,
  onToggleBrowse,
  onOpenPanel,
  canCompare,
  isComparing,
  onToggleCompare,
  canDownload,
  onDownload,
}: {
  homePath: string;
  template: EditorTemplate | null;
  isViewMode: boolean;
  isBrowsing: boolean;
  onToggleBrowse?: () => void;
  onOpenPanel?: () => void;
  canCompare: boolean;
  isComparing: boolean;
  onToggleCompare: () => void;
  canDownload: boolean;
  onDownload: () => void;
}) {
  const isCommunity = template?.ref.kind === 'community';
  return (
    <header className="flex h-14 shrink-0 items-center gap-1 border-b border-border bg-surface px-2 sm:gap-2 sm:px-4">
      <Link to={homePath} className={ICON_BUTTON} aria-label="Home">
        <House className="size-5" aria-hidden="true" />
      </Link>
      {!isViewMode && onToggleBrowse && (
        <button
          type="button"
          className={ICON_BUTTON}
          aria-pressed={isBrowsing}
          onClick={onToggleBrowse}
        >
          <LayoutGrid className="size-5" aria-hidden="true" />
          <Label>Templates</Label>
        </button>
      )}
      <h1 className="mx-1 hidden min-w-0 flex-1 truncate text-sm font-semibold text-fg md:block">
        {template?.name ?? (isViewMode ? 'Your design' : 'Editor')}
      </h1>
      <div className="flex-1 md:hidden" />
      {template && !isViewMode && (
        <VoteButtons
          key={`${template.ref.kind}:${template.ref.id}`}
          templateId={template.ref.kind === 'official' ? template.ref.id : null}
          templateName={template.name}
          counts={{ likes: template.stats.likes, dislikes: template.stats.dislikes }}
          userVote={template.userVote}
          isSignedIn
          isCommunity={isCommunity}
          className="relative [&>p]:absolute [&>p]:top-10 [&>p]:z-10 [&>p]:rounded [&>p]:bg-surface [&>p]:px-2 [&>p]:whitespace-nowrap [&>p]:empty:hidden"
        />
      )}
      {template && (
        <Tooltip content={BROWSE_MESSAGES.usageTooltip} side="bottom">
          <span
            tabIndex={0}
            className="inline-flex h-9 items-center gap-1 rounded-lg px-1.5 text-xs text-muted focus-visible:outline-2 focus-visible:outline-accent"
            aria-label={`${BROWSE_MESSAGES.usageTooltip}: ${template.stats.usageCount}`}
            data-testid="template-usage-count"
          >
            <BarChart3 className="size-4" aria-hidden="true" />
            {template.stats.usageCount}
          </span>
        </Tooltip>
      )}
      <button
        type="button"
        className={ICON_BUTTON}
        disabled={!canCompare}
        aria-pressed={isComparing}
        onClick={onToggleCompare}
      >
        <Columns2 className="size-5" aria-hidden="true" />
        <Label>Compare</Label>
      </button>
      <button
        type="button"
        className={cn(ICON_BUTTON, 'bg-accent text-accent-fg hover:bg-accent-hover')}
        disabled={!canDownload}
        onClick={onDownload}
      >
        <Download className="size-5" aria-hidden="true" />
        <Label>Download</Label>
      </button>
      {onOpenPanel && (
        <button
          type="button"
          className={cn(ICON_BUTTON, 'md:hidden')}
          onClick={onOpenPanel}
          aria-label="Open the generation panel"
        >
          <PanelRight className="size-5" aria-hidden="true" />
        </button>
      )}
    </header>
  );
}

function Label({ children }: { children: ReactNode }) {
  return <span className="sr-only sm:not-sr-only">{children}</span>;
}
