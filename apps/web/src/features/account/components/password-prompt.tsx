import { confirmPasswordSchema, type ConfirmPasswordInput } from '@tavara/shared/account/account';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { applyFieldErrors, Form, FormTextField, useZodForm } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { AuthRequestError } from '@/lib/auth-client';
import { toast } from '@/lib/toast';
import { messageOf } from './account-ui';

/** Better Auth's wrong-password answer (two-factor set-up and turning it off check the password themselves). */
const WRONG_PASSWORD = 'That password is not right. Please try again.';

/**
 * Asks for the password before a sensitive action (issue 22) and runs `onConfirm` with it. A
 * wrong password is said beside the field and the dialog stays open with what was typed; the
 * dialog closes only when `onConfirm` succeeds.
 */
export function PasswordPrompt({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busyLabel,
  danger,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  danger?: boolean;
  onConfirm: (password: string) => Promise<void>;
  children?: ReactNode;
}) {
  const form = useZodForm(confirmPasswordSchema, { defaultValues: { password: '' } as ConfirmPasswordInput });
  const busy = form.formState.isSubmitting;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset({ password: '' });
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="mt-2">{description}</DialogDescription>
        {children}
        <Form
          form={form}
          className="mt-4 flex flex-col gap-4"
          onSubmit={async ({ password }) => {
            try {
              await onConfirm(password);
              form.reset({ password: '' });
              onOpenChange(false);
            } catch (error) {
              if (error instanceof ApiError && applyFieldErrors(form, error.fields)) return;
              if (error instanceof AuthRequestError && error.code === 'INVALID_PASSWORD') {
                form.setError('password', { type: 'server', message: WRONG_PASSWORD }, { shouldFocus: true });
                return;
              }
              toast.error(messageOf(error));
            }
          }}
        >
          <FormTextField
            control={form.control}
            name="password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            autoFocus
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button
              type="submit"
              aria-disabled={busy || undefined}
              className={danger ? 'bg-danger hover:bg-danger/90' : undefined}
            >
              {busy ? busyLabel : confirmLabel}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
