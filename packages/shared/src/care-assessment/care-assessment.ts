import { z } from 'zod';
import { CARE_CONDITION_OPTIONS } from '../codes/care-conditions';
import { CARE_TYPE_OPTIONS } from '../codes/care-types';
import { getCodeLabel, type CodeOption } from '../codes/code-option';
import { FAMILY_CONTACT_METHOD_OPTIONS } from '../codes/family-contact-method';
import { RELATIONSHIP_OPTIONS } from '../codes/relationship';
import { SHIFT_OPTIONS } from '../codes/shifts';
import { TT_REGION_OPTIONS } from '../codes/tt-regions';
import { YES_NO_OPTIONS } from '../codes/yes-no';
import { validateBudget, validatePhone } from '../validation/chat-input';
import { hasNulCharacter, NUL_CHARACTER_MESSAGE } from '../validation/safe-text';

/**
 * The care needs assessment (issue 19, item 1): one per care recipient, saved a section at a time
 * so a long form is never lost. The sections and their fields are data: the page draws its form
 * from them and the server checks a section with the same `assessmentSectionProblems`. Codes come
 * from `codes/` (care types, shifts, regions, conditions, relationship, contact method) — the same
 * the family registration form stores, so matching compares like with like (product notes, lesson 2).
 */

const DAY_OPTIONS = [
  { code: 'mon', label: 'Monday' },
  { code: 'tue', label: 'Tuesday' },
  { code: 'wed', label: 'Wednesday' },
  { code: 'thu', label: 'Thursday' },
  { code: 'fri', label: 'Friday' },
  { code: 'sat', label: 'Saturday' },
  { code: 'sun', label: 'Sunday' },
] as const satisfies readonly CodeOption[];

export const DAILY_LIVING_OPTIONS = [
  { code: 'bathing', label: 'Bathing' },
  { code: 'dressing', label: 'Dressing' },
  { code: 'toileting', label: 'Toileting and incontinence care' },
  { code: 'oral_care', label: 'Oral care' },
  { code: 'feeding', label: 'Feeding and meal preparation' },
  { code: 'walking_repositioning', label: 'Walking and repositioning' },
  { code: 'medication_reminders', label: 'Medication reminders' },
  { code: 'companionship', label: 'Companionship and supervision' },
  { code: 'naps_rest', label: 'Naps and rest' },
] as const satisfies readonly CodeOption[];

export const COGNITIVE_SUPPORT_OPTIONS = [
  { code: 'dementia_redirection', label: 'Gentle redirection (dementia)' },
  { code: 'memory_reminders', label: 'Memory reminders' },
  { code: 'gentle_engagement', label: 'Gentle engagement and activities' },
  { code: 'wandering_prevention', label: 'Wandering prevention' },
  { code: 'soothing_techniques', label: 'Soothing techniques' },
] as const satisfies readonly CodeOption[];

export const VITALS_OPTIONS = [
  { code: 'blood_pressure', label: 'Blood pressure' },
  { code: 'blood_sugar', label: 'Blood sugar' },
  { code: 'temperature', label: 'Temperature' },
  { code: 'pulse_oxygen', label: 'Pulse and oxygen' },
  { code: 'weight', label: 'Weight' },
] as const satisfies readonly CodeOption[];

export const HOUSEKEEPING_OPTIONS = [
  { code: 'light_cleaning', label: 'Light cleaning' },
  { code: 'laundry', label: 'Laundry' },
  { code: 'dishes', label: 'Washing dishes' },
  { code: 'meal_preparation', label: 'Cooking meals' },
  { code: 'special_diet', label: 'Following a special diet' },
  { code: 'grocery_shopping', label: 'Grocery shopping' },
] as const satisfies readonly CodeOption[];

export const TRANSPORTATION_OPTIONS = [
  { code: 'medical_appointments', label: 'To medical appointments' },
  { code: 'errands', label: 'Errands and shopping' },
  { code: 'social_outings', label: 'Church, visits and outings' },
] as const satisfies readonly CodeOption[];

export const CHECK_IN_OPTIONS = [
  { code: 'photo', label: 'Photo' },
  { code: 'voice', label: 'Voice note' },
  { code: 'written', label: 'Written note' },
] as const satisfies readonly CodeOption[];

export type AssessmentFieldKind = 'text' | 'textarea' | 'phone' | 'budget' | 'time' | 'select' | 'multi';

export interface AssessmentField {
  readonly id: string;
  readonly label: string;
  readonly kind: AssessmentFieldKind;
  readonly options?: readonly CodeOption[];
  readonly hint?: string;
  /** Health information: never leaves the family and the plan's accepted team. */
  readonly health?: boolean;
}

export interface AssessmentSection {
  readonly id: string;
  readonly title: string;
  readonly intro: string;
  readonly fields: readonly AssessmentField[];
}

export const ASSESSMENT_SECTIONS = [
  {
    id: 'basic',
    title: 'Basic information',
    intro: 'Who is cared for, who to call, and when and where care happens.',
    fields: [
      { id: 'primary_contact_name', label: 'Primary contact (name)', kind: 'text' },
      {
        id: 'primary_contact_phone',
        label: 'Primary contact phone',
        kind: 'phone',
        hint: 'With the country code, e.g. +1 868 555 1234',
      },
      { id: 'care_region', label: 'Region where care happens', kind: 'select', options: TT_REGION_OPTIONS },
      { id: 'care_location', label: 'Town or area', kind: 'text' },
      {
        id: 'care_address',
        label: 'Street address where care happens',
        kind: 'text',
        hint: 'Shown on the contact card only to team members with a shift, if you share it',
      },
      { id: 'care_types', label: 'Care needed', kind: 'multi', options: CARE_TYPE_OPTIONS },
      { id: 'shifts', label: 'Preferred shifts', kind: 'multi', options: SHIFT_OPTIONS },
      { id: 'shift_start', label: 'Preferred start time', kind: 'time', hint: 'Only if none of the shifts above fits' },
      { id: 'shift_end', label: 'Preferred end time', kind: 'time' },
      { id: 'days', label: 'Days care is needed', kind: 'multi', options: DAY_OPTIONS },
      { id: 'budget', label: 'Budget', kind: 'budget', hint: 'e.g. $20-30/hour or Negotiable' },
    ],
  },
  {
    id: 'daily_living',
    title: 'Daily living',
    intro: 'The everyday tasks they need a hand with.',
    fields: [
      { id: 'tasks', label: 'Tasks they need help with', kind: 'multi', options: DAILY_LIVING_OPTIONS, health: true },
      { id: 'notes', label: 'How they like these done', kind: 'textarea', health: true },
    ],
  },
  {
    id: 'cognitive',
    title: 'Cognitive and memory support',
    intro: 'Support for memory, mood and confusion, if any.',
    fields: [
      { id: 'support', label: 'Support they need', kind: 'multi', options: COGNITIVE_SUPPORT_OPTIONS, health: true },
      { id: 'notes', label: 'What calms them, what upsets them', kind: 'textarea', health: true },
    ],
  },
  {
    id: 'medical',
    title: 'Medical and special conditions',
    intro: 'Conditions, checks and equipment a caregiver must know about.',
    fields: [
      { id: 'conditions', label: 'Conditions', kind: 'multi', options: CARE_CONDITION_OPTIONS, health: true },
      { id: 'diagnoses', label: 'Diagnoses in your own words', kind: 'textarea', health: true },
      { id: 'vitals', label: 'Checks to do', kind: 'multi', options: VITALS_OPTIONS, health: true },
      { id: 'equipment', label: 'Equipment used (walker, oxygen, hospital bed…)', kind: 'textarea', health: true },
      {
        id: 'fall_monitoring',
        label: 'Do they need watching for falls?',
        kind: 'select',
        options: YES_NO_OPTIONS,
        health: true,
      },
    ],
  },
  {
    id: 'housekeeping',
    title: 'Housekeeping and meals',
    intro: 'Help around the home and in the kitchen.',
    fields: [
      { id: 'tasks', label: 'Help needed', kind: 'multi', options: HOUSEKEEPING_OPTIONS },
      { id: 'meal_notes', label: 'Meals and diet', kind: 'textarea', health: true },
    ],
  },
  {
    id: 'transportation',
    title: 'Transportation',
    intro: 'Trips a caregiver may need to make with them.',
    fields: [
      { id: 'needs', label: 'Trips', kind: 'multi', options: TRANSPORTATION_OPTIONS },
      { id: 'notes', label: 'Anything about travelling with them', kind: 'textarea' },
    ],
  },
  {
    id: 'emergency',
    title: 'Emergency protocol',
    intro: 'Who to call and what to do if something goes wrong.',
    fields: [
      { id: 'contact_name', label: 'Emergency contact (name)', kind: 'text' },
      { id: 'contact_phone', label: 'Emergency contact phone', kind: 'phone' },
      {
        id: 'contact_relationship',
        label: 'Their relationship to the person cared for',
        kind: 'select',
        options: RELATIONSHIP_OPTIONS,
      },
      { id: 'allergies', label: 'Allergies', kind: 'textarea', health: true },
      { id: 'worsening_plan', label: 'What to do if symptoms get worse', kind: 'textarea', health: true },
    ],
  },
  {
    id: 'communication',
    title: 'Communication preferences',
    intro: 'How you would like to hear from the caregiver.',
    fields: [
      { id: 'method', label: 'Preferred way to reach you', kind: 'select', options: FAMILY_CONTACT_METHOD_OPTIONS },
      { id: 'daily_report', label: 'Would you like a daily report?', kind: 'select', options: YES_NO_OPTIONS },
      { id: 'check_in', label: 'Check-ins as', kind: 'multi', options: CHECK_IN_OPTIONS },
    ],
  },
  {
    id: 'cultural',
    title: 'Cultural preferences and notes',
    intro: 'Faith, language, food and customs that matter to them.',
    fields: [
      { id: 'preferences', label: 'Cultural and religious preferences', kind: 'textarea' },
      { id: 'notes', label: 'Anything else a caregiver should know', kind: 'textarea' },
    ],
  },
] as const satisfies readonly AssessmentSection[];

export type AssessmentSectionId = (typeof ASSESSMENT_SECTIONS)[number]['id'];
export const ASSESSMENT_SECTION_IDS = ASSESSMENT_SECTIONS.map((s) => s.id) as [
  AssessmentSectionId,
  ...AssessmentSectionId[],
];
export const assessmentSectionIdSchema = z.enum(ASSESSMENT_SECTION_IDS);

/** A section's answers: text, or a list of codes for `multi` fields. Blank answers are dropped. */
export type SectionAnswers = Record<string, string | string[]>;
export type AssessmentAnswers = Partial<Record<AssessmentSectionId, SectionAnswers>>;

export const MAX_ASSESSMENT_TEXT_CHARS = 2000;
export const MAX_RECIPIENT_NAME_CHARS = 120;

export const ASSESSMENT_MESSAGES = {
  unknownField: 'This is not a question of this section.',
  badOption: 'Please choose one of the options.',
  tooLong: `Please keep this under ${MAX_ASSESSMENT_TEXT_CHARS} characters.`,
  time: 'Please enter a time as HH:MM, e.g. 08:30.',
  recipientName: 'Please enter the name of the person you care for.',
  saved: (title: string) => `${title} saved.`,
} as const;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function getAssessmentSection(id: string): AssessmentSection | undefined {
  return ASSESSMENT_SECTIONS.find((section) => section.id === id);
}

/**
 * Problems of one section's answers, by field id (empty when fine). Blank answers are allowed:
 * every field is optional, so a family can save what they know and come back.
 */
export function assessmentSectionProblems(sectionId: string, answers: Record<string, unknown>): Record<string, string> {
  const section = getAssessmentSection(sectionId);
  const problems: Record<string, string> = {};
  if (!section) return { _: 'Unknown section.' };
  for (const [id, value] of Object.entries(answers)) {
    const field = section.fields.find((f) => f.id === id);
    if (!field) {
      problems[id] = ASSESSMENT_MESSAGES.unknownField;
      continue;
    }
    if (field.kind === 'multi') {
      const codes = field.options ?? [];
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !codes.some((o) => o.code === v))) {
        problems[id] = ASSESSMENT_MESSAGES.badOption;
      }
      continue;
    }
    if (typeof value !== 'string') {
      problems[id] = ASSESSMENT_MESSAGES.badOption;
      continue;
    }
    const text = value.trim();
    if (text === '') continue;
    if (hasNulCharacter(text)) problems[id] = NUL_CHARACTER_MESSAGE;
    else if (text.length > MAX_ASSESSMENT_TEXT_CHARS) problems[id] = ASSESSMENT_MESSAGES.tooLong;
    else if (field.kind === 'select' && !(field.options ?? []).some((o) => o.code === text)) {
      problems[id] = ASSESSMENT_MESSAGES.badOption;
    } else if (field.kind === 'time' && !TIME_PATTERN.test(text)) problems[id] = ASSESSMENT_MESSAGES.time;
    else if (field.kind === 'phone') {
      const result = validatePhone(text);
      if (!result.isValid) problems[id] = result.message;
    } else if (field.kind === 'budget') {
      const result = validateBudget(text);
      if (!result.isValid) problems[id] = result.message;
    }
  }
  return problems;
}

/** What is saved: blank text and empty lists dropped, text trimmed, codes de-duplicated. */
export function normaliseSectionAnswers(sectionId: string, answers: Record<string, string | string[]>): SectionAnswers {
  const section = getAssessmentSection(sectionId);
  const out: SectionAnswers = {};
  for (const field of section?.fields ?? []) {
    const value = answers[field.id];
    if (Array.isArray(value)) {
      // Kept in the options' order, so the same choices always read (and compare) the same.
      const chosen = (field.options ?? []).map((o) => o.code).filter((code) => value.includes(code));
      if (chosen.length > 0) out[field.id] = chosen;
    } else if (typeof value === 'string' && value.trim() !== '') out[field.id] = value.trim();
  }
  return out;
}

export const recipientNameSchema = z
  .string({ error: ASSESSMENT_MESSAGES.recipientName })
  .trim()
  .min(1, ASSESSMENT_MESSAGES.recipientName)
  .max(MAX_RECIPIENT_NAME_CHARS, `Please keep the name under ${MAX_RECIPIENT_NAME_CHARS} characters.`)
  .refine((value) => !hasNulCharacter(value), { message: NUL_CHARACTER_MESSAGE });

/** `PUT /api/care-assessments/sections/:section` */
export const assessmentSectionBodySchema = z.object({
  recipientName: recipientNameSchema,
  answers: z.record(z.string().max(100), z.union([z.string().max(10_000), z.array(z.string().max(100)).max(50)])),
});
export type AssessmentSectionBody = z.infer<typeof assessmentSectionBodySchema>;

/**
 * The key that makes "one per care recipient": the name as typed, trimmed, spaces collapsed and
 * lower-cased, so "Joyce  Ramdass" and "joyce ramdass" are one person of one family.
 */
export function recipientKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

export interface SavedAssessment {
  readonly id: string;
  readonly recipientName: string;
  readonly answers: AssessmentAnswers;
  /** Sections saved at least once, in the form's order. */
  readonly savedSections: AssessmentSectionId[];
  readonly updatedAt: string;
}

/** One person the family cares for, with their saved assessment and what registration knew. */
export interface AssessmentRecipient {
  readonly recipientName: string;
  readonly assessment: SavedAssessment | null;
  /** Answers taken from the family's registration, for sections not saved yet. */
  readonly prefill: AssessmentAnswers;
  /** Care plans for this person (their "care details" show this assessment). */
  readonly planIds: string[];
}

/** `GET /api/care-assessments` */
export interface AssessmentListResponse {
  readonly recipients: AssessmentRecipient[];
}

/** The family's registration answers an assessment starts from (family_details + profile). */
export interface RegistrationPrefillSource {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly phone?: string | null;
  readonly care_location?: string | null;
  readonly care_type?: readonly string[];
  readonly care_conditions?: readonly string[];
  readonly other_special_needs?: string | null;
  readonly care_schedule?: readonly string[];
  readonly emergency_contact?: string | null;
  readonly budget?: string | null;
  readonly preferred_contact_method?: string | null;
  readonly caregiver_preferences?: string | null;
  readonly additional_notes?: string | null;
}

const PHONE_IN_TEXT = /\+?\d[\d\s\-().]{5,}\d/;

/**
 * The assessment's answers from the family's registration: same codes, so they carry over as they
 * are. A town typed at registration that names a region fills the region too. The emergency
 * contact was one line ("Anil, +1 868 555 1234"): its phone number is taken out by pattern and the
 * rest is the name.
 */
export function assessmentPrefill(source: RegistrationPrefillSource): AssessmentAnswers {
  const answers: AssessmentAnswers = {};
  const set = (section: AssessmentSectionId, field: string, value: string | readonly string[] | null | undefined) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value) ? value.length === 0 : (value as string).trim() === '') return;
    const current = answers[section] ?? {};
    current[field] = Array.isArray(value) ? [...value] : (value as string).trim();
    answers[section] = current;
  };
  const contactName = [source.firstName, source.lastName].filter(Boolean).join(' ');
  set('basic', 'primary_contact_name', contactName);
  set('basic', 'primary_contact_phone', source.phone);
  set('basic', 'care_location', source.care_location);
  const town = source.care_location?.trim().toLowerCase();
  const region = town
    ? TT_REGION_OPTIONS.find(
        (r) => r.code !== 'other' && town.includes(r.label.toLowerCase().replace(/ \(tobago\)$/, '')),
      )
    : undefined;
  set('basic', 'care_region', region?.code);
  set('basic', 'care_types', source.care_type);
  set('basic', 'shifts', source.care_schedule);
  if (source.budget && validateBudget(source.budget).isValid) set('basic', 'budget', source.budget);
  set('medical', 'conditions', source.care_conditions);
  set('medical', 'diagnoses', source.other_special_needs);
  if (source.emergency_contact) {
    const phone = PHONE_IN_TEXT.exec(source.emergency_contact)?.[0];
    const name = phone ? source.emergency_contact.replace(phone, '') : source.emergency_contact;
    set('emergency', 'contact_name', name.replace(/^[\s,;:-]+|[\s,;:-]+$/g, ''));
    set('emergency', 'contact_phone', phone);
  }
  set('communication', 'method', source.preferred_contact_method);
  set('cultural', 'notes', [source.caregiver_preferences, source.additional_notes].filter(Boolean).join('\n\n'));
  // Only answers the assessment accepts: a code retired since registration is left out, not saved.
  for (const section of ASSESSMENT_SECTIONS) {
    const given = answers[section.id];
    if (!given) continue;
    const problems = assessmentSectionProblems(section.id, given);
    for (const id of Object.keys(problems)) delete given[id];
  }
  return answers;
}

/**
 * What matching needs from an assessment (issue 19, items 4–5), in the shared codes the family
 * registration form stores: care types (codes/care-types), shifts (codes/shifts), region
 * (codes/tt-regions), budget in the chat's budget format (validateBudget; e.g. "$20-30/hour" or
 * "Negotiable"), condition codes (codes/care-conditions), and custom hours when no listed shift
 * fits. Pure: takes the saved answers, reads nothing else.
 */
export interface AssessmentNeeds {
  careTypes: string[];
  shiftCodes: string[];
  region: string | null;
  budget: string | null;
  conditions: string[];
  customHours: { start: string | null; end: string | null; days: string[] } | null;
}

export function assessmentNeeds(assessment: { answers: AssessmentAnswers } | AssessmentAnswers): AssessmentNeeds {
  const answers: AssessmentAnswers =
    'answers' in assessment && typeof assessment.answers === 'object'
      ? (assessment.answers as AssessmentAnswers)
      : (assessment as AssessmentAnswers);
  const basic = answers.basic ?? {};
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const start = text(basic['shift_start']);
  const end = text(basic['shift_end']);
  const days = list(basic['days']);
  return {
    careTypes: list(basic['care_types']),
    shiftCodes: list(basic['shifts']),
    region: text(basic['care_region']),
    budget: text(basic['budget']),
    conditions: list(answers.medical?.['conditions']),
    customHours: start || end || days.length > 0 ? { start, end, days } : null,
  };
}

/** One answer as people read it: option labels joined, text as typed. */
export function answerText(field: AssessmentField, value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  const options = field.options ?? [];
  if (Array.isArray(value))
    return value.length ? value.map((code) => getCodeLabel(options, code) ?? code).join(', ') : null;
  if (field.kind === 'select') return getCodeLabel(options, value) ?? value;
  return value;
}

/** The saved assessment as sections of label–answer lines (only answered fields), for "care details". */
export function assessmentSummary(
  answers: AssessmentAnswers,
): { title: string; lines: { label: string; value: string }[] }[] {
  return ASSESSMENT_SECTIONS.flatMap((section) => {
    const given = answers[section.id] ?? {};
    const lines = (section.fields as readonly AssessmentField[]).flatMap((field) => {
      const value = answerText(field, given[field.id]);
      return value ? [{ label: field.label, value }] : [];
    });
    return lines.length ? [{ title: section.title, lines }] : [];
  });
}

/** `GET /api/care-plans/:planId/assessment`: the plan's recipient's assessment, if the family made one. */
export interface PlanAssessmentResponse {
  readonly recipientName: string;
  readonly assessment: SavedAssessment | null;
}
