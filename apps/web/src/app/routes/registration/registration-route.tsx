import { useLocation } from 'react-router';
import { registrationRoleOfPath } from '@tavara/shared/registration-paths';
import { MatchingVisibilityCard } from '@/features/matching/components/visibility-card';
import { RegistrationPage } from '@/features/registration/components/registration-page';

/** /registration/family, /registration/professional, /registration/professional-fix, /registration/community */
export default function RegistrationRoute() {
  const { pathname } = useLocation();
  const role = registrationRoleOfPath(pathname) ?? 'family';
  // Keyed by role: moving between two forms starts the second one afresh.
  // Families and professionals choose here, beside their answers, whether they can be found (issue 19).
  const extra = role === 'community' ? undefined : <MatchingVisibilityCard role={role} />;
  return <RegistrationPage key={role} role={role} extra={extra} />;
}
