import { ROLE_DASHBOARD_PATHS, type Role } from '@tavara/shared/roles';
import { dashboardLabel } from './paths';

export interface PageLink {
  to: string;
  label: string;
}

/**
 * The signed-in user's pages, listed in the navigation bar's "Navigation" menu. A module of its
 * own so that the list loads with the menu, not with every page.
 */
export const ROLE_PAGES: Record<Role, readonly PageLink[]> = {
  family: [
    { to: ROLE_DASHBOARD_PATHS.family, label: dashboardLabel('family') },
    { to: '/family/care-management', label: 'Care management' },
    { to: '/family/care-assessment', label: 'Care needs assessment' },
    { to: '/family/story', label: 'Family story' },
    { to: '/family/message-board', label: 'Message board' },
    { to: '/caregiver-matching', label: 'Caregiver matching' },
  ],
  professional: [
    { to: ROLE_DASHBOARD_PATHS.professional, label: dashboardLabel('professional') },
    { to: '/professional/profile', label: 'Professional profile' },
    { to: '/professional/schedule', label: 'Schedule' },
    { to: '/professional/training-resources', label: 'Training resources' },
    { to: '/professional/message-board', label: 'Message board' },
    { to: '/family-matching', label: 'Family matching' },
  ],
  community: [
    { to: ROLE_DASHBOARD_PATHS.community, label: dashboardLabel('community') },
    { to: '/community/features-overview', label: 'Community features' },
    { to: '/legacy-stories', label: 'Legacy stories' },
    { to: '/features', label: 'Vote on features' },
  ],
  admin: [
    { to: ROLE_DASHBOARD_PATHS.admin, label: dashboardLabel('admin') },
    { to: '/dashboard/admin?tab=support', label: 'Support requests' },
    { to: '/dashboard/admin?tab=votes', label: 'Feature votes' },
    { to: '/admin/user-journey', label: 'User Journey' },
  ],
};
