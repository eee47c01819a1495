import type { FeatureCategory, FeatureStatus } from '../feature-voting/feature-voting';
import { PUBLIC_ROLES, type PublicRole, type Role } from '../roles';

/**
 * The role dashboards (issue 8): the next-steps checklist as data, the pure function that
 * computes it from what the server knows about a user, the areas each role will get but that
 * are not built yet, and the shape of `GET /api/dashboard/me`. Plain data, no zod: the
 * dashboard page reads it without weight.
 */

/**
 * What the server knows about a user's progress, each read from a real row:
 * - `profileComplete`: spec §4 profile complete (names, and the role's form saved: `profiles.registered_at`);
 * - `chatCompleted`: a registration chat for the user's role, linked to them, with status completed;
 * - `photoAdded`: a profile photo is stored (`profiles.photo_file`).
 */
export interface ChecklistFacts {
  readonly profileComplete: boolean;
  readonly chatCompleted: boolean;
  readonly photoAdded: boolean;
  /** Family: has made a care plan (issue 16). */
  readonly carePlanCreated: boolean;
  /** Professional: is on a care team, having accepted an invitation (issue 16). */
  readonly invitationAccepted: boolean;
}

/** Where an undone step sends the user; the web turns each kind into a link or a button. */
export type ChecklistAction = 'registration-form' | 'registration-chat' | 'care-plan' | 'schedule';

export interface ChecklistStepDefinition {
  /** Stable id (tests and the web key on it). */
  readonly id: string;
  /** The roles that see this step. */
  readonly roles: readonly PublicRole[];
  readonly title: string;
  /** Shown while the step is undone: what it is and why. */
  readonly todo: string;
  /** Shown once it is done. */
  readonly doneText: string;
  /** The label of the undone step's link or button. */
  readonly actionLabel: string;
  readonly action: ChecklistAction;
  readonly isDone: (facts: ChecklistFacts) => boolean;
}

/**
 * The next steps, in the order a new user takes them. A later step (say, "add your first care
 * plan") is one more object here, with one more fact in ChecklistFacts that the server reads.
 */
export const CHECKLIST_STEPS: readonly ChecklistStepDefinition[] = [
  {
    id: 'profile',
    roles: PUBLIC_ROLES,
    title: 'Complete your registration',
    todo: 'Fill in your registration form so we know who you are and how to reach you.',
    doneText: 'Your registration form is saved. You can change it at any time.',
    actionLabel: 'Fill in the form',
    action: 'registration-form',
    isDone: (facts) => facts.profileComplete,
  },
  {
    id: 'chat',
    roles: PUBLIC_ROLES,
    title: 'Finish the registration chat',
    todo: 'Answer our assistant’s questions one at a time, then open the form it prepares: your answers come with you.',
    doneText: 'You finished the registration chat.',
    actionLabel: 'Start the chat',
    action: 'registration-chat',
    isDone: (facts) => facts.chatCompleted,
  },
  {
    id: 'photo',
    roles: PUBLIC_ROLES,
    title: 'Add a profile photo',
    todo: 'A photo helps people recognise you. Add one at the top of your registration form.',
    doneText: 'Your profile photo is added.',
    actionLabel: 'Add a photo',
    action: 'registration-form',
    isDone: (facts) => facts.photoAdded,
  },
  {
    id: 'care-plan',
    roles: ['family'],
    title: 'Create a care plan',
    todo: 'Say when care is needed; Tavara turns it into shifts your care team can take.',
    doneText: 'You have a care plan.',
    actionLabel: 'Create a care plan',
    action: 'care-plan',
    isDone: (facts) => facts.carePlanCreated,
  },
  {
    id: 'invitation',
    roles: ['professional'],
    title: 'Accept an invitation',
    todo: 'When a family invites you to their care team, accept it on your schedule to see the plan and its shifts.',
    doneText: 'You are on a care team.',
    actionLabel: 'Open your schedule',
    action: 'schedule',
    isDone: (facts) => facts.invitationAccepted,
  },
];

export interface ChecklistStep {
  readonly id: string;
  readonly title: string;
  /** `todo` or `doneText`, whichever applies. */
  readonly text: string;
  readonly actionLabel: string;
  readonly action: ChecklistAction;
  readonly done: boolean;
}

export interface Checklist {
  readonly steps: readonly ChecklistStep[];
  readonly doneCount: number;
  readonly totalCount: number;
  /** Whole percent done, 0–100 (0 when there are no steps). */
  readonly percent: number;
}

/**
 * The checklist of `role` given `facts`: the steps meant for that role, in order, each marked
 * done or not, with the counts a progress bar needs. Admins (and unknown roles) have no steps.
 */
export function computeChecklist(
  role: Role | null,
  facts: ChecklistFacts,
  definitions: readonly ChecklistStepDefinition[] = CHECKLIST_STEPS,
): Checklist {
  const steps = definitions
    .filter((definition) => role !== null && (definition.roles as readonly string[]).includes(role))
    .map((definition) => {
      const done = definition.isDone(facts);
      return {
        id: definition.id,
        title: definition.title,
        text: done ? definition.doneText : definition.todo,
        actionLabel: definition.actionLabel,
        action: definition.action,
        done,
      };
    });
  const doneCount = steps.filter((step) => step.done).length;
  const totalCount = steps.length;
  return { steps, doneCount, totalCount, percent: totalCount === 0 ? 0 : Math.round((doneCount / totalCount) * 100) };
}

/** One feature the user voted for, as the dashboard shows it. */
export interface DashboardVote {
  readonly id: string;
  readonly title: string;
  readonly category: FeatureCategory;
  readonly status: FeatureStatus;
}

/** `GET /api/dashboard/me`: everything the signed-in user's dashboard shows, in one answer. */
export interface DashboardData {
  readonly role: Role;
  readonly profile: {
    readonly userId: string;
    /** The name to greet them by (full name, else first and last, else the account name). */
    readonly name: string;
    readonly email: string;
    readonly phone: string | null;
    readonly location: string | null;
    /** Where their photo is served (`GET /api/registration/photo/:userId`), or null. */
    readonly photoUrl: string | null;
    /** When the registration form was first saved, ISO; null: never. */
    readonly registeredAt: string | null;
  };
  readonly facts: ChecklistFacts;
  readonly checklist: Checklist;
  readonly votes: readonly DashboardVote[];
}
