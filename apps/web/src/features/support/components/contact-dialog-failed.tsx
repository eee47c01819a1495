import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import type { LoadFailedProps } from '@/lib/lazy-with-retry';
import type { ContactDialogProps } from './contact-dialog';

/**
 * Stands in for the contact form when its code could not download: says so where the form would
 * be, with Try again (it also loads by itself once the connection is back). Plain markup, no
 * Radix, so it needs nothing else from the network.
 */
export function ContactDialogFailed({ open, onOpenChange, retry }: ContactDialogProps & LoadFailedProps) {
  const retryButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) retryButton.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div className="fixed inset-x-4 bottom-24 z-50 mx-auto max-w-sm rounded-card border border-line bg-surface p-4 shadow-xl">
      <div role="alert">
        <p className="font-semibold">The contact form could not load.</p>
        <p className="mt-1 text-ink-muted">Check your connection: it loads by itself once you are back online.</p>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button ref={retryButton} onClick={retry}>
          Try again
        </Button>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </div>
    </div>
  );
}
