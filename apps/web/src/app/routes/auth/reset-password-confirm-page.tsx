import { ResetConfirmPage } from '@/features/auth/components/reset-confirm-page';

/** /auth/reset-password/confirm — the new-password page opened from the e-mail link (spec §2). */
export default function ResetPasswordConfirmRoute() {
  return <ResetConfirmPage />;
}
