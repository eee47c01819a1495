import { useAuth } from '@/lib/auth';

/**
 * Who is reading: null while the session check runs, 'anonymous' signed out, else the user id.
 * `tracks` says whether progress is kept for them (professionals only; the server decides too).
 */
export function useViewer() {
  const auth = useAuth();
  const viewer = auth.user ? auth.user.id : auth.loading ? null : 'anonymous';
  return { viewer, signedIn: auth.user !== null, tracks: auth.role === 'professional' };
}
