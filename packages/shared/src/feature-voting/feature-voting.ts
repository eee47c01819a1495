/**
 * Feature voting (spec §3 feature_upvotes, §4 "Pending upvote", §8): the categories and statuses
 * the server stores, their labels, and the messages both sides show. Plain data, no zod, so the
 * web can read it without weight.
 */
export const FEATURE_CATEGORIES = [
  'profile',
  'care',
  'medication',
  'meals',
  'professional',
  'community',
  'additional',
] as const;
export type FeatureCategory = (typeof FEATURE_CATEGORIES)[number];

export const FEATURE_STATUSES = ['planned', 'in_development', 'ready_for_demo', 'launched'] as const;
export type FeatureStatus = (typeof FEATURE_STATUSES)[number];

export const FEATURE_CATEGORY_LABELS: Record<FeatureCategory, string> = {
  profile: 'Profiles',
  care: 'Care coordination',
  medication: 'Medication',
  meals: 'Meals & nutrition',
  professional: 'For care professionals',
  community: 'Community',
  additional: 'More on the way',
};

export const FEATURE_STATUS_LABELS: Record<FeatureStatus, string> = {
  planned: 'Planned',
  in_development: 'In development',
  ready_for_demo: 'Ready for demo',
  launched: 'Launched',
};

/** A feature as `GET /api/features` returns it. */
export interface FeatureSummary {
  id: string;
  title: string;
  description: string;
  category: FeatureCategory;
  status: FeatureStatus;
  voteCount: number;
}

/** Word for word from spec §4 and §8. */
export const VOTE_MESSAGES = {
  recorded: 'Your vote has been recorded!',
  alreadyVoted: 'You have already voted for this feature',
  failed: 'Failed to process your vote',
  withdrawn: 'Your vote has been withdrawn.',
} as const;

/** The `requireAuth` action for an upvote: 'Please sign in to upvote "{title}"'. */
export function upvoteAction(title: string): string {
  return `upvote "${title}"`;
}
