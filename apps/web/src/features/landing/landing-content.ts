import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@tavara/shared/product';
import { ROLE_DASHBOARD_PATHS, type PublicRole } from '@tavara/shared/roles';

/**
 * The landing page's words (spec §2 "Landing page"), as data: the page component only lays them
 * out. Spec strings are word for word; the rest is ours. Features marked as coming are named
 * plainly as such (product notes, lesson 8).
 */
export const HERO = {
  badge: 'Care Coordination Platform',
  title: PRODUCT_NAME,
  tagline: PRODUCT_TAGLINE,
  intro:
    'Families in Trinidad and Tobago finding care for a loved one, care professionals finding work and training, and neighbours who want to help — brought together in one place. Tell us what you need in a short chat, and we will take it from there.',
  getStarted: 'Get Started',
  learnMore: 'About us',
} as const;

/** Spec: 'Who is {product} For?' — the section Get Started scrolls to. */
export const ROLES_SECTION = {
  id: 'who-is-it-for',
  title: `Who is ${PRODUCT_NAME} For?`,
  intro: 'Choose the path that fits you. Each one starts with a short, friendly chat — or a form, if you prefer.',
} as const;

export interface RoleCard {
  role: PublicRole;
  /** Spec: the toast reads 'Welcome to the {title} Dashboard! …'. */
  title: string;
  tagline: string;
  features: readonly [string, string, string, string, string, string];
  cta: string;
  to: string;
}

export const ROLE_CARDS: readonly RoleCard[] = [
  {
    role: 'family',
    title: 'Family',
    tagline: 'For families arranging care for a parent, partner or child.',
    features: [
      'Describe your loved one’s needs once, in a short chat',
      'Find nurses, aides and caregivers near you',
      'Build a care plan with shifts and tasks',
      'Keep track of medications and doses',
      'Share updates with the whole family',
      'Keep your loved one’s story private',
    ],
    cta: 'Find Care Now',
    to: ROLE_DASHBOARD_PATHS.family,
  },
  {
    role: 'professional',
    title: 'Professional',
    tagline: 'For nurses, aides, therapists, specialists and agencies.',
    features: [
      'Show your skills, certifications and experience',
      'Set the shifts and areas you want to work',
      'Get matched with families who need you',
      'See your assignments and schedule in one place',
      'Grow with free training modules',
      'Agree your rate and get paid directly by families',
    ],
    cta: 'Get Hired as a Skilled Care Professional',
    to: ROLE_DASHBOARD_PATHS.professional,
  },
  {
    role: 'community',
    title: 'Community',
    tagline: 'For volunteers, organisers, advocates and anyone who wants to help.',
    features: [
      'Offer your time, skills or resources',
      'Support caregivers in your area',
      'Join care circles and support groups',
      'Hear about events and workshops',
      'Share what you know with new caregivers',
      'Help shape the features we build next',
    ],
    cta: 'Join the Village',
    to: ROLE_DASHBOARD_PATHS.community,
  },
];

/** Spec §2: the toast after a card's call to action. */
export function roleWelcomeToast(title: string): string {
  return `Welcome to the ${title} Dashboard! Sign in to access all features.`;
}

export const COMMUNITY_SECTION = {
  title: 'Community Engagement',
  intro:
    'Care does not stop at the front door. Neighbours, churches, clubs and community groups already carry much of it — we want to make that help easier to find and to give.',
  items: [
    {
      title: 'Care circles',
      text: 'Small local groups of families and caregivers who look out for each other.',
    },
    {
      title: 'Events and workshops',
      text: 'Support groups, training days and health talks near you.',
    },
    {
      title: 'Shared resources',
      text: 'Guides, contacts and equipment that one family can pass on to the next.',
    },
  ],
  note: 'Care circles, events and the resource library are being built. Community members who join now help us shape them.',
  link: { to: '/community/features-overview', label: 'What community members get' },
} as const;

/** Spec §2: the card to /features. */
export const FUTURE_FEATURES_CARD = {
  title: 'Shape Our Future Features',
  text: 'Tell us what to build next. Every vote counts towards what we work on.',
  points: ['Vote on the features you need most', 'Track progress from planned to launched', 'Get notified on launch'],
  cta: 'See and vote on features',
  to: '/features',
} as const;
