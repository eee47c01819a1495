import { AuthPage } from '@/features/auth/components/auth-page';

/** /auth — the combined sign-in and sign-up page (spec §2). */
export default function SignInRoute() {
  return <AuthPage />;
}
