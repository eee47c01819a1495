import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSecurity, AccountSession } from '@tavara/shared/account/account';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';
import { authClient, authPost } from '@/lib/auth-client';
import { RequestError } from '@/lib/request-error';

/** Query keys: everything on the account page under ['account']. */
export const accountKeys = {
  all: ['account'] as const,
  security: ['account', 'security'] as const,
  sessions: ['account', 'sessions'] as const,
  details: ['account', 'details'] as const,
};

export const securityQuery = queryOptions({
  queryKey: accountKeys.security,
  queryFn: (): Promise<AccountSecurity> => unwrap(api.account.security.$get()),
});

export const sessionsQuery = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: async (): Promise<AccountSession[]> => (await unwrap(api.account.sessions.$get())).sessions,
});

/** Name, e-mail and profile (photo) of the signed-in user. */
export const detailsQuery = queryOptions({ queryKey: accountKeys.details, queryFn: () => authClient.getAccount() });

export const useSecurity = () => useQuery(securityQuery);
export const useSessions = () => useQuery(sessionsQuery);
export const useAccountDetails = () => useQuery(detailsQuery);

export const confirmPassword = (password: string) =>
  unwrap(api.account['confirm-password'].$post({ json: { password } }));

export const revokeSession = (sessionId: string) =>
  unwrap(api.account.sessions[':sessionId'].$delete({ param: { sessionId } }));

export const signOutOtherSessions = () => unwrap(api.account.sessions['sign-out-others'].$post());

export const deleteAccount = (password: string) =>
  unwrap(api.account.delete.$post({ json: { password, confirmation: 'DELETE' } }));

/** Downloads the export as a file (the browser's own download, named by the server). */
export async function downloadExport(): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/account/export', { credentials: 'same-origin' });
  } catch {
    throw new RequestError('network', 'Could not reach the server. Please check your connection and try again.', 0);
  }
  if (!response.ok) {
    await unwrap(Promise.resolve(response));
    return;
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'tavara-account.json';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function uploadPhoto(file: File): Promise<{ photoUrl: string }> {
  const form = new FormData();
  form.append('photo', file);
  return unwrap(fetch('/api/registration/photo', { method: 'POST', body: form, credentials: 'same-origin' }));
}

// Better Auth's account endpoints (auth/auth.ts validates and rate-limits each).
export const updateName = (input: { firstName: string; lastName: string }) =>
  authPost<{ status: boolean }>('/api/auth/update-user', input);
export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  authPost<unknown>('/api/auth/change-password', { ...input, revokeOtherSessions: true });
export const changeEmail = (newEmail: string) =>
  authPost<{ status: boolean }>('/api/auth/change-email', { newEmail, callbackURL: '/account?email=changed' });
export const startTwoFactor = (password: string) =>
  authPost<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { password });
export const confirmTwoFactor = (code: string) => authPost<unknown>('/api/auth/two-factor/verify-totp', { code });
export const disableTwoFactor = (password: string) =>
  authPost<{ status: boolean }>('/api/auth/two-factor/disable', { password });
export const newBackupCodes = (password: string) =>
  authPost<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { password });

// The account page's writes, through the one refresh map (domain/refresh.ts); each refreshes the
// part of the page it changes. Changing the e-mail (the address changes when the link is opened),
// confirming the password and deleting the account (signing out clears the cache) refresh nothing.
export const useUploadPhoto = () => useRefreshingMutation('account', uploadPhoto, [accountKeys.details]);
export const useUpdateName = () => useRefreshingMutation('account', updateName, [accountKeys.details]);
export const useChangePassword = () => useRefreshingMutation('account', changePassword, [accountKeys.sessions]);
/** Signing a device out refreshes the list after a failure too: a 404 means it is gone already. */
export const useRevokeSession = () =>
  useRefreshingMutation('account', revokeSession, { alsoRefresh: [accountKeys.sessions], refreshOnError: true });
export const useSignOutOtherSessions = () =>
  useRefreshingMutation('account', signOutOtherSessions, { alsoRefresh: [accountKeys.sessions], refreshOnError: true });
/** Turning two-factor on or off changes the security summary and the sessions (they are re-signed). */
export const useConfirmTwoFactor = () => useRefreshingMutation('account', confirmTwoFactor, [accountKeys.all]);
export const useDisableTwoFactor = () => useRefreshingMutation('account', disableTwoFactor, [accountKeys.all]);
