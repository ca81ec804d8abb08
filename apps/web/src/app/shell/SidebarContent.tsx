import { Link, useMatch } from 'react-router';
import { Bug, ChevronsLeft, ChevronsRight, ExternalLink } from 'lucide-react';
import { Logo } from '@/components/ui/Logo';
import { Tooltip } from '@/components/ui/Tooltip';
import { cn } from '@/components/ui/cn';
import { ReportProblemPopover } from '@/features/report-problem';
import { CreditsPanel } from './CreditsPanel';
import { ProfileMenu } from './ProfileMenu';
import { FEEDBACK_ICON, FEEDBACK_URL, HELP_NAV, MAIN_NAV, type NavLinkItem } from './nav-items';

const itemClass =
  'group flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg';

function SidebarLink({ item, isCollapsed }: { item: NavLinkItem; isCollapsed: boolean }) {
  const Icon = item.icon;
  // A plain class string (not NavLink's function form): the tooltip trigger merges classes.
  const isActive = useMatch({ path: item.to, end: false }) !== null;
  return (
    <Tooltip content={item.label} disabled={!isCollapsed}>
      <Link
        to={item.to}
        aria-label={isCollapsed ? item.label : undefined}
        aria-current={isActive ? 'page' : undefined}
        className={cn(
          itemClass,
          isCollapsed && 'justify-center px-0',
          isActive && 'bg-accent-soft text-accent hover:bg-accent-soft hover:text-accent',
        )}
      >
        <Icon className="size-5 shrink-0" aria-hidden="true" />
        {!isCollapsed && <span className="truncate">{item.label}</span>}
      </Link>
    </Tooltip>
  );
}

/** Everything inside the sidebar; shared by the desktop column and the mobile drawer. */
export function SidebarContent({
  isCollapsed,
  onToggleCollapsed,
}: {
  isCollapsed: boolean;
  /** Absent in the mobile drawer, which does not collapse. */
  onToggleCollapsed?: () => void;
}) {
  const FeedbackIcon = FEEDBACK_ICON;
  return (
    <div className="flex h-full flex-col gap-2 p-3">
      <div
        className={cn(
          'flex items-center',
          isCollapsed ? 'flex-col gap-2 pt-1' : 'h-12 justify-between px-2',
        )}
      >
        <Logo isCompact={isCollapsed} />
        {onToggleCollapsed && (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!isCollapsed}
            className="inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
          >
            {isCollapsed ? (
              <ChevronsRight className="size-5" />
            ) : (
              <ChevronsLeft className="size-5" />
            )}
          </button>
        )}
      </div>

      <nav aria-label="Main" className="flex flex-col gap-1">
        {MAIN_NAV.map((item) => (
          <SidebarLink key={item.to} item={item} isCollapsed={isCollapsed} />
        ))}
      </nav>

      <div className="my-2 border-t border-border" role="separator" />

      <nav aria-label="Support" className="flex flex-col gap-1">
        <SidebarLink item={HELP_NAV} isCollapsed={isCollapsed} />
        <ReportProblemPopover tooltip={isCollapsed ? 'Report Problem' : undefined}>
          <button
            type="button"
            className={cn(itemClass, isCollapsed && 'justify-center px-0')}
            aria-label={isCollapsed ? 'Report Problem' : undefined}
          >
            <Bug className="size-5 shrink-0" aria-hidden="true" />
            {!isCollapsed && <span className="truncate">Report Problem</span>}
          </button>
        </ReportProblemPopover>
        <Tooltip content="Leave Feedback" disabled={!isCollapsed}>
          <a
            href={FEEDBACK_URL}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(itemClass, isCollapsed && 'justify-center px-0')}
            aria-label={isCollapsed ? 'Leave Feedback (opens in a new tab)' : undefined}
          >
            <FeedbackIcon className="size-5 shrink-0" aria-hidden="true" />
            {!isCollapsed && (
              <>
                <span className="truncate">Leave Feedback</span>
                <ExternalLink className="ml-auto size-3.5 opacity-60" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </>
            )}
          </a>
        </Tooltip>
      </nav>

      <div className="mt-auto flex flex-col gap-3">
        <CreditsPanel isCollapsed={isCollapsed} />
        <ProfileMenu isCollapsed={isCollapsed} />
      </div>
    </div>
  );
}
