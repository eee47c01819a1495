import { HandHeart, Stethoscope, Users, type LucideIcon } from 'lucide-react';
import type { PublicRole } from '@tavara/shared/roles';

export interface RoleDashboardContent {
  readonly Icon: LucideIcon;
  /** The signed-out banner's heading under the page title. */
  readonly welcome: string;
  /** What this role is for, in one honest paragraph. */
  readonly intro: string;
  /** What works for this role today — said plainly, nothing that is not built. */
  readonly availableNow: readonly string[];
  /** The signed-out chat button, e.g. "Chat with us about care". */
  readonly chatLabel: string;
  /** Tailwind classes in the role's colour (tokens in styles.css). */
  readonly accent: { readonly text: string; readonly bg: string; readonly soft: string; readonly border: string };
}

/** The words and colours of each public role's dashboard (family blue, professional green, community amber). */
export const ROLE_DASHBOARD_CONTENT: Readonly<Record<PublicRole, RoleDashboardContent>> = {
  family: {
    Icon: Users,
    welcome: 'Welcome, families',
    intro:
      'This is where a family arranging care for a loved one at home finds everything in one place: the care plan, the team you invite and the shifts that cover it.',
    availableNow: [
      'Describe your loved one’s care needs in a guided chat, one question at a time',
      'Fill in your family registration form — prefilled from the chat',
      'Make a care plan, invite professionals and relatives to its team, and turn it into shifts',
      'Vote for the features you want next',
    ],
    chatLabel: 'Chat with us about care',
    accent: { text: 'text-family', bg: 'bg-family', soft: 'bg-family-soft', border: 'border-family' },
  },
  professional: {
    Icon: Stethoscope,
    welcome: 'Welcome, care professionals',
    intro:
      'This is where nurses, aides, therapists, specialists and agencies find families who need their skills, and keep their care work in one schedule.',
    availableNow: [
      'Tell us about your role, experience and availability in a guided chat',
      'Fill in your professional registration form — prefilled from the chat',
      'Join the care teams families invite you to, take shifts and check in and out',
      'Vote for the tools you want next',
    ],
    chatLabel: 'Chat with us about joining',
    accent: {
      text: 'text-professional',
      bg: 'bg-professional',
      soft: 'bg-professional-soft',
      border: 'border-professional',
    },
  },
  community: {
    Icon: HandHeart,
    welcome: 'Welcome, community members',
    intro:
      'This is where volunteers, organisers and neighbours find families near them who need a meal, a ride to the clinic or a visit, and offer to help.',
    availableNow: [
      'Choose the regions where you can help and see what families there need',
      'Offer to help; once a family accepts, you see where and when',
      'Join the care circles families invite you to, and sign up for their help requests',
      'Start discussions and share tips on the family message board',
    ],
    chatLabel: 'Chat with us about helping',
    accent: { text: 'text-community', bg: 'bg-community', soft: 'bg-community-soft', border: 'border-community' },
  },
};

/**
 * What a person finds on each page of their menu (@tavara/shared/navigation), as the dashboard's
 * "Your pages" cards say it. A page missing here shows its name alone.
 */
export const PAGE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '/family/care-management': 'Your care plans, the team you invited, shifts and medications.',
  '/family/care-assessment': 'What your loved one needs help with, for everyone on the team to read.',
  '/family/story': 'Who your loved one is, so every caregiver knows them. Private unless you share it.',
  '/caregiver-matching': 'Registered professionals whose care, hours and area fit your plan, with the reasons.',
  '/family/message-board': 'Professionals who are available, and families’ questions and tips.',
  '/caregiver/health': 'Support for you, the carer: someone to talk to, a break, advice.',
  '/legacy-stories': 'Stories families chose to share about the people they cared for.',
  '/professional/schedule': 'Your shifts across every care team you are on, and invitations to answer.',
  '/professional/profile': 'What families see about you, and the documents our staff check.',
  '/family-matching': 'Families whose care needs fit what you offer, with the reasons.',
  '/professional/training-resources': 'Seven free modules with quizzes and a certificate anyone can verify.',
  '/professional/message-board': 'Care families need, and professionals’ questions and tips.',
  '/community/features-overview': 'What community members can do here today, and what comes next.',
};
