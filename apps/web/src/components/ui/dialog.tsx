import { Dialog as RadixDialog } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { type FocusFallback, useFocusReturn } from './focus-return';

/**
 * Radix Dialog (focus trap, Escape, focus return, the page behind hidden from screen readers)
 * with the design system's overlay and surfaces. Import it only from lazily loaded code: Radix
 * Dialog is not part of any page's first load.
 */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

const CONTENT_VARIANTS = {
  /** A centred card, up to 32 rem wide. */
  centered:
    'top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card border border-line p-6 shadow-xl',
  /** A centred card like `centered` that lays out its own padding: a fixed header and footer around a scrolling body. */
  sectioned:
    'top-1/2 left-1/2 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-card border border-line shadow-xl',
  /** The whole viewport. */
  fullscreen: 'inset-0 flex flex-col',
} as const;

export interface DialogContentProps extends ComponentProps<typeof RadixDialog.Content> {
  variant?: keyof typeof CONTENT_VARIANTS;
  /** Where focus goes on close if the control that opened the dialog is gone (focus-return.ts). */
  returnFocusTo?: FocusFallback;
}

/** The dialog's surface, portalled over a dimmed page. Give it a `DialogTitle`. */
export function DialogContent({
  variant = 'centered',
  className,
  children,
  returnFocusTo,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const focusReturn = useFocusReturn(returnFocusTo);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
      <RadixDialog.Content
        className={cn('fixed z-50 bg-surface text-ink focus:outline-none', CONTENT_VARIANTS[variant], className)}
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
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof RadixDialog.Title>) {
  return <RadixDialog.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof RadixDialog.Description>) {
  return <RadixDialog.Description className={cn('text-ink-muted', className)} {...props} />;
}
