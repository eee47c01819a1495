import { z } from 'zod';
import { recipientNameSchema } from '../care-assessment/care-assessment';
import { hasNulCharacter, NUL_CHARACTER_MESSAGE } from '../validation/safe-text';

/**
 * The family's story of the person they care for (issue 19, item 2) and the legacy page (item 3).
 * Private by default: the family and the plan's accepted team read it. Sharing on the legacy page
 * is a separate choice, and only the fields marked `public` ever leave — never "something only
 * family knows", never the care preferences (health, routines, sensitivities). Product notes,
 * lesson 6: the earlier version published every story without asking.
 */

export interface StoryField {
  readonly id: string;
  readonly label: string;
  readonly kind: 'text' | 'textarea';
  readonly hint?: string;
  /** Shown on the legacy page when the family shares the story. */
  readonly public: boolean;
  readonly group: 'about' | 'care';
}

export const STORY_FIELDS = [
  {
    id: 'personality',
    label: 'Personality traits',
    kind: 'textarea',
    public: true,
    group: 'about',
    hint: 'Warm, stubborn, quick to laugh…',
  },
  { id: 'hobbies', label: 'Hobbies and interests', kind: 'textarea', public: true, group: 'about' },
  { id: 'life_events', label: 'Notable life events', kind: 'textarea', public: true, group: 'about' },
  { id: 'career', label: 'Career and work', kind: 'textarea', public: true, group: 'about' },
  { id: 'family_life', label: 'Family and social life', kind: 'textarea', public: true, group: 'about' },
  { id: 'life_story', label: 'Their life story', kind: 'textarea', public: true, group: 'about' },
  { id: 'joys', label: 'What brings them joy', kind: 'textarea', public: true, group: 'about' },
  {
    id: 'only_family_knows',
    label: 'Something only family knows',
    kind: 'textarea',
    public: false,
    group: 'about',
    hint: 'Stays private: never on the legacy page.',
  },
  { id: 'ideal_caregiver', label: 'Ideal caregiver personality', kind: 'textarea', public: false, group: 'care' },
  { id: 'culture_language', label: 'Culture and language', kind: 'textarea', public: false, group: 'care' },
  { id: 'routines', label: 'Daily routines and rituals', kind: 'textarea', public: false, group: 'care' },
  { id: 'challenges', label: 'Challenges', kind: 'textarea', public: false, group: 'care' },
  { id: 'sensitivities', label: 'Sensitivities', kind: 'textarea', public: false, group: 'care' },
  {
    id: 'matching_requests',
    label: 'Requests for matching a caregiver',
    kind: 'textarea',
    public: false,
    group: 'care',
  },
] as const satisfies readonly StoryField[];

export type StoryFieldId = (typeof STORY_FIELDS)[number]['id'];
export const PUBLIC_STORY_FIELD_IDS = STORY_FIELDS.filter((f) => f.public).map((f) => f.id) as StoryFieldId[];
export const PRIVATE_STORY_FIELD_IDS = STORY_FIELDS.filter((f) => !f.public).map((f) => f.id) as StoryFieldId[];

export const MAX_STORY_TEXT_CHARS = 5000;
export const LEGACY_PAGE_SIZE = 10;
export const MAX_LEGACY_SEARCH_CHARS = 100;
export const MAX_HIDE_REASON_CHARS = 500;

export const STORY_MESSAGES = {
  saved: 'Their story is saved. Only your family and their care team can read it.',
  shared: 'Their story is now on the legacy stories page.',
  withdrawn: 'Their story is no longer on the legacy stories page.',
  tooLong: `Please keep this under ${MAX_STORY_TEXT_CHARS} characters.`,
  birthYear: 'Please enter a year between 1900 and this year, or leave it empty.',
  signInAction: 'tell your story',
  hideReason: 'Please say why the story is hidden (the family will see it).',
  notFound: 'This story is not shared on the legacy page.',
} as const;

const storyText = z
  .string()
  .trim()
  .max(MAX_STORY_TEXT_CHARS, STORY_MESSAGES.tooLong)
  .refine((value) => !hasNulCharacter(value), { message: NUL_CHARACTER_MESSAGE });

/** `PUT /api/family-stories`: a draft or an edit, saved as it is (every field optional). */
export const storyBodySchema = z.object({
  recipientName: recipientNameSchema,
  birthYear: z
    .union([z.literal(''), z.coerce.number({ error: STORY_MESSAGES.birthYear }).int(STORY_MESSAGES.birthYear)])
    .optional()
    .refine((year) => year === undefined || year === '' || (year >= 1900 && year <= new Date().getFullYear()), {
      message: STORY_MESSAGES.birthYear,
    }),
  fields: z.object(
    Object.fromEntries(STORY_FIELDS.map((f) => [f.id, storyText.optional()])) as Record<
      StoryFieldId,
      z.ZodOptional<typeof storyText>
    >,
  ),
});
export type StoryBodyInput = z.input<typeof storyBodySchema>;
export type StoryBody = z.output<typeof storyBodySchema>;

export type StoryAnswers = Partial<Record<StoryFieldId, string>>;

/** The whole story, as the family and the care team read it. */
export interface FamilyStory {
  readonly id: string;
  readonly recipientName: string;
  readonly birthYear: number | null;
  readonly fields: StoryAnswers;
  /** When it went on the legacy page; null while private. */
  readonly sharedAt: string | null;
  /** Hidden from the legacy page by an admin (with the reason the family is shown). */
  readonly hiddenAt: string | null;
  readonly hiddenReason: string | null;
  readonly updatedAt: string;
}

export interface StoryRecipient {
  readonly recipientName: string;
  readonly story: FamilyStory | null;
}

/** `GET /api/family-stories` */
export interface StoryListResponse {
  readonly recipients: StoryRecipient[];
}

/** What the legacy page shows of a shared story: the public fields and nothing else. */
export interface PublicStory {
  readonly id: string;
  readonly name: string;
  readonly birthYear: number | null;
  readonly fields: Partial<Record<StoryFieldId, string>>;
  readonly sharedAt: string;
}

/**
 * Exactly what becomes public — the preview shown before sharing and the legacy page both use
 * this, so what the family sees is what strangers see.
 */
export function publicStoryOf(
  story: Pick<FamilyStory, 'id' | 'recipientName' | 'birthYear' | 'fields'> & { sharedAt: string },
): PublicStory {
  const fields: Partial<Record<StoryFieldId, string>> = {};
  for (const id of PUBLIC_STORY_FIELD_IDS) {
    const value = story.fields[id];
    if (value) fields[id] = value;
  }
  return { id: story.id, name: story.recipientName, birthYear: story.birthYear, fields, sharedAt: story.sharedAt };
}

/** A legacy page entry: name, years and the first lines. */
export interface PublicStorySummary {
  readonly id: string;
  readonly name: string;
  readonly birthYear: number | null;
  readonly excerpt: string;
  readonly sharedAt: string;
}

export const EXCERPT_CHARS = 220;

export function storyExcerpt(fields: Partial<Record<StoryFieldId, string>>): string {
  const first = PUBLIC_STORY_FIELD_IDS.map((id) => fields[id]).find(Boolean) ?? '';
  return first.length > EXCERPT_CHARS ? `${first.slice(0, EXCERPT_CHARS).trimEnd()}…` : first;
}

/** `GET /api/legacy-stories?q=&page=` */
export const legacyQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_LEGACY_SEARCH_CHARS, `Search for at most ${MAX_LEGACY_SEARCH_CHARS} characters.`)
    .optional()
    .default(''),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

export interface LegacyListResponse {
  readonly stories: PublicStorySummary[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

/** `POST /api/admin/legacy-stories/:storyId/hide` */
export const hideStoryBodySchema = z.object({
  reason: z
    .string({ error: STORY_MESSAGES.hideReason })
    .trim()
    .min(1, STORY_MESSAGES.hideReason)
    .max(MAX_HIDE_REASON_CHARS, `Please keep the reason under ${MAX_HIDE_REASON_CHARS} characters.`)
    .refine((value) => !hasNulCharacter(value), { message: NUL_CHARACTER_MESSAGE }),
});

/** `GET /api/care-plans/:planId/story`: the plan's recipient's story for the family and the team. */
export interface PlanStoryResponse {
  readonly recipientName: string;
  readonly story: FamilyStory | null;
}
