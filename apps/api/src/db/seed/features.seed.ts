import type { features } from '../schema/features';

type FeatureSeed = Omit<typeof features.$inferInsert, 'createdAt' | 'updatedAt' | 'sortOrder'>;

/**
 * Feature-voting content from product-notes.md ("Seed content for feature voting"). Ids are
 * stable slugs: the seed inserts missing rows only, so an admin's later edits survive restarts.
 */
export const FEATURE_SEED: readonly FeatureSeed[] = [
  {
    id: 'profile-management-family',
    category: 'profile',
    status: 'in_development',
    title: 'Profile Management (Family)',
    description:
      'Keep your family profile and your loved one’s care details in one place, and update them whenever needs change.',
  },
  {
    id: 'profile-management-caregiver',
    category: 'profile',
    status: 'planned',
    title: 'Profile Management (Caregiver)',
    description: 'Show your experience, certifications and availability so families can see what you offer.',
  },
  {
    id: 'profile-management-agency',
    category: 'profile',
    status: 'planned',
    title: 'Profile Management (Agency)',
    description: 'One profile for a care agency with its team, services and service areas.',
  },
  {
    id: 'profile-management-community',
    category: 'profile',
    status: 'planned',
    title: 'Profile Management (Community)',
    description: 'Tell the village how you like to help, and choose whether you appear in the community directory.',
  },
  {
    id: 'activity-care-logs',
    category: 'care',
    status: 'planned',
    title: 'Activity & Care Logs',
    description:
      'Caregivers record each visit — what was done, how your loved one was — so the whole family stays informed.',
  },
  {
    id: 'care-team-chat',
    category: 'care',
    status: 'in_development',
    title: 'Care Team Chat',
    description: 'A private conversation for everyone on a care plan: family, caregivers and nurses.',
  },
  {
    id: 'care-reports',
    category: 'care',
    status: 'planned',
    title: 'Care Reports',
    description: 'Weekly summaries of visits, tasks and medications that you can share with a doctor.',
  },
  {
    id: 'task-routine-templates',
    category: 'care',
    status: 'planned',
    title: 'Task & Routine Templates',
    description: 'Reusable daily routines — morning care, meals, exercises — that caregivers can tick off.',
  },
  {
    id: 'medication-reminders',
    category: 'medication',
    status: 'planned',
    title: 'Medication Reminders',
    description: 'Reminders for each dose, so nothing is missed or doubled.',
  },
  {
    id: 'medication-tracking',
    category: 'medication',
    status: 'planned',
    title: 'Medication Tracking',
    description: 'Record each dose as given, missed or refused, and see adherence over time.',
  },
  {
    id: 'meal-planning-nutrition',
    category: 'meals',
    status: 'in_development',
    title: 'Meal Planning & Nutrition Tracking',
    description: 'Plan meals around special diets and keep track of what was eaten.',
  },
  {
    id: 'hr-admin-services',
    category: 'professional',
    status: 'planned',
    title: 'HR and Admin Services',
    description: 'Help for agencies and independent caregivers with contracts, records and paperwork.',
  },
  {
    id: 'billing-invoicing',
    category: 'professional',
    status: 'planned',
    title: 'Billing & Invoicing',
    description: 'Send clear invoices to families for the hours you worked. Families pay caregivers directly.',
  },
  {
    id: 'on-demand-care-requests',
    category: 'care',
    status: 'planned',
    title: 'On-Demand Care Requests',
    description: 'Ask for short-notice help and reach available caregivers nearby.',
  },
  {
    id: 'professional-dashboard',
    category: 'professional',
    status: 'planned',
    title: 'Professional Dashboard',
    description: 'Your assignments, schedule and messages from families at a glance.',
  },
  {
    id: 'access-professional-tools',
    category: 'professional',
    status: 'planned',
    title: 'Access Professional Tools',
    description: 'Checklists, assessments and care-plan tools for professional caregivers.',
  },
  {
    id: 'caregiver-learning-hub',
    category: 'professional',
    status: 'planned',
    title: 'Caregiver Learning Hub',
    description: 'Training modules from caregiving basics to emergency preparedness, with progress tracking.',
  },
  {
    id: 'agency-training-hub',
    category: 'professional',
    status: 'planned',
    title: 'Agency Training & Development Hub',
    description: 'Training plans an agency can assign to its team and follow up on.',
  },
  {
    id: 'find-care-circles',
    category: 'community',
    status: 'planned',
    title: 'Find Care Circles',
    description: 'Join local groups of families and caregivers who support each other.',
  },
  {
    id: 'view-events',
    category: 'community',
    status: 'planned',
    title: 'View Events',
    description: 'Workshops, support groups and community events near you.',
  },
  {
    id: 'get-involved',
    category: 'community',
    status: 'planned',
    title: 'Get Involved',
    description: 'Find ways to volunteer, mentor or share resources with families who need them.',
  },
  {
    id: 'calendar-integration',
    category: 'additional',
    status: 'planned',
    title: 'Calendar Integration',
    description: 'See care visits and appointments in the calendar you already use.',
  },
  {
    id: 'emergency-alerts-fall-detection',
    category: 'additional',
    status: 'planned',
    title: 'Emergency Alerts & Fall Detection',
    description: 'Alert the family and care team quickly when something goes wrong.',
  },
  {
    id: 'resource-library-training',
    category: 'additional',
    status: 'planned',
    title: 'Resource Library & Training Modules',
    description: 'Guides and short courses for family caregivers, free to read.',
  },
  {
    id: 'insider-access-tech-hub',
    category: 'community',
    status: 'in_development',
    title: 'Insider Access & Tech Innovators Hub',
    description: 'Try new features early and help shape them with your feedback.',
  },
];
