import { ROLE_DASHBOARD_PATHS, type Role } from './roles';

/** One page of a role's menu (navigation.test.ts checks each `to` is a page of routes.ts). */
export interface NavPage {
  readonly to: string;
  readonly label: string;
}

const account: NavPage = {
  to: '/account',
  label: 'Account',
};
const notifications: NavPage = {
  to: '/settings/notifications',
  label: 'Notification settings',
};
const legacyStories: NavPage = {
  to: '/legacy-stories',
  label: 'Legacy stories',
};
/** Issue 30: the care circles someone helps in (any role may be invited to one). */
const careCircles: NavPage = {
  to: '/circles',
  label: 'Care circles',
};
const caregiverHealth: NavPage = {
  to: '/caregiver/health',
  label: 'Caregiver health',
};

/**
 * The pages each role may use, in the order its menus list them: the ONE table both the phone
 * menu and the desktop Navigation menu are built from (issue 31), so a page a role may use is in
 * its menu at every width. e2e/shell/phone-journeys.spec.ts walks it for every role at 360 and 1280 px.
 * The first entry is the role's dashboard; `Account` closes every list.
 */
export const ROLE_NAV_PAGES: Readonly<Record<Role, readonly NavPage[]>> = {
  family: [
    {
      to: ROLE_DASHBOARD_PATHS.family,
      label: 'Family Dashboard',
    },
    {
      to: '/family/care-management',
      label: 'Care management',
    },
    careCircles,
    {
      to: '/family/care-assessment',
      label: 'Care needs assessment',
    },
    {
      to: '/family/story',
      label: 'Family story',
    },
    {
      to: '/caregiver-matching',
      label: 'Caregiver matching',
    },
    {
      to: '/family/message-board',
      label: 'Message board',
    },
    caregiverHealth,
    legacyStories,
    notifications,
    account,
  ],
  professional: [
    {
      to: ROLE_DASHBOARD_PATHS.professional,
      label: 'Professional Dashboard',
    },
    {
      to: '/professional/schedule',
      label: 'Schedule',
    },
    careCircles,
    {
      to: '/professional/profile',
      label: 'Professional profile',
    },
    {
      to: '/family-matching',
      label: 'Family matching',
    },
    {
      to: '/professional/training-resources',
      label: 'Training resources',
    },
    {
      to: '/professional/message-board',
      label: 'Message board',
    },
    caregiverHealth,
    legacyStories,
    notifications,
    account,
  ],
  community: [
    {
      to: ROLE_DASHBOARD_PATHS.community,
      label: 'Community Dashboard',
    },
    careCircles,
    {
      to: '/community/features-overview',
      label: 'Community features',
    },
    legacyStories,
    {
      to: '/family/message-board',
      label: 'Message boards',
    },
    caregiverHealth,
    notifications,
    account,
  ],
  admin: [
    {
      to: ROLE_DASHBOARD_PATHS.admin,
      label: 'Admin Dashboard',
    },
    {
      to: '/dashboard/admin?tab=support',
      label: 'Support requests',
    },
    {
      to: '/dashboard/admin?tab=votes',
      label: 'Feature votes',
    },
    {
      to: '/admin/user-journey',
      label: 'User Journey',
    },
    {
      to: '/family/message-board',
      label: 'Message boards',
    },
    notifications,
    account,
  ],
};

/** The public pages every menu starts with (spec §2: About, Features). */
export const PUBLIC_NAV_PAGES: readonly Pick<NavPage, 'to' | 'label'>[] = [
  { to: '/about', label: 'About' },
  { to: '/features', label: 'Features' },
];
