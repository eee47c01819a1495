import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { applyFieldErrors, Form } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * The care pages' form dialog (shifts, invitations, medications, doses): a title, a line saying
 * what the form does (read with the title; an untitled description would leave the dialog
 * unexplained to a screen reader, so it falls back to the title), and the form below.
 */
export function CareDialog({
  open = true,
  onOpenChange,
  title,
  description,
  children,
}: {
  /** Open unless said otherwise: dialogs mounted only while open leave it out. */
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        {description ? (
          <DialogDescription className="mt-1">{description}</DialogDescription>
        ) : (
          <DialogDescription className="sr-only">{title}</DialogDescription>
        )}
        <div className="mt-4">{children}</div>
      </DialogContent>
    </Dialog>
  );
}

/** Cancel and the submit button of a CareDialog's form; the submit says 'Saving...' while busy. */
export function CareDialogButtons({ busy, label }: { busy: boolean; label: string }) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <DialogClose asChild>
        <Button variant="secondary">Cancel</Button>
      </DialogClose>
      <Button type="submit" aria-disabled={busy || undefined}>
        {busy ? 'Saving...' : label}
      </Button>
    </div>
  );
}

/** A failed save: the server's per-field messages beside their fields, else its message (or `fallback`) in a toast. */
export function showSaveError<Input extends FieldValues>(
  form: Pick<UseFormReturn<Input, unknown, unknown>, 'setError'>,
  error: unknown,
  fallback: string,
): void {
  const apiError = error instanceof ApiError ? error : undefined;
  if (!applyFieldErrors(form, apiError?.fields)) toast.error(apiError?.message || fallback);
}

/**
 * A CareDialog around a form-layer form: `onSubmit` saves (and says so, and closes); when it
 * throws, the server's field messages go beside their fields, or `failure` into a toast, and
 * what was typed stays. Cancel and the submit button close the form.
 */
export function CareFormDialog<Input extends FieldValues, Output>({
  form,
  onSubmit,
  failure,
  submitLabel,
  busy,
  summary,
  children,
  ...dialog
}: Omit<Parameters<typeof CareDialog>[0], 'children'> & {
  form: UseFormReturn<Input, unknown, Output>;
  onSubmit: (values: Output) => Promise<unknown>;
  failure: string;
  submitLabel: string;
  /** While the save runs; the form's own submitting state unless the save outlives it. */
  busy?: boolean;
  /** The form's first message once at the top (see Form). */
  summary?: boolean;
  children: ReactNode;
}) {
  return (
    <CareDialog {...dialog}>
      <Form
        form={form}
        summary={summary}
        className="flex flex-col gap-4"
        onSubmit={async (values) => {
          try {
            await onSubmit(values);
          } catch (error) {
            showSaveError(form, error, failure);
          }
        }}
      >
        {children}
        <CareDialogButtons busy={busy ?? form.formState.isSubmitting} label={submitLabel} />
      </Form>
    </CareDialog>
  );
}
