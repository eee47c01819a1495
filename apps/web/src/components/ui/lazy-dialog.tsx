import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { lazyWithRetry, type LoadFailedProps } from '@/lib/lazy-with-retry';
import { usePageSettledSignal } from '@/lib/page-settled-signal';
import { toast } from '@/lib/toast';

/** What every lazily loaded dialog takes: open unless said otherwise, and a way to close. */
interface DialogProps {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
}

/** While a dialog's code downloads on a slow connection: the tap is answered, the page dimmed. */
function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-ink/50">
      <p role="status" className="rounded-card bg-surface px-6 py-4 text-lg font-semibold shadow-xl">
        Opening...
      </p>
    </div>
  );
}

/**
 * A dialog whose code — its form, the form layer and Radix Dialog — is not part of the page's
 * start (issue 35, decision 046): on a phone the care pages spent a fifth of their JavaScript on
 * dialogs that open only on a tap. The code is asked for once the page has settled (on screen with
 * its data, app/page-settled.ts), so a tap normally finds it here; a tap before that waits for it
 * behind "Opening...". Once opened the dialog stays mounted, so closing animates and gives focus
 * back like any dialog, and what was typed is still there when it opens again. If the code cannot
 * download, a toast says so and the dialog closes; the next tap tries again.
 */
export function lazyDialog<P extends DialogProps>(load: () => Promise<ComponentType<P>>, what: string) {
  function Failed({ open, onOpenChange, retry }: P & LoadFailedProps) {
    useEffect(() => {
      if (open === false) return;
      toast.error(`${what} could not open. Check your connection and try again.`);
      onOpenChange(false);
      retry();
    }, [open, onOpenChange, retry]);
    return null;
  }
  const Dialog = lazyWithRetry<P>(() => load().then((component) => ({ default: component })), Failed, what);

  function LazyDialog(props: P) {
    const open = props.open !== false;
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    const settled = usePageSettledSignal();
    useEffect(() => {
      if (settled) Dialog.preload().catch(() => undefined);
    }, [settled]);
    if (!opened) return null;
    return (
      <Suspense fallback={open ? <DialogLoading /> : null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
