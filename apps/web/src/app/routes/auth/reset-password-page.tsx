import { ResetRequestPage } from '@/features/auth/components/reset-request-page';

/** /auth/reset-password — the reset request page (spec §2). */
export default function ResetPasswordRoute() {
  return <ResetRequestPage />;
}
