import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { saveRegistration } from '../../testing/registration-requests';
import { createTestApp, type TestApp } from '../../testing/test-app';

const RECIPIENT = 'Joyce Ramdass';

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

describe('care needs assessment', () => {
  let t: TestApp;
  let family: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    family = await createVerifiedUser(t, { role: 'family', firstName: 'Keisha', lastName: 'Ramdass' });
    const registered = await saveRegistration(family.client, 'family', {
      first_name: 'Keisha',
      last_name: 'Ramdass',
      phone_number: '+1 868 555 1234',
      care_location: 'Arima',
      care_recipient_name: RECIPIENT,
      relationship_to_recipient: 'parent',
      care_type: ['in_home_care', 'cognitive_memory_care'],
      care_conditions: ['cognitive_disorders'],
      care_schedule: ['weekday_8am_4pm'],
      budget: '$20-30/hour',
      emergency_contact: 'Anil Ramdass, +1 868 555 9999',
      preferred_contact_method: 'whatsapp',
    });
    expect(registered.status, await registered.text()).toBe(200);
  });
  afterAll(() => t.close());

  it('starts from the registration answers, in the same codes', async () => {
    const { recipients } = await json<{
      recipients: { recipientName: string; assessment: null; prefill: Record<string, Record<string, unknown>> }[];
    }>(await family.client.get('/api/care-assessments'));
    expect(recipients).toHaveLength(1);
    expect(recipients[0]!.recipientName).toBe(RECIPIENT);
    expect(recipients[0]!.assessment).toBeNull();
    expect(recipients[0]!.prefill).toMatchObject({
      basic: {
        primary_contact_name: 'Keisha Ramdass',
        primary_contact_phone: '+1 868 555 1234',
        care_location: 'Arima',
        care_region: 'arima',
        care_types: ['in_home_care', 'cognitive_memory_care'],
        shifts: ['weekday_8am_4pm'],
        budget: '$20-30/hour',
      },
      medical: { conditions: ['cognitive_disorders'] },
      emergency: { contact_name: 'Anil Ramdass', contact_phone: '+1 868 555 9999' },
      communication: { method: 'whatsapp' },
    });
  });

  it('saves a section at a time; a bad answer is named beside its field and nothing else is lost', async () => {
    const bad = await send(family.client, 'PUT', '/api/care-assessments/sections/basic', {
      recipientName: RECIPIENT,
      answers: { care_types: ['in_home_care', 'rocket_science'], primary_contact_phone: '12', shift_start: '25:00' },
    });
    const body = await json<{ error: { fields: Record<string, string> } }>(bad, 422);
    expect(Object.keys(body.error.fields).sort()).toEqual(['care_types', 'primary_contact_phone', 'shift_start']);

    const basic = await json<{ savedSections: string[]; answers: Record<string, unknown> }>(
      await send(family.client, 'PUT', '/api/care-assessments/sections/basic', {
        recipientName: RECIPIENT,
        answers: {
          care_types: ['cognitive_memory_care', 'in_home_care'],
          care_region: 'arima',
          budget: 'Negotiable',
          care_location: ' ',
        },
      }),
    );
    // Options' order, blanks dropped.
    expect(basic.answers).toEqual({
      basic: { care_types: ['in_home_care', 'cognitive_memory_care'], care_region: 'arima', budget: 'Negotiable' },
    });

    // Two sections at once from two phones: both land in the one assessment.
    await Promise.all([
      send(family.client, 'PUT', '/api/care-assessments/sections/daily_living', {
        recipientName: RECIPIENT,
        answers: { tasks: ['bathing'] },
      }),
      send(family.client, 'PUT', '/api/care-assessments/sections/emergency', {
        recipientName: ' joyce  ramdass ',
        answers: { contact_name: 'Anil', allergies: 'Penicillin' },
      }),
    ]);
    const { recipients } = await json<{
      recipients: { assessment: { savedSections: string[]; answers: Record<string, unknown> } }[];
    }>(await family.client.get('/api/care-assessments'));
    expect(recipients).toHaveLength(1);
    expect(recipients[0]!.assessment.savedSections).toEqual(['basic', 'daily_living', 'emergency']);
    expect(recipients[0]!.assessment.answers).toMatchObject({
      daily_living: { tasks: ['bathing'] },
      emergency: { allergies: 'Penicillin' },
    });
  });

  it('an unknown section is a 400, not a 500', async () => {
    const res = await send(family.client, 'PUT', '/api/care-assessments/sections/astrology', {
      recipientName: RECIPIENT,
      answers: {},
    });
    expect(res.status).toBe(400);
  });
});
