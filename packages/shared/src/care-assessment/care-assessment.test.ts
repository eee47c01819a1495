import { describe, expect, it } from 'vitest';
import {
  assessmentNeeds,
  assessmentPrefill,
  assessmentSectionProblems,
  assessmentSummary,
  recipientKey,
} from './care-assessment';

describe('assessmentNeeds', () => {
  it('reads the shared codes matching compares, and nothing is invented when a section is missing', () => {
    expect(assessmentNeeds({})).toEqual({
      careTypes: [],
      shiftCodes: [],
      region: null,
      budget: null,
      conditions: [],
      customHours: null,
    });
    expect(
      assessmentNeeds({
        answers: {
          basic: {
            care_types: ['in_home_care'],
            shifts: ['weekday_8am_4pm', 'live_in'],
            care_region: 'arima',
            budget: '$20-30/hour',
            days: ['sat'],
            shift_start: '09:00',
          },
          medical: { conditions: ['cognitive_disorders'] },
        },
      }),
    ).toEqual({
      careTypes: ['in_home_care'],
      shiftCodes: ['weekday_8am_4pm', 'live_in'],
      region: 'arima',
      budget: '$20-30/hour',
      conditions: ['cognitive_disorders'],
      customHours: { start: '09:00', end: null, days: ['sat'] },
    });
  });
});

describe('assessment answers', () => {
  it('checks codes, times, phones and budgets with the shared messages', () => {
    expect(
      assessmentSectionProblems('basic', { care_types: ['in_home_care'], budget: 'Negotiable', shift_start: '07:30' }),
    ).toEqual({});
    expect(
      Object.keys(
        assessmentSectionProblems('basic', { budget: 'lots', shift_end: '7pm', care_region: 'mars', nope: 'x' }),
      ).sort(),
    ).toEqual(['budget', 'care_region', 'nope', 'shift_end']);
  });

  it('prefills from registration, dropping answers the assessment would refuse', () => {
    const prefill = assessmentPrefill({
      care_location: 'Near San Fernando',
      care_type: ['in_home_care', 'retired_code'],
      budget: 'whatever',
      emergency_contact: 'Anil +1 868 555 1234',
    });
    expect(prefill.basic).toEqual({ care_location: 'Near San Fernando', care_region: 'san_fernando' });
    expect(prefill.emergency).toEqual({ contact_name: 'Anil', contact_phone: '+1 868 555 1234' });
  });

  it('one person per normalised name; the summary shows labels, not codes', () => {
    expect(recipientKey('  Joyce   RAMDASS ')).toBe('joyce ramdass');
    expect(assessmentSummary({ basic: { care_region: 'arima', care_types: ['in_home_care'] } })).toEqual([
      {
        title: 'Basic information',
        lines: [
          { label: 'Region where care happens', value: 'Arima' },
          { label: 'Care needed', value: 'In-Home Care' },
        ],
      },
    ]);
  });
});
