import { KeyRound } from 'lucide-react';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '@tavara/shared/account/account';
import { Button } from '@/components/ui/button';
import { applyFieldErrors, Form, FormTextField, useZodForm } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChangePassword } from '../api/account-api';
import { AccountSection, messageOf } from './account-ui';

const WRONG_CURRENT = 'Your current password is not right.';

/** Change the password (issue 22, item 2): the sign-up rules and words; every other device is signed out. */
export function PasswordSection() {
  const changePassword = useChangePassword();
  const form = useZodForm(changePasswordFormSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } as ChangePasswordFormInput,
  });
  const busy = form.formState.isSubmitting;
  return (
    <AccountSection
      id="password"
      title="Password"
      icon={KeyRound}
      description="At least 8 characters, not a common one. Changing it signs out every other device."
    >
      <Form
        form={form}
        className="flex flex-col gap-3"
        onSubmit={async ({ currentPassword, newPassword }) => {
          try {
            // Resolves once the devices list has been refreshed (the others are signed out).
            await changePassword.mutateAsync({ currentPassword, newPassword });
            form.reset({ currentPassword: '', newPassword: '', confirmPassword: '' });
            toast.success('Your password was changed. Every other device was signed out.');
          } catch (error) {
            if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
              form.setError('currentPassword', { type: 'server', message: WRONG_CURRENT }, { shouldFocus: true });
              return;
            }
            if (!(error instanceof ApiError && applyFieldErrors(form, error.fields))) toast.error(messageOf(error));
          }
        }}
      >
        <FormTextField
          control={form.control}
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <FormTextField
          control={form.control}
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <FormTextField
          control={form.control}
          name="confirmPassword"
          label="New password again"
          type="password"
          autoComplete="new-password"
        />
        <div>
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </Form>
    </AccountSection>
  );
}
