import { REGISTRATION_FORM_PATHS } from '@tavara/shared/registration-paths';
import type { PublicRole } from '@tavara/shared/roles';

export interface RoleOverview {
  role: PublicRole;
  title: string;
  intro: string;
  /** What works today — said plainly (product notes, lesson 8). */
  availableNow: readonly string[];
  /** Feature-voting ids: their titles, descriptions and statuses come from the server's data. */
  featureIds: readonly string[];
  start: { label: string; to: string };
}

/** The three `/…/features-overview` pages' words; statuses come from the feature data. */
export const ROLE_OVERVIEWS: Record<PublicRole, RoleOverview> = {
  family: {
    role: 'family',
    title: 'Family features',
    intro:
      'Everything a family needs to arrange care for a loved one at home — and to keep the whole family in the loop.',
    availableNow: [
      'A guided chat that learns your loved one’s needs one question at a time',
      'Family registration, prefilled from the chat',
      'Votes on the features you want next',
      'Support by WhatsApp and the contact form',
    ],
    featureIds: [
      'profile-management-family',
      'care-team-chat',
      'activity-care-logs',
      'care-reports',
      'task-routine-templates',
      'medication-reminders',
      'medication-tracking',
      'meal-planning-nutrition',
      'on-demand-care-requests',
      'emergency-alerts-fall-detection',
    ],
    start: { label: 'Start as a family', to: REGISTRATION_FORM_PATHS.family },
  },
  professional: {
    role: 'professional',
    title: 'Professional features',
    intro: 'For nurses, aides, therapists, specialists and agencies: find families who need you, and grow your skills.',
    availableNow: [
      'A guided chat about your role, experience, certifications and availability',
      'Professional registration, prefilled from the chat',
      'Votes on the tools you want next',
      'Support by WhatsApp and the contact form',
    ],
    featureIds: [
      'profile-management-caregiver',
      'profile-management-agency',
      'professional-dashboard',
      'access-professional-tools',
      'caregiver-learning-hub',
      'agency-training-hub',
      'hr-admin-services',
      'billing-invoicing',
      'calendar-integration',
    ],
    start: { label: 'Start as a professional', to: REGISTRATION_FORM_PATHS.professional },
  },
  community: {
    role: 'community',
    title: 'Community features',
    intro: 'For volunteers, organisers, advocates and groups who want to support caregivers in their community.',
    availableNow: [
      'A guided chat about how you would like to help',
      'Community registration, prefilled from the chat',
      'Votes on the features you want next',
      'Support by WhatsApp and the contact form',
    ],
    featureIds: [
      'profile-management-community',
      'find-care-circles',
      'view-events',
      'get-involved',
      'resource-library-training',
      'insider-access-tech-hub',
    ],
    start: { label: 'Join the village', to: REGISTRATION_FORM_PATHS.community },
  },
};
