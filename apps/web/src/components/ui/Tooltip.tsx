import type { ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';

export const TOOLTIP_DELAY_MS = 300;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>{children}</RadixTooltip.Provider>;
}

/** A label shown beside its trigger after the spec's 300 ms delay; off when `disabled`. */
export function Tooltip({
  content,
  children,
  side = 'right',
  disabled = false,
}: {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  disabled?: boolean;
}) {
  if (disabled) return <>{children}</>;
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={8}
          className="z-50 rounded-md bg-fg px-2.5 py-1.5 text-xs font-medium text-bg shadow-lg"
        >
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
