import { describe, expect, it } from 'vitest';
import { CARE_AREA_OPTIONS } from './care-areas';
import { CARE_CONDITION_OPTIONS } from './care-conditions';
import { CARE_TYPE_OPTIONS, careTypeCodeSchema } from './care-types';
import { CAREGIVER_TYPE_OPTIONS } from './caregiver-type';
import { getCodeLabel, isCodeOf, type CodeOption } from './code-option';
import { COMMUNICATION_PREFERENCE_OPTIONS } from './communication-preferences';
import { COMMUNITY_ROLE_OPTIONS } from './community-roles';
import { CONTRIBUTION_OPTIONS } from './contributions';
import { FAMILY_CONTACT_METHOD_OPTIONS } from './family-contact-method';
import { PARTICIPATION_MODE_OPTIONS } from './participation-modes';
import { PROFESSIONAL_CONDITION_EXPERIENCE_OPTIONS } from './professional-condition-experience';
import { PROFESSIONAL_CONTACT_METHOD_OPTIONS } from './professional-contact-method';
import { PROFESSIONAL_QUALIFICATION_OPTIONS } from './professional-qualifications';
import { PROFESSIONAL_ROLE_OPTIONS, professionalRoleCodeSchema } from './professional-role';
import { RELATIONSHIP_OPTIONS, relationshipCodeSchema } from './relationship';
import { SHIFT_OPTIONS, shiftCodeSchema } from './shifts';
import { SPECIALIZED_REQUIREMENT_OPTIONS } from './specialized-requirements';
import { TECHNOLOGY_INTEREST_OPTIONS } from './technology-interests';
import { TT_REGION_OPTIONS } from './tt-regions';
import { WORK_TYPE_OPTIONS } from './work-type';
import { YES_NO_OPTIONS } from './yes-no';
import { YEARS_OF_EXPERIENCE_OPTIONS } from './years-of-experience';

const ALL_LISTS: Record<string, readonly CodeOption[]> = {
  RELATIONSHIP_OPTIONS,
  CAREGIVER_TYPE_OPTIONS,
  FAMILY_CONTACT_METHOD_OPTIONS,
  PROFESSIONAL_CONTACT_METHOD_OPTIONS,
  PROFESSIONAL_ROLE_OPTIONS,
  YEARS_OF_EXPERIENCE_OPTIONS,
  WORK_TYPE_OPTIONS,
  CARE_TYPE_OPTIONS,
  CARE_CONDITION_OPTIONS,
  SPECIALIZED_REQUIREMENT_OPTIONS,
  PROFESSIONAL_CONDITION_EXPERIENCE_OPTIONS,
  PROFESSIONAL_QUALIFICATION_OPTIONS,
  SHIFT_OPTIONS,
  COMMUNITY_ROLE_OPTIONS,
  CONTRIBUTION_OPTIONS,
  CARE_AREA_OPTIONS,
  TECHNOLOGY_INTEREST_OPTIONS,
  PARTICIPATION_MODE_OPTIONS,
  COMMUNICATION_PREFERENCE_OPTIONS,
  YES_NO_OPTIONS,
  TT_REGION_OPTIONS,
};

describe('canonical option lists', () => {
  it.each(Object.entries(ALL_LISTS))('%s has unique snake_case codes and a label for each', (_name, options) => {
    const codes = options.map((o) => o.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const option of options) {
      expect(option.code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(option.label.trim()).not.toBe('');
    }
  });

  it('offer the spec relationships plus Grandparent and Legal Guardian', () => {
    expect(RELATIONSHIP_OPTIONS.map((o) => o.label)).toEqual([
      'Parent',
      'Spouse',
      'Child',
      'Sibling',
      'Friend',
      'Grandparent',
      'Legal Guardian',
      'Other',
    ]);
    expect(relationshipCodeSchema.parse('legal_guardian')).toBe('legal_guardian');
    expect(relationshipCodeSchema.safeParse('Legal Guardian').success).toBe(false);
  });

  it('list eleven professional roles and nine care types with examples', () => {
    expect(PROFESSIONAL_ROLE_OPTIONS).toHaveLength(11);
    expect(professionalRoleCodeSchema.options).toContain('gapp');
    expect(CARE_TYPE_OPTIONS).toHaveLength(9);
    expect(CARE_TYPE_OPTIONS.every((o) => o.subtext.length > 0)).toBe(true);
    expect(careTypeCodeSchema.safeParse('in_home_care').success).toBe(true);
  });

  it('use the same codes for family and professional contact methods, with different labels', () => {
    expect(FAMILY_CONTACT_METHOD_OPTIONS.map((o) => o.code).sort()).toEqual(
      PROFESSIONAL_CONTACT_METHOD_OPTIONS.map((o) => o.code).sort(),
    );
    expect(getCodeLabel(FAMILY_CONTACT_METHOD_OPTIONS, 'phone')).toBe('Phone');
    expect(getCodeLabel(PROFESSIONAL_CONTACT_METHOD_OPTIONS, 'phone')).toBe('Phone Call');
    expect(isCodeOf(FAMILY_CONTACT_METHOD_OPTIONS, 'whatsapp')).toBe(true);
    expect(isCodeOf(FAMILY_CONTACT_METHOD_OPTIONS, 'pigeon')).toBe(false);
  });
});

describe('shifts', () => {
  it('are one list in which every fixed shift carries its days and times', () => {
    expect(shiftCodeSchema.options).toContain('weekday_8am_4pm');
    for (const shift of SHIFT_OPTIONS) {
      if (shift.kind === 'fixed') {
        expect(shift.days.length).toBeGreaterThan(0);
        expect(shift.startTime).toMatch(/^\d{2}:\d{2}$/);
        expect(shift.endTime).toMatch(/^\d{2}:\d{2}$/);
        expect(shift.overnight).toBe((shift.endTime ?? '') < (shift.startTime ?? ''));
      } else {
        expect(shift.startTime).toBeNull();
      }
    }
    expect(SHIFT_OPTIONS.map((s) => s.kind)).toEqual(expect.arrayContaining(['flexible', 'live_in', 'custom']));
  });
});
