/**
 * The query keys of data that several features read or refresh (issue 33): the care plans, their
 * teams, shifts and medications, and the dashboard's figures about them. A feature's own data
 * (matching results, stories, training) keeps its keys in its own `api/` file.
 *
 * Keys are hierarchical: refreshing `careKeys.all` refreshes every care view; a narrower key
 * refreshes less. No feature writes these arrays by hand.
 */
export const careKeys = {
  all: ['care'] as const,
  plans: () => ['care', 'plans'] as const,
  plan: (planId: string, week?: string) => ['care', 'plan', planId, week ?? ''] as const,
  /** The plan's "care details": the family's assessment and story of the person cared for. */
  careDetails: () => ['care', 'care-details'] as const,
  planAssessment: (planId: string) => ['care', 'care-details', planId, 'assessment'] as const,
  planStory: (planId: string) => ['care', 'care-details', planId, 'story'] as const,
  figures: () => ['care', 'figures'] as const,
  schedule: (view: string, date: string) => ['care', 'schedule', view, date] as const,
  assignment: (planId: string) => ['care', 'assignment', planId] as const,
  invitations: () => ['care', 'invitations'] as const,
  feed: () => ['care', 'feed'] as const,
  /** Issue 30: a plan's village (its circle, help requests) and a person's circles and help. */
  village: {
    all: ['care', 'village'] as const,
    circle: (planId: string) => ['care', 'village', planId, 'circle'] as const,
    help: (planId: string, when: 'upcoming' | 'past') => ['care', 'village', planId, 'help', when] as const,
    mine: () => ['care', 'village', 'mine'] as const,
    tasks: () => ['care', 'village', 'tasks'] as const,
    contacts: (planId: string) => ['care', 'village', planId, 'contacts'] as const,
    updates: (planId: string) => ['care', 'village', planId, 'updates'] as const,
    /** Item 3: requests shared with the community member's regions, their regions, their offers. */
    community: () => ['care', 'village', 'community', 'open'] as const,
    regions: () => ['care', 'village', 'community', 'regions'] as const,
    offers: () => ['care', 'village', 'community', 'offers'] as const,
  },
  professionals: (q: string, region: string, careType: string) =>
    ['care', 'professionals', q, region, careType] as const,
  medications: {
    all: ['care', 'medications'] as const,
    list: (planId: string, days: number) => ['care', 'medications', planId, 'list', days] as const,
    day: (planId: string, date: string) => ['care', 'medications', planId, 'day', date] as const,
    report: (planId: string, days: number) => ['care', 'medications', planId, 'report', days] as const,
    figures: () => ['care', 'medications', 'figures'] as const,
  },
};
