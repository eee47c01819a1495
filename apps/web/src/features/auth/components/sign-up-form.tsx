import { UserPlus } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { signUpSchema } from '@tavara/shared/auth/sign-up.schema';
import { DEFAULT_ROLE, type PublicRole } from '@tavara/shared/roles';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { EmailField } from '@/components/ui/email-field';
import { TextField } from '@/components/ui/text-field';
import { AuthTimeoutError, loadAccount, runAuthOperation } from '@/lib/auth';
import { AuthRequestError, authClient } from '@/lib/auth-client';
import { LOCAL_KEYS, localStore, SESSION_KEYS, sessionStore } from '@/lib/browser-storage';
import { toast } from '@/lib/toast';
import { AUTH_TOASTS } from '../auth-toasts';
import { EMAIL_VERIFIED_CALLBACK } from '../auth-urls';
import { checkForm, fieldMessage, type FieldErrors } from '../form-errors';
import { RoleChoice } from './role-choice';

const FIELD_ORDER = ['firstName', 'lastName', 'email', 'password'] as const;
type Field = (typeof FIELD_ORDER)[number];

export interface SignUpFormProps {
  /** The role chosen when the form opens (default: spec §2's family). */
  initialRole?: PublicRole;
  email: string;
  onEmailChange: (email: string) => void;
  /** Sign-up worked and waits for the e-mail confirmation (no session yet). */
  onRegistered: (registration: { email: string; role: PublicRole }) => void;
}

/**
 * The Sign Up tab (spec §2, §4 "Sign-up"). With AUTH_AUTO_CONFIRM the server answers with a
 * session: the profile is ensured, the store loads the user and the page's post-login redirect
 * takes over. Otherwise the chosen role is remembered for after the confirmation link.
 */
export function SignUpForm({ initialRole = DEFAULT_ROLE, email, onEmailChange, onRegistered }: SignUpFormProps) {
  const [values, setValues] = useState({ firstName: '', lastName: '', password: '' });
  const [role, setRole] = useState<PublicRole>(initialRole);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const showErrors = (message: string, fields: FieldErrors) => {
    setSummary(message);
    setErrors(fields);
    const first = FIELD_ORDER.find((field) => fields[field] !== undefined);
    const input = first ? formRef.current?.elements.namedItem(first) : null;
    if (input instanceof HTMLInputElement) input.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const check = checkForm(signUpSchema, { ...values, email, role });
    if (!check.ok) return showErrors(check.message, check.fields);
    setSummary(null);
    setErrors({});
    setBusy(true);
    try {
      const result = await runAuthOperation('creating your account', async () => {
        const answer = await authClient.signUp({ ...check.data, callbackURL: EMAIL_VERIFIED_CALLBACK });
        if (answer.signedIn) {
          const ensured = await authClient.ensureProfile().catch((error: unknown) => ({ success: false, error }));
          if (!ensured.success) console.warn('Could not ensure the new profile', ensured.error);
          await loadAccount();
        }
        return answer;
      });
      if (result.signedIn) {
        sessionStore.remove(SESSION_KEYS.skipPostLoginRedirect);
        toast.success(AUTH_TOASTS.accountCreated);
        return;
      }
      localStore.set(LOCAL_KEYS.registeringAs, check.data.role);
      localStore.set(LOCAL_KEYS.registrationRole, check.data.role);
      if (result.emailSent === false && result.message) toast.warning(result.message);
      onRegistered({ email: check.data.email, role: check.data.role });
    } catch (error) {
      setBusy(false);
      // The store has already said 'Operation timed out: …'.
      if (error instanceof AuthTimeoutError) return;
      const known = error instanceof AuthRequestError ? error : undefined;
      if (known?.fields) showErrors(known.message, known.fields);
      toast.error(known?.message || AUTH_TOASTS.signUpFailed);
    }
  }

  const field = (name: Exclude<Field, 'email'>) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((old) => ({ ...old, [name]: event.target.value })),
    error: fieldMessage(errors, summary, name),
  });

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {summary && (
        <Notice tone="error" role="alert">
          {summary}
        </Notice>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <EmailField value={email} onValueChange={onEmailChange} error={fieldMessage(errors, summary, 'email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. A few words together are easy to remember and hard to guess."
        {...field('password')}
      />
      <RoleChoice value={role} onChange={setRole} />
      <Button type="submit" aria-disabled={busy || undefined}>
        <UserPlus aria-hidden="true" className="size-5" />
        {busy ? 'Creating your account...' : 'Create Account'}
      </Button>
    </form>
  );
}
