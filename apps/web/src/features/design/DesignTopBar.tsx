import type { Ref } from 'react';
import { Link } from 'react-router';
import { Columns2, House, MessageSquare } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { VisibilityMenu, type Visibility } from './VisibilityMenu';

/**
 * The design page's top bar: Home, the title, and the mode's own controls (Compare and
 * Visibility for a design; the chat puts its New chat button into `chatToolbar`), then the Chat
 * toggle.
 */
export function DesignTopBar({
  isChat,
  onChatChange,
  chatToolbar,
  compare,
  visibility,
}: {
  isChat: boolean;
  onChatChange: (isChat: boolean) => void;
  /** The chat's slot in the bar, there only in chat mode. */
  chatToolbar: Ref<HTMLDivElement>;
  compare: { isOn: boolean; isPossible: boolean; onChange: (isOn: boolean) => void };
  visibility: { value: Visibility; isSaving: boolean; onChange: (next: Visibility) => void };
}) {
  return (
    <header className="flex items-center gap-2 border-b border-border bg-surface px-3 py-2 md:px-5">
      <Link
        to="/templates"
        aria-label="Home"
        className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-fg hover:bg-surface-2"
      >
        <House className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Home</span>
      </Link>
      <h1 className="truncate text-base font-semibold text-fg">Design</h1>
      <div className="ml-auto flex items-center gap-1.5">
        {isChat && <div ref={chatToolbar} className="contents" />}
        {!isChat && (
          <>
            <Button
              variant="ghost"
              className="h-9 px-2.5"
              aria-pressed={compare.isOn}
              aria-label="Compare before and after"
              disabled={!compare.isPossible}
              onClick={() => compare.onChange(!compare.isOn)}
            >
              <Columns2 className="size-4" aria-hidden="true" />
              <span className="hidden lg:inline">Compare</span>
            </Button>
            <VisibilityMenu
              value={visibility.value}
              onChange={visibility.onChange}
              isSaving={visibility.isSaving}
            />
          </>
        )}
        <button
          type="button"
          aria-pressed={isChat}
          onClick={() => onChatChange(!isChat)}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-lg border px-2.5 text-sm font-medium transition-colors',
            isChat
              ? 'border-accent bg-accent-soft text-accent'
              : 'border-border bg-surface text-fg hover:bg-surface-2',
          )}
        >
          <MessageSquare className="size-4" aria-hidden="true" />
          Chat
        </button>
      </div>
    </header>
  );
}
