import type { EnsureProfileResult } from '@tavara/shared/auth/profile.schema';
import type { ResetTokenValidation } from '@tavara/shared/auth/reset-password.schema';
import type { PublicRole } from '@tavara/shared/roles';
import { post, request, type SessionUser, type SignUpResult } from './auth-client';

/**
 * The accounts API's calls that only the sign-in, sign-up and password pages make: a module of
 * their own, out of the shell every visitor loads (lib/auth-client.ts keeps the session check and
 * sign-out; the landing page's first-load budget).
 */
export const authActions = {
  /** With two-factor on (and this device not trusted), the answer asks for the second step instead. */
  signIn: (input: { email: string; password: string }) =>
    post<{ user?: SessionUser; twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', input),
  /** The second sign-in step (issue 22): a code from the authenticator app, or a backup code. */
  verifyTotp: (input: { code: string; trustDevice?: boolean }) =>
    post<{ user: SessionUser }>('/api/auth/two-factor/verify-totp', input),
  verifyBackupCode: (input: { code: string; trustDevice?: boolean }) =>
    post<{ user: SessionUser }>('/api/auth/two-factor/verify-backup-code', input),
  signUp: (input: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    role: PublicRole;
    /** The chat this sign-up came from: the server links it to the new account (issue 14). */
    chatSessionId?: string;
    /** Where the confirmation link lands once it has signed the user in. */
    callbackURL: string;
  }) => post<SignUpResult>('/api/auth/sign-up/email', { ...input, name: `${input.firstName} ${input.lastName}` }),
  requestPasswordReset: (input: { email: string; redirectTo: string }) =>
    post<{ status: boolean; message?: string }>('/api/auth/request-password-reset', input),
  resetPassword: (input: { newPassword: string; token: string }) =>
    post<{ status: boolean }>('/api/auth/reset-password', input),
  validateResetToken: (input: { token: string; email: string }, signal?: AbortSignal) =>
    request<ResetTokenValidation>(`/api/auth-extra/reset-token/validate?${new URLSearchParams(input).toString()}`, {
      signal,
    }),
  ensureProfile: () => post<EnsureProfileResult>('/api/profile/ensure', {}),
};
