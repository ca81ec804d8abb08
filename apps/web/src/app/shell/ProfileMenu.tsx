import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Popover } from 'radix-ui';
import { ChevronsUpDown, CreditCard, LogOut, Monitor, Moon, Settings, Sun } from 'lucide-react';
import { displayName, isEnterpriseTier, pickAvatarGradient, planLabel } from '@adtwin/shared';
import { Avatar } from '@/components/ui/Avatar';
import { cn } from '@/components/ui/cn';
import { useAccount } from '@/lib/account';
import { useTheme, type ThemePreference } from '@/lib/theme';
import { useLogOut } from './use-log-out';

const THEMES: { value: ThemePreference; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

const menuItem =
  'flex h-9 w-full items-center gap-2.5 rounded-md px-2.5 text-sm text-fg hover:bg-surface-2 disabled:opacity-60';

/** The profile button and its popup: Subscription, Settings, Logout, and the theme switch. */
export function ProfileMenu({ isCollapsed }: { isCollapsed: boolean }) {
  const { data: account } = useAccount();
  const { preference, setPreference } = useTheme();
  const [isOpen, setIsOpen] = useState(false);
  const logOut = useLogOut();
  const isLoggingOut = logOut.isPending;
  const firstItem = useRef<HTMLAnchorElement>(null);
  if (!account) return null;

  const name = displayName(account.fullName, account.email);
  const tier = account.profile.subscriptionTier;
  const gradient = pickAvatarGradient(account.id);

  function moveThemeChoice(event: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const index = THEMES.findIndex((theme) => theme.value === preference);
    const next = THEMES[(index + step + THEMES.length) % THEMES.length]!;
    setPreference(next.value);
    event.currentTarget
      .querySelector<HTMLButtonElement>(`[data-theme-choice="${next.value}"]`)
      ?.focus();
  }

  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          className={cn(
            'flex w-full items-center gap-3 rounded-xl p-2 text-left hover:bg-surface-2',
            isCollapsed && 'justify-center',
          )}
        >
          <Avatar imageUrl={account.avatarUrl} name={name} gradient={gradient} />
          {/* The name read out holds what the button shows (the person's name and plan). */}
          <span className="sr-only">Account menu for</span>
          {isCollapsed && <span className="sr-only">{name}</span>}
          {!isCollapsed && (
            <>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm font-medium text-fg">{name}</span>
                <span
                  className={cn(
                    'truncate text-xs font-medium',
                    isEnterpriseTier(tier) ? 'text-purple-600 dark:text-purple-400' : 'text-accent',
                  )}
                  data-testid="plan-label"
                >
                  {planLabel(tier)}
                </span>
              </span>
              <ChevronsUpDown className="size-4 text-muted" aria-hidden="true" />
            </>
          )}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-border bg-surface p-1.5 shadow-xl"
          aria-label="Account"
          // The first item takes focus (Radix would pick Logout's neighbour order otherwise), so
          // Enter pressed twice never signs out by surprise.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            firstItem.current?.focus();
          }}
        >
          <div className="flex flex-col px-2.5 py-2">
            <span className="truncate text-sm font-medium">{name}</span>
            <span className="truncate text-xs text-muted">{account.email}</span>
          </div>
          <div className="my-1 border-t border-border" />
          <Link
            ref={firstItem}
            to="/subscription"
            className={menuItem}
            onClick={() => setIsOpen(false)}
          >
            <CreditCard className="size-4 text-muted" aria-hidden="true" />
            Subscription
          </Link>
          <Link to="/settings" className={menuItem} onClick={() => setIsOpen(false)}>
            <Settings className="size-4 text-muted" aria-hidden="true" />
            Settings
          </Link>
          <button
            type="button"
            className={menuItem}
            onClick={() => logOut.mutate(undefined, { onSettled: () => setIsOpen(false) })}
            disabled={isLoggingOut}
          >
            <LogOut className="size-4 text-muted" aria-hidden="true" />
            {isLoggingOut ? 'Logging out...' : 'Logout'}
          </button>
          <div className="my-1 border-t border-border" />
          <div className="px-2.5 pb-1 pt-1.5 text-xs font-medium text-muted" id="theme-label">
            Preferences
          </div>
          <div
            role="radiogroup"
            aria-labelledby="theme-label"
            className="grid grid-cols-3 gap-1 p-1"
            onKeyDown={moveThemeChoice}
          >
            {THEMES.map(({ value, label, icon: Icon }) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={preference === value}
                // One stop for Tab; arrow keys move within the choice (a radio group's keys).
                tabIndex={preference === value ? 0 : -1}
                data-theme-choice={value}
                onClick={() => setPreference(value)}
                className={cn(
                  'flex flex-col items-center gap-1 rounded-md py-2 text-xs',
                  preference === value
                    ? 'bg-accent-soft text-accent'
                    : 'text-muted hover:bg-surface-2 hover:text-fg',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </button>
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
