import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Check } from 'lucide-react';
import { cn } from './cn';

const ITEM =
  'flex h-9 w-full cursor-pointer items-center gap-2.5 rounded-md px-2.5 text-sm text-fg outline-none select-none data-[highlighted]:bg-surface-2 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50';

/**
 * A menu opened by its trigger: arrow keys move, Enter or Space chooses, Escape closes and focus
 * goes back to the trigger.
 */
export function Menu({
  trigger,
  label,
  children,
  side = 'bottom',
  align = 'start',
}: {
  /** One focusable element (usually a button). */
  trigger: ReactNode;
  /** What screen readers call the open menu. */
  label: string;
  children: ReactNode;
  side?: 'top' | 'bottom';
  align?: 'start' | 'end';
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          aria-label={label}
          side={side}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          className="z-50 min-w-44 rounded-xl border border-border bg-surface p-1 shadow-xl data-[state=open]:animate-[fade-in_120ms]"
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function MenuItem({
  onSelect,
  icon,
  children,
  disabled,
}: {
  onSelect: () => void;
  icon?: ReactNode;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <DropdownMenu.Item className={ITEM} onSelect={onSelect} disabled={disabled}>
      {icon && (
        <span className="text-muted" aria-hidden="true">
          {icon}
        </span>
      )}
      {children}
    </DropdownMenu.Item>
  );
}

/** One choice out of several; the chosen one carries a check mark. */
export function MenuRadioGroup<T extends string>({
  value,
  onChange,
  options,
}: {
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: ReactNode; icon?: ReactNode }[];
}) {
  return (
    <DropdownMenu.RadioGroup value={value} onValueChange={(next) => onChange(next as T)}>
      {options.map((option) => (
        <DropdownMenu.RadioItem
          key={option.value}
          value={option.value}
          className={cn(ITEM, 'pr-8 relative')}
        >
          {option.icon && (
            <span className="text-muted" aria-hidden="true">
              {option.icon}
            </span>
          )}
          {option.label}
          <DropdownMenu.ItemIndicator className="absolute right-2.5 text-accent">
            <Check className="size-4" aria-hidden="true" />
          </DropdownMenu.ItemIndicator>
        </DropdownMenu.RadioItem>
      ))}
    </DropdownMenu.RadioGroup>
  );
}
