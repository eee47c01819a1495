import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { useRef, useState } from 'react';
import type { SignUp } from '@tavara/shared/auth/sign-up.schema';
import { DEFAULT_ROLE, ROLE_LABELS, type PublicRole } from '@tavara/shared/roles';
import { Button } from '@/components/ui/button';
import { applyFieldErrors, Form, FormTextField, useLazyZodForm } from '@/components/ui/form';
import { Notice } from '@/components/ui/notice';
import { AuthTimeoutError, loadAccount, runAuthOperation } from '@/lib/auth';
import { authActions } from '@/lib/auth-actions';
import { AuthRequestError } from '@/lib/auth-client';
import { LOCAL_KEYS, localStore, SESSION_KEYS, sessionStore } from '@/lib/browser-storage';
import { toast } from '@/lib/toast';
import { AUTH_TOASTS } from '../auth-toasts';
import { EMAIL_VERIFIED_CALLBACK, INVITATION_PARAM } from '../auth-urls';
import { pointHandoverAt, type ChatSignUpHandover } from '../chat-handover';
import { RoleChoice } from './role-choice';

// The schema (zod, the password rules and their list of common passwords) downloads when the form
// is first used, not with /auth (issue 23).
const loadSignUpSchema = () => import('@tavara/shared/auth/sign-up.schema').then((module) => module.signUpSchema);

export interface SignUpFormProps {
  /** A role chosen before the form opened (the chat's, a dashboard's link); none: the choice shows, family first (spec §2). */
  initialRole?: PublicRole;
  /** Sent here by the chat's hand-over: its role, names and session id (issue 14). */
  handover?: ChatSignUpHandover | null;
  email: string;
  onEmailChange: (email: string) => void;
  /** Sign-up worked and waits for the e-mail confirmation (no session yet). */
  onRegistered: (registration: { email: string; role: PublicRole }) => void;
  /** Opened from an invitation e-mail: the confirmation link brings the invitation first. */
  invitation?: boolean;
}

/**
 * The Sign Up tab (spec §2, §4 "Sign-up"). With AUTH_AUTO_CONFIRM the server answers with a
 * session: the profile is ensured, the store loads the user and the page's post-login redirect
 * takes over. Otherwise the chosen role is remembered for after the confirmation link.
 */
export function SignUpForm({
  initialRole,
  handover = null,
  email,
  onEmailChange,
  onRegistered,
  invitation = false,
}: SignUpFormProps) {
  const form = useLazyZodForm(loadSignUpSchema, {
    defaultValues: {
      firstName: handover?.firstName ?? '',
      lastName: handover?.lastName ?? '',
      email,
      password: '',
      role: initialRole ?? DEFAULT_ROLE,
    },
  });
  const busy = form.formState.isSubmitting;
  const role = form.watch('role') ?? DEFAULT_ROLE;
  const setRole = (next: PublicRole) => form.setValue('role', next);
  // A role chosen before the form opened (the chat's, a dashboard's link) is stated plainly, with
  // a way to change it; otherwise the three choices are shown (family first, spec §2).
  const [choosingRole, setChoosingRole] = useState(initialRole === undefined);
  // Another role than the chat's: said beside the choice, and confirmed before the account is made.
  const chatRole = handover?.sessionId ? handover.role : null;
  const [otherRoleConfirmed, setOtherRoleConfirmed] = useState<PublicRole | null>(null);
  const roleMismatch = chatRole !== null && role !== chatRole;
  const mismatchRef = useRef<HTMLDivElement>(null);

  async function signUp(values: SignUp) {
    if (roleMismatch && otherRoleConfirmed !== values.role) {
      mismatchRef.current?.focus();
      return;
    }
    try {
      const result = await runAuthOperation('creating your account', async () => {
        // The chat travels with the sign-up: the server links it to the new account, so its
        // answers reach the form in whichever browser the confirmation link is opened.
        const answer = await authActions.signUp({
          ...values,
          ...(handover?.serverSessionId ? { chatSessionId: handover.serverSessionId } : {}),
          // The mark rides in the confirmation link, so it works in whichever browser opens it.
          callbackURL: invitation ? `${EMAIL_VERIFIED_CALLBACK}&${INVITATION_PARAM}=1` : EMAIL_VERIFIED_CALLBACK,
        });
        if (answer.signedIn) {
          const ensured = await authActions.ensureProfile().catch((error: unknown) => ({ success: false, error }));
          if (!ensured.success) console.warn('Could not ensure the new profile', ensured.error);
          await loadAccount();
        }
        return answer;
      });
      // Signed up with another role than the chat's: afterwards, that role's own form.
      if (roleMismatch) pointHandoverAt(values.role);
      if (result.signedIn) {
        sessionStore.remove(SESSION_KEYS.skipPostLoginRedirect);
        toast.success(AUTH_TOASTS.accountCreated);
        return;
      }
      localStore.set(LOCAL_KEYS.registeringAs, values.role);
      localStore.set(LOCAL_KEYS.registrationRole, values.role);
      if (result.emailSent === false && result.message) toast.warning(result.message);
      onRegistered({ email: values.email, role: values.role });
    } catch (error) {
      // The store has already said 'Operation timed out: …'.
      if (error instanceof AuthTimeoutError) return;
      const known = error instanceof AuthRequestError ? error : undefined;
      applyFieldErrors(form, known?.fields);
      toast.error(known?.message || AUTH_TOASTS.signUpFailed);
    }
  }

  return (
    <Form form={form} summary onSubmit={signUp} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField control={form.control} name="firstName" label="First name" autoComplete="given-name" />
        <FormTextField control={form.control} name="lastName" label="Last name" autoComplete="family-name" />
      </div>
      <FormTextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        onChange={(event: { target: HTMLInputElement }) => onEmailChange(event.target.value)}
      />
      <FormTextField
        control={form.control}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. A few words together are easy to remember and hard to guess."
      />
      {choosingRole ? (
        <RoleChoice value={role} onChange={setRole} />
      ) : (
        <div className="flex flex-wrap items-center gap-x-2 rounded-lg border border-line bg-canvas px-4 py-2">
          <p>
            You are signing up as a <strong>{ROLE_LABELS[role]}</strong>
          </p>
          <button
            type="button"
            onClick={() => setChoosingRole(true)}
            className="inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4 hover:text-brand-strong"
          >
            Change<span className="sr-only"> role</span>
          </button>
        </div>
      )}
      {roleMismatch && chatRole && (
        <div ref={mismatchRef} tabIndex={-1} className="outline-none">
          <Notice tone="warning" role="status" title={`Your chat answers are for a ${ROLE_LABELS[chatRole]}`}>
            <p>
              As a {ROLE_LABELS[role]} you get the {ROLE_LABELS[role].toLowerCase()} form, and your chat answers will
              not fill it in. They stay saved with your account.
            </p>
            <div className="mt-3 flex flex-col gap-2">
              <Button type="button" variant="secondary" onClick={() => setRole(chatRole)}>
                Sign up as a {ROLE_LABELS[chatRole]}
              </Button>
              <Button
                type="button"
                variant="secondary"
                aria-pressed={otherRoleConfirmed === role}
                onClick={() => setOtherRoleConfirmed(role)}
              >
                Start the {ROLE_LABELS[role].toLowerCase()} form instead
              </Button>
            </div>
            {otherRoleConfirmed === role && (
              <p className="mt-2 font-semibold">
                Fine: after you create your account, you will fill in the {ROLE_LABELS[role].toLowerCase()} form.
              </p>
            )}
          </Notice>
        </div>
      )}
      <p className="text-sm text-ink-muted">
        By creating an account you agree to our{' '}
        <Link to="/terms" target="_blank" className="font-semibold text-brand underline underline-offset-4">
          Terms of Service<span className="sr-only"> (opens in a new tab)</span>
        </Link>{' '}
        and{' '}
        <Link to="/privacy" target="_blank" className="font-semibold text-brand underline underline-offset-4">
          Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
        </Link>
        .
      </p>
      <Button type="submit" aria-disabled={busy || undefined}>
        <UserPlus aria-hidden="true" className="size-5" />
        {busy ? 'Creating your account...' : 'Create Account'}
      </Button>
    </Form>
  );
}
