import { useLazyZodForm } from '@/components/ui/form';
import { authActions } from '@/lib/auth-actions';
import { AuthRequestError } from '@/lib/auth-client';
import { resetRedirectTo } from '../auth-urls';

// The schema (and zod with it) downloads when the form is first used: /auth shows this form
// inline and its first load leaves zod out (issue 23).
const loadResetRequestSchema = () =>
  import('@tavara/shared/auth/reset-password.schema').then((module) => module.resetRequestSchema);

/**
 * Sending a password-reset link, shared by the /auth page's inline view and the
 * /auth/reset-password page: the form (the address, checked by the shared schema, its message
 * beside the field and focus back on it) and the submit that asks the server and reports the
 * outcome; each caller words its own success and failure.
 */
export function useResetRequest(
  initialEmail: string,
  on: { sent: (email: string) => void; failed: (serverMessage: string | null) => void },
) {
  const form = useLazyZodForm(loadResetRequestSchema, { defaultValues: { email: initialEmail } });

  async function onSubmit({ email }: { email: string }) {
    try {
      await authActions.requestPasswordReset({ email, redirectTo: resetRedirectTo(email) });
      on.sent(email);
    } catch (failure) {
      on.failed(failure instanceof AuthRequestError && failure.message ? failure.message : null);
    }
  }

  return { form, busy: form.formState.isSubmitting, onSubmit };
}
