import { useLocation } from 'react-router';
import { CaregiverMatchingPage } from '@/features/matching/components/caregiver-matching-page';
import { FamilyMatchingPage } from '@/features/matching/components/family-matching-page';

/**
 * /caregiver-matching and /family-matching (issue 19) in one lazy module: one entry in the
 * router's first-load chunk instead of two (the landing page's budget has no room for the second).
 */
export default function MatchingRoute() {
  return useLocation().pathname.startsWith('/family-matching') ? <FamilyMatchingPage /> : <CaregiverMatchingPage />;
}
