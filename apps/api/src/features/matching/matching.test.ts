import type { ApiErrorBody } from '@tavara/shared/api-error';
import type {
  CaregiverMatchingResponse,
  FamilyMatchingResponse,
  InterestedProfessional,
} from '@tavara/shared/matching/matching';
import { MATCHING_MESSAGES } from '@tavara/shared/matching/matching';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan, send } from '../../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { saveRegistration, VALID_REGISTRATION_FORMS } from '../../testing/registration-requests';
import type { TestClient } from '../../testing/test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Matching both ways (issue 19, items 4 and 5), on a real database (PGlite; PostgreSQL too with
 * TEST_DATABASE_URL): who may ask, who is ever shown (only the listed and the findable), the
 * score and its reasons from the registration answers, filters, and interest once per pair.
 */

const FAMILY = {
  ...VALID_REGISTRATION_FORMS.family,
  first_name: 'Keisha',
  last_name: 'Ramdass',
  care_location: 'Arima',
  care_recipient_name: 'Joyce Ramdass',
  care_type: ['in_home_care', 'medical_support', 'mobility_assistance', 'household_assistance'],
  care_conditions: ['cognitive_disorders'],
  other_special_needs: 'Type 2 diabetes',
  care_schedule: ['weekday_8am_4pm'],
  budget: '$20-30/hour',
};

const PRO = {
  ...VALID_REGISTRATION_FORMS.professional,
  first_name: 'Shivani',
  last_name: 'Persad',
  location: 'Arima',
  years_experience: 'years_5_10',
  care_services: ['in_home_care', 'medical_support', 'mobility_assistance'],
  medical_conditions: ['alzheimers_dementia'],
  availability: ['weekday_8am_6pm'],
  rate: '$25-35/hour',
};

const setVisible = (client: TestClient, visible: boolean) =>
  send(client, 'PUT', '/api/matching/visibility', { visible });
async function professionals(client: TestClient, query = ''): Promise<CaregiverMatchingResponse> {
  const res = await client.get(`/api/matching/professionals${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as CaregiverMatchingResponse;
}
async function families(client: TestClient, query = ''): Promise<FamilyMatchingResponse> {
  const res = await client.get(`/api/matching/families${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as FamilyMatchingResponse;
}
const ids = (r: CaregiverMatchingResponse) => r.matches.map((m) => m.professional.id);

describe('matching', () => {
  let t: TestApp;
  let family: TestUser;
  let otherFamily: TestUser;
  let listed: TestUser;
  let unlisted: TestUser;
  let farAway: TestUser;
  let community: TestUser;
  let admin: TestUser;

  async function registered(role: 'family' | 'professional', answers: Record<string, unknown>) {
    const u = await createVerifiedUser(t, { role });
    expect((await saveRegistration(u.client, role, answers)).status).toBe(200);
    return u;
  }

  beforeAll(async () => {
    t = await createTestApp();
    family = await registered('family', FAMILY);
    otherFamily = await registered('family', {
      ...FAMILY,
      first_name: 'Andre',
      last_name: 'Baptiste',
      care_location: 'Scarborough, Tobago',
      care_recipient_name: 'Winston Baptiste',
      care_type: ['household_assistance'],
      care_schedule: ['weekend_8am_6pm'],
      budget: 'Negotiable',
    });
    listed = await registered('professional', PRO);
    unlisted = await registered('professional', { ...PRO, first_name: 'Ravi', last_name: 'Hidden' });
    farAway = await registered('professional', {
      ...PRO,
      first_name: 'Natalie',
      last_name: 'Thomas',
      location: 'Point Fortin',
      years_experience: 'years_1_3',
      care_services: ['household_assistance'],
      medical_conditions: [],
      availability: ['weekend_6am_6pm'],
      rate: '$50/hour',
    });
    community = await createVerifiedUser(t, { role: 'community' });
    admin = await createVerifiedUser(t, { role: 'admin' });
    for (const u of [listed, farAway]) expect((await setVisible(u.client, true)).status).toBe(200);
  });
  afterAll(() => t.close());

  it('signed out 401; community and admin 403; each side only its own routes', async () => {
    const anonymous = t.client();
    const routes: [string, string][] = [
      ['GET', '/api/matching/visibility'],
      ['GET', '/api/matching/professionals'],
      ['GET', '/api/matching/interests'],
      ['GET', '/api/matching/families'],
      ['GET', `/api/matching/professionals/${listed.id}/photo`],
      ['POST', '/api/matching/families/00000000-0000-4000-8000-000000000000/interest'],
    ];
    for (const [method, path] of routes) {
      expect((await send(anonymous, method, path)).status, path).toBe(401);
      expect((await send(community.client, method, path)).status, path).toBe(403);
      expect((await send(admin.client, method, path)).status, path).toBe(403);
    }
    expect((await setVisible(anonymous, true)).status).toBe(401);
    expect((await setVisible(community.client, true)).status).toBe(403);
    expect((await family.client.get('/api/matching/families')).status).toBe(403);
    expect((await listed.client.get('/api/matching/professionals')).status).toBe(403);
    expect((await listed.client.get('/api/matching/interests')).status).toBe(403);
  });

  it('owner vs other: the switch, the interests and the needs are the caller’s own', async () => {
    // The switch: one person's choice never changes another's.
    expect(await (await family.client.get('/api/matching/visibility')).json()).toEqual({ visible: false });
    expect((await setVisible(otherFamily.client, true)).status).toBe(200);
    expect(await (await family.client.get('/api/matching/visibility')).json()).toEqual({ visible: false });
    expect(await (await otherFamily.client.get('/api/matching/visibility')).json()).toEqual({ visible: true });
    // The needs matched on are the asking family's own.
    expect((await professionals(family.client)).needs).toEqual({
      careTypes: ['In-Home Care', 'Medical Support', 'Mobility Assistance', 'Household Assistance'],
      schedule: ['Monday – Friday, 8 AM – 4 PM'],
      region: 'Arima',
      budget: '$20–30 an hour',
    });
    expect((await professionals(otherFamily.client)).needs.region).toBe('Scarborough (Tobago)');
    // Interest shown to one family is never in another family's list.
    const card = (await families(listed.client)).matches.find((m) => m.family.region === 'Scarborough (Tobago)')!;
    expect((await listed.client.post(`/api/matching/families/${card.family.id}/interest`)).status).toBe(201);
    const mine = (await (await otherFamily.client.get('/api/matching/interests')).json()) as {
      interests: InterestedProfessional[];
    };
    expect(mine.interests.map((i) => i.professional.id)).toEqual([listed.id]);
    const theirs = (await (await family.client.get('/api/matching/interests')).json()) as {
      interests: InterestedProfessional[];
    };
    expect(theirs.interests).toEqual([]);
    expect((await setVisible(otherFamily.client, false)).status).toBe(200);
  });

  it('a listed professional is scored with the reasons shown; an unlisted one never appears', async () => {
    const result = await professionals(family.client);
    expect(ids(result)).toContain(listed.id);
    expect(ids(result)).not.toContain(unlisted.id);
    expect(result.listed).toBe(2);
    const match = result.matches.find((m) => m.professional.id === listed.id)!;
    // 0.3 × 3/4 + 0.35 × 1 + 0.2 × 0.75 + 0.15 × 1 = 0.875
    expect(match.score.total).toBe(88);
    expect(match.score.components.map((c) => c.reason)).toEqual([
      'Covers 3 of your 4 care types',
      'Free for all 40 hours a week you need',
      '5–10 years',
      'Arima, 0 km',
    ]);
    expect(match.professional).toEqual({
      id: listed.id,
      displayName: 'Shivani P.',
      photoUrl: null,
      role: 'Licensed Nurse (LPN/RN/BSN)',
      experience: '5–10 years',
      regions: ['Arima'],
      services: ['In-Home Care', 'Medical Support', 'Mobility Assistance'],
      conditions: ["Alzheimer's / Dementia"],
      availability: ['Monday – Friday, 8 AM – 6 PM'],
      rate: '$25–35 an hour',
    });
    // Ranked by score: the nearer, better-fitting professional first.
    expect(ids(result).indexOf(listed.id)).toBeLessThan(ids(result).indexOf(farAway.id));
    // No surname, phone or e-mail on a card.
    const text = JSON.stringify(result);
    for (const secret of ['Persad', String(VALID_REGISTRATION_FORMS.professional['phone']), listed.email])
      expect(text).not.toContain(secret);
  });

  it('withdrawing the listing takes the professional out at once; listing again brings them back', async () => {
    expect((await setVisible(listed.client, false)).status).toBe(200);
    expect(ids(await professionals(family.client))).not.toContain(listed.id);
    expect((await family.client.get(`/api/matching/professionals/${listed.id}/photo`)).status).toBe(404);
    expect((await setVisible(listed.client, true)).status).toBe(200);
    expect(ids(await professionals(family.client))).toContain(listed.id);
  });

  it('the next request sees a change made by any path: the ranking copy in memory follows the database', async () => {
    const inArima = async () => ids(await professionals(family.client, '?region=arima'));
    expect(await inArima()).toContain(listed.id);
    // Straight in SQL, as another API instance or an admin tool would change it: the triggers of
    // migration 0021 move the epoch, so this instance's copy is read again.
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(sql`update profiles set location = 'Point Fortin' where id = ${listed.id}`);
    try {
      expect(await inArima()).not.toContain(listed.id);
      expect(ids(await professionals(family.client, '?region=san_fernando&maxKm=30'))).toContain(listed.id);
    } finally {
      await t.database.db.execute(sql`update profiles set location = ${PRO.location} where id = ${listed.id}`);
    }
    expect(await inArima()).toContain(listed.id);
    await t.database.db.execute(sql`update professional_details set care_services = '{}' where user_id = ${listed.id}`);
    try {
      expect(ids(await professionals(family.client, '?careType=medical_support'))).not.toContain(listed.id);
    } finally {
      await t.database.db.execute(
        sql`update professional_details set care_services = string_to_array(${PRO.care_services.join(',')}, ',') where user_id = ${listed.id}`,
      );
    }
    expect(ids(await professionals(family.client, '?careType=medical_support'))).toContain(listed.id);
  });

  it('filters use the shared codes; bad filters are answered beside their field', async () => {
    const only = async (query: string) => ids(await professionals(family.client, query)).sort();
    const both = [listed.id, farAway.id].sort();
    expect(await only('?careType=medical_support')).toEqual([listed.id]);
    expect(await only('?condition=alzheimers_dementia')).toEqual([listed.id]);
    expect(await only('?minExperience=years_3_5')).toEqual([listed.id]);
    expect(await only('?minExperience=years_0_1')).toEqual(both);
    expect(await only('?shift=weekday_8am_4pm')).toEqual([listed.id]); // 8–6 covers 8–4
    expect(await only('?shift=weekday_6am_6pm')).toEqual([]); // nobody free 6–8 AM
    expect(await only('?shift=weekend_8am_6pm')).toEqual([farAway.id]);
    expect(await only('?region=arima')).toEqual([listed.id]);
    expect(await only('?maxKm=30')).toEqual([listed.id]); // from the family's own region
    expect(await only('?region=san_fernando&maxKm=30')).toEqual([farAway.id]); // Point Fortin ≈ 28 km
    expect(await only('?rateMax=30')).toEqual([listed.id]);
    expect(await only('?rateMin=40')).toEqual([farAway.id]);
    expect(await only('?rateMin=36&rateMax=45')).toEqual([]);
    const bad = await family.client.get('/api/matching/professionals?careType=massage&rateMin=50&rateMax=20');
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as ApiErrorBody;
    expect(Object.keys(error.fields ?? {})).toEqual(expect.arrayContaining(['careType']));
    const range = await family.client.get('/api/matching/professionals?rateMin=50&rateMax=20');
    expect(((await range.json()) as ApiErrorBody).error.fields).toEqual({ rateMin: MATCHING_MESSAGES.rateRange });
  });

  it('a non-findable family never appears; a findable one shows no names or health details', async () => {
    expect((await families(listed.client)).matches).toEqual([]);
    expect((await setVisible(family.client, true)).status).toBe(200);
    const result = await families(listed.client);
    expect(result.matches).toHaveLength(1);
    expect(result.findable).toBe(1);
    const [match] = result.matches;
    expect(match!.family).toEqual({
      id: expect.any(String),
      region: 'Arima',
      careTypes: ['In-Home Care', 'Medical Support', 'Mobility Assistance', 'Household Assistance'],
      schedule: ['Monday – Friday, 8 AM – 4 PM'],
      budget: '$20–30 an hour',
    });
    expect(match!.family.id).not.toBe(family.id);
    // Same score, the professional's words.
    expect(match!.score.total).toBe(88);
    expect(match!.score.components[0]!.reason).toBe('You cover 3 of their 4 care types');
    const text = JSON.stringify(result);
    for (const secret of [
      'Keisha',
      'Ramdass',
      'Joyce',
      'diabetes',
      'cognitive',
      String(VALID_REGISTRATION_FORMS.family['phone_number']),
      family.email,
    ]) {
      expect(text).not.toContain(secret);
    }
    // Filters on the family's codes.
    // None passes: still counted among the findable (the count's own read).
    expect(await families(listed.client, '?careType=therapeutic_support')).toMatchObject({ matches: [], findable: 1 });
    expect((await families(listed.client, '?region=port_of_spain&maxKm=10')).matches).toEqual([]);
    expect((await families(listed.client, '?region=port_of_spain&maxKm=30')).matches).toHaveLength(1);
    // Withdrawn: gone again.
    expect((await setVisible(family.client, false)).status).toBe(200);
    expect((await families(listed.client)).matches).toEqual([]);
    expect((await listed.client.post(`/api/matching/families/${match!.family.id}/interest`)).status).toBe(404);
    expect((await setVisible(family.client, true)).status).toBe(200);
  });

  it('interest once per pair, told to the family; an unlisted professional must list first', async () => {
    const [match] = (await families(farAway.client)).matches.filter((m) => m.family.region === 'Arima');
    const path = `/api/matching/families/${match!.family.id}/interest`;
    // Two clicks at once: the database's unique pair makes one interest and one notification.
    const [a, b] = await Promise.all([farAway.client.post(path), farAway.client.post(path)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect((await farAway.client.post(path)).status).toBe(200);
    expect(
      (await families(farAway.client)).matches.find((m) => m.family.id === match!.family.id)?.interestExpressed,
    ).toBe(true);
    const inbox = (await (await family.client.get('/api/notifications')).json()) as {
      items: { kind: string; title: string; link: string }[];
    };
    const told = inbox.items.filter((i) => i.kind === 'match_interest');
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('Natalie T. is interested in caring for your family');
    const interests = (await (await family.client.get('/api/matching/interests')).json()) as {
      interests: InterestedProfessional[];
    };
    expect(interests.interests.map((i) => i.professional.id)).toEqual([farAway.id]);
    // Not listed: cannot reach out, and never shown.
    const refused = await unlisted.client.post(path);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ApiErrorBody).error.message).toBe(MATCHING_MESSAGES.listFirst);
  });

  it('a matched professional is invited with the care plan’s own invitation', async () => {
    const planId = await createPlan(family.client);
    const res = await send(family.client, 'POST', `/api/care-plans/${planId}/invitations`, {
      kind: 'professional',
      professionalId: listed.id,
      teamRole: 'caregiver',
    });
    expect(res.status).toBe(201);
    const invitations = (await (await listed.client.get('/api/invitations')).json()) as {
      invitations: { id: string; planId: string }[];
    };
    expect(invitations.invitations.map((i) => i.planId)).toContain(planId);
    // Issue 31: the card says invited, then on the team, instead of offering the invitation again
    // — to this family only.
    const cardOf = async (client: TestClient) =>
      (await professionals(client)).matches.find((m) => m.professional.id === listed.id);
    expect((await cardOf(family.client))?.onTeam).toBe('invited');
    const invitation = invitations.invitations.find((i) => i.planId === planId)!;
    expect((await listed.client.post(`/api/invitations/${invitation.id}/accept`)).status).toBe(200);
    expect((await cardOf(family.client))?.onTeam).toBe('accepted');
    expect((await cardOf(otherFamily.client))?.onTeam).toBeUndefined();
  });

  it('the care needs assessment, where it answers, replaces the registration in the needs matched on', async () => {
    const before = (await professionals(otherFamily.client)).needs;
    expect(before.region).toBe('Scarborough (Tobago)');
    const saved = await send(otherFamily.client, 'PUT', '/api/care-assessments/sections/basic', {
      recipientName: 'Mum',
      answers: { care_types: ['in_home_care'], care_region: 'san_fernando', budget: '$30-40/hour' },
    });
    expect(saved.status).toBe(200);
    const after = (await professionals(otherFamily.client)).needs;
    expect(after).toEqual({
      careTypes: ['In-Home Care'],
      // No shifts in the assessment: the registration's still count.
      schedule: before.schedule,
      region: 'San Fernando',
      budget: '$30–40 an hour',
    });
    // Another family's needs are untouched.
    expect((await professionals(family.client)).needs.region).toBe('Arima');
  });

  it('professionals with the same score come in id order', async () => {
    const twins: TestUser[] = [];
    for (const first_name of ['Anya', 'Brenda', 'Carla']) {
      const twin = await registered('professional', { ...PRO, first_name });
      expect((await setVisible(twin.client, true)).status).toBe(200);
      twins.push(twin);
    }
    const shown = (await professionals(family.client)).matches.filter((m) =>
      [listed.id, ...twins.map((u) => u.id)].includes(m.professional.id),
    );
    // The same offer as the listed professional: one score for all four, then the ids decide.
    expect(new Set(shown.map((m) => m.score.total)).size).toBe(1);
    expect(shown.map((m) => m.professional.id)).toEqual([listed.id, ...twins.map((u) => u.id)].sort());
    for (const twin of twins) expect((await setVisible(twin.client, false)).status).toBe(200);
  });
});
