import { useLocation } from 'react-router';
import type { PublicRole } from '@tavara/shared/roles';
import { RegistrationPage } from '@/features/registration/components/registration-page';

/** Both professional paths show the professional form; `professional-fix` is the chat's hand-over target. */
const ROLE_BY_PATH: Readonly<Record<string, PublicRole>> = {
  '/registration/family': 'family',
  '/registration/professional': 'professional',
  '/registration/professional-fix': 'professional',
  '/registration/community': 'community',
};

/** /registration/family, /registration/professional, /registration/professional-fix, /registration/community */
export default function RegistrationRoute() {
  const { pathname } = useLocation();
  const role = ROLE_BY_PATH[pathname] ?? 'family';
  // Keyed by role: moving between two forms starts the second one afresh.
  return <RegistrationPage key={role} role={role} />;
}
