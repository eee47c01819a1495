import { useLocation } from 'react-router';
import { CaregiverHealthPage } from '@/features/caregiver-health/caregiver-health-page';
import { ProfessionalProfileHub } from './professional/profile-hub';

/**
 * /professional/profile and /caregiver/health share one lazy module: every lazy entry of the
 * router is part of the landing page's first load, which sits at its 100 kB budget; both pages
 * are small, so each carries the other for that byte budget.
 */
export default function SupportAndProfileRoute() {
  const { pathname } = useLocation();
  return pathname === '/caregiver/health' ? <CaregiverHealthPage /> : <ProfessionalProfileHub />;
}
