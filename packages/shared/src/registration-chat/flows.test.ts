import { describe, expect, it } from 'vitest';
import { PUBLIC_ROLES } from '../roles';
import { isDuplicateBotMessage } from './engine';
import {
  BUDGET_HINT,
  COMMUNITY_FLOW,
  decodeQuestionIndex,
  encodeQuestionIndex,
  FAMILY_FLOW,
  findFlowQuestion,
  isMultiSelectQuestion,
  listFlowQuestions,
  PROFESSIONAL_FLOW,
  REGISTRATION_FLOWS,
  ROLE_OPTIONS,
  SELECT_ALL_HINT,
  type ChatFlow,
} from './flows';

const idsBySection = (flow: ChatFlow) => flow.sections.map((s) => s.questions.map((q) => q.id));
const requiredIds = (flow: ChatFlow) =>
  listFlowQuestions(flow)
    .filter((e) => e.question.required)
    .map((e) => e.question.id);

describe('question flows (spec §3)', () => {
  it('family asks the spec fields in four sections', () => {
    expect(idsBySection(FAMILY_FLOW)).toEqual([
      ['first_name', 'last_name', 'email', 'phone_number', 'care_location'],
      ['care_recipient_name', 'relationship_to_recipient', 'care_type', 'preferred_caregiver_type'],
      ['care_conditions', 'other_special_needs', 'specialized_requirements'],
      [
        'care_schedule',
        'caregiver_preferences',
        'emergency_contact',
        'budget',
        'preferred_contact_method',
        'additional_notes',
      ],
    ]);
    expect(requiredIds(FAMILY_FLOW)).toEqual([
      'first_name',
      'last_name',
      'phone_number',
      'care_location',
      'care_recipient_name',
      'relationship_to_recipient',
    ]);
  });

  it('professional asks the spec fields in four sections and ends with consent', () => {
    expect(idsBySection(PROFESSIONAL_FLOW)).toEqual([
      [
        'first_name',
        'last_name',
        'professional_role',
        'years_experience',
        'certifications',
        'location',
        'phone',
        'email',
        'preferred_contact',
      ],
      ['care_services', 'medical_conditions', 'other_conditions'],
      ['availability', 'work_type', 'additional_qualifications'],
      ['emergency_contact', 'rate', 'notes', 'consent'],
    ]);
    const consent = findFlowQuestion(PROFESSIONAL_FLOW, 'consent')?.question;
    expect(consent?.label).toBe('Do you agree to the Terms of Service and Privacy Policy?');
    expect(consent?.options?.map((o) => o.id)).toEqual(['yes', 'no']);
  });

  it('community asks the spec fields in seven sections; only name, location and phone are required', () => {
    expect(idsBySection(COMMUNITY_FLOW)).toEqual([
      ['full_name', 'location', 'phone', 'email', 'website_or_social'],
      ['roles', 'contributions'],
      ['caregiving_experience', 'care_areas'],
      ['technology_interests'],
      ['participation_modes', 'communication_preferences'],
      ['motivation', 'ideas'],
      ['directory_visibility', 'enable_notifications'],
    ]);
    expect(requiredIds(COMMUNITY_FLOW)).toEqual(['full_name', 'location', 'phone']);
  });

  it.each(PUBLIC_ROLES)('%s: every question is well formed', (role) => {
    const flow = REGISTRATION_FLOWS[role];
    expect(flow.role).toBe(role);
    const ids = listFlowQuestions(flow).map((e) => e.question.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const section of flow.sections) {
      expect(section.title).not.toBe('');
      // The spec encodes positions as section * 10 + question.
      expect(section.questions.length).toBeLessThan(10);
    }
    for (const { question } of listFlowQuestions(flow)) {
      expect(question.id).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(question.label.match(/\?/g)?.length ?? 0).toBeLessThanOrEqual(1);
      const hasOptions = (question.options?.length ?? 0) > 0;
      expect(hasOptions).toBe(['select', 'multiselect', 'checkbox', 'confirm'].includes(question.type));
      if (isMultiSelectQuestion(question)) expect(question.label.endsWith(SELECT_ALL_HINT)).toBe(true);
      if (question.fieldType === 'budget') expect(question.label.endsWith(BUDGET_HINT)).toBe(true);
    }
  });

  it.each(PUBLIC_ROLES)('%s: no question reads like a repeat of the one before it', (role) => {
    const questions = listFlowQuestions(REGISTRATION_FLOWS[role]).map((e) => e.question.label);
    for (let i = 1; i < questions.length; i += 1) {
      expect(isDuplicateBotMessage(questions[i - 1], questions[i] ?? '')).toBe(false);
    }
  });

  it('budget and rate questions end with the hourly-range hint', () => {
    expect(findFlowQuestion(FAMILY_FLOW, 'budget')?.question.label).toMatch(
      /Please specify an hourly range \(e\.g\., \$20-30\/hour\) or say 'Negotiable'\.$/,
    );
    expect(findFlowQuestion(PROFESSIONAL_FLOW, 'rate')?.question.fieldType).toBe('budget');
  });

  it('role options say what will be asked', () => {
    expect(ROLE_OPTIONS.map((o) => o.id)).toEqual(['family', 'professional', 'community']);
    for (const option of ROLE_OPTIONS) expect(option.subtext).toMatch(/I'll ask/);
  });

  it('encode positions as section * 10 + question', () => {
    expect(encodeQuestionIndex(2, 3)).toBe(23);
    expect(decodeQuestionIndex(23)).toEqual({ sectionIndex: 2, questionIndex: 3 });
  });
});
