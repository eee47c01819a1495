import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { TOOLTIP_DELAY_MS } from '@/config/ui';

/**
 * A tooltip with the spec's 700 ms delay. Each tooltip brings its own provider so that Radix's
 * tooltip code is only loaded by the pages that show one.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            sideOffset={6}
            className="z-50 max-w-xs rounded-lg bg-ink px-3 py-2 text-sm text-white shadow-lg"
          >
            {content}
            <RadixTooltip.Arrow className="fill-ink" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
