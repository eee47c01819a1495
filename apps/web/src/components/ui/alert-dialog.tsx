import { AlertDialog as RadixAlertDialog } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { type FocusFallback, useFocusReturn } from './focus-return';

/**
 * Radix AlertDialog for a confirmation that cannot be undone: focus starts on Cancel, a click
 * outside does not dismiss it, Escape cancels, and focus returns to the button that opened it.
 * Import it only from lazily loaded code.
 */
export const AlertDialog = RadixAlertDialog.Root;
export const AlertDialogCancel = RadixAlertDialog.Cancel;
export const AlertDialogAction = RadixAlertDialog.Action;

export function AlertDialogContent({
  className,
  children,
  returnFocusTo,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof RadixAlertDialog.Content> & {
  /** Where focus goes on close if the control that opened the dialog is gone (focus-return.ts). */
  returnFocusTo?: FocusFallback;
}) {
  const focusReturn = useFocusReturn(returnFocusTo);
  return (
    <RadixAlertDialog.Portal>
      <RadixAlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
      <RadixAlertDialog.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card border border-line bg-surface p-6 text-ink shadow-xl focus:outline-none',
          className,
        )}
        onOpenAutoFocus={(event) => {
          focusReturn.onOpenAutoFocus();
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (!event.defaultPrevented) focusReturn.onCloseAutoFocus(event);
        }}
        {...props}
      >
        {children}
      </RadixAlertDialog.Content>
    </RadixAlertDialog.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof RadixAlertDialog.Title>) {
  return <RadixAlertDialog.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentProps<typeof RadixAlertDialog.Description>) {
  return <RadixAlertDialog.Description className={cn('text-ink-muted', className)} {...props} />;
}
