import {
  LEGACY_PAGE_SIZE,
  PRIVATE_STORY_FIELD_IDS,
  PUBLIC_STORY_FIELD_IDS,
  STORY_FIELDS,
} from '@tavara/shared/family-story/family-story';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin';
import { addProfessional, createPlan, send } from '../../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { saveRegistration } from '../../testing/registration-requests';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';

const RECIPIENT = 'Joyce Ramdass';

/** A story with every field filled, each with a marker found nowhere else ("Marker-<field>"). */
function fullStory(recipientName = RECIPIENT) {
  return {
    recipientName,
    birthYear: 1941,
    fields: Object.fromEntries(STORY_FIELDS.map((f) => [f.id, `Marker-${f.id} text about her`])),
  };
}

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

interface StoryJson {
  id: string;
  recipientName: string;
  sharedAt: string | null;
  hiddenAt: string | null;
  hiddenReason: string | null;
  fields: Record<string, string>;
}

async function saveStory(client: TestClient, body: unknown = fullStory()): Promise<StoryJson> {
  return json<StoryJson>(await send(client, 'PUT', '/api/family-stories', body));
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

describe('who may read and change assessments and stories', () => {
  let t: TestApp;
  let owner: TestUser;
  let teamMember: TestUser;
  let invitedOnly: TestUser;
  let otherFamily: TestUser;
  let professional: TestUser;
  let community: TestUser;
  let admin: TestUser;
  let planId: string;
  let story: StoryJson;

  beforeAll(async () => {
    t = await createTestApp();
    [owner, teamMember, invitedOnly, otherFamily, professional, community, admin] = await Promise.all([
      createVerifiedUser(t, { role: 'family' }),
      createVerifiedUser(t, { role: 'professional' }),
      createVerifiedUser(t, { role: 'professional' }),
      createVerifiedUser(t, { role: 'family' }),
      createVerifiedUser(t, { role: 'professional' }),
      createVerifiedUser(t, { role: 'community' }),
      createVerifiedUser(t, { role: 'admin' }),
    ]);
    planId = await createPlan(owner.client, { recipientName: RECIPIENT });
    await addProfessional(owner.client, planId, teamMember);
    const invited = await send(owner.client, 'POST', `/api/care-plans/${planId}/invitations`, {
      kind: 'professional',
      professionalId: invitedOnly.id,
      teamRole: 'caregiver',
    });
    expect(invited.status).toBe(201);
    await send(owner.client, 'PUT', '/api/care-assessments/sections/medical', {
      recipientName: RECIPIENT,
      answers: { diagnoses: 'Early dementia' },
    });
    story = await saveStory(owner.client);
  });
  afterAll(() => t.close());

  it('the plan’s owner, accepted team and admins read the care details; nobody else learns they exist', async () => {
    for (const path of [`/api/care-plans/${planId}/assessment`, `/api/care-plans/${planId}/story`]) {
      for (const reader of [owner, teamMember, admin]) {
        const body = await json<{
          recipientName: string;
          assessment?: unknown;
          story?: { fields: Record<string, string> };
        }>(await reader.client.get(path));
        expect(body.recipientName).toBe(RECIPIENT);
        expect(body.assessment ?? body.story).not.toBeNull();
      }
      for (const stranger of [invitedOnly, otherFamily, professional, community]) {
        expect((await stranger.client.get(path)).status, path).toBe(404);
      }
      expect((await t.client().get(path)).status).toBe(401);
    }
    const teamStory = await json<{ story: { fields: Record<string, string> } }>(
      await teamMember.client.get(`/api/care-plans/${planId}/story`),
    );
    // The team reads the whole private story: it helps them know the person.
    expect(teamStory.story.fields['only_family_knows']).toContain('Marker-only_family_knows');
  });

  it('a family’s lists are their own; other roles are refused; another family cannot share or withdraw it', async () => {
    const mine = await json<{ recipients: { story: StoryJson | null }[] }>(
      await otherFamily.client.get('/api/family-stories'),
    );
    expect(mine.recipients).toEqual([]);
    const theirAssessments = await json<{ recipients: unknown[] }>(
      await otherFamily.client.get('/api/care-assessments'),
    );
    expect(theirAssessments.recipients).toEqual([]);
    for (const other of [professional, community, admin]) {
      expect((await other.client.get('/api/family-stories')).status).toBe(403);
      expect((await other.client.get('/api/care-assessments')).status).toBe(403);
      expect((await send(other.client, 'PUT', '/api/family-stories', fullStory())).status).toBe(403);
    }
    expect((await send(otherFamily.client, 'POST', `/api/family-stories/${story.id}/share`)).status).toBe(404);
    // The same name saved by another family is their own story, not this one.
    const theirs = await saveStory(otherFamily.client, { recipientName: RECIPIENT, fields: { hobbies: 'Cricket' } });
    expect(theirs.id).not.toBe(story.id);
    const ownerView = await json<{ recipients: { story: StoryJson }[] }>(await owner.client.get('/api/family-stories'));
    expect(ownerView.recipients[0]!.story.fields['hobbies']).toBe('Marker-hobbies text about her');

    await json(await send(owner.client, 'POST', `/api/family-stories/${story.id}/share`));
    expect((await send(otherFamily.client, 'DELETE', `/api/family-stories/${story.id}/share`)).status).toBe(404);
    const still = await json<{ story: { id: string } }>(await t.client().get(`/api/legacy-stories/${story.id}`));
    expect(still.story.id).toBe(story.id);
    for (const asker of [t.client(), owner.client, otherFamily.client, community.client]) {
      expect(
        (await send(asker, 'POST', `/api/admin/legacy-stories/${story.id}/hide`, { reason: 'Spam' })).status,
      ).not.toBe(200);
    }
  });
});

describe('legacy stories: consent, privacy, withdrawal and hiding', () => {
  let t: TestApp;
  let family: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    family = await createVerifiedUser(t, { role: 'family' });
    admin = await createVerifiedUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('a saved story is private: the legacy page is empty until the family shares it', async () => {
    const story = await saveStory(family.client);
    expect(story.sharedAt).toBeNull();
    const list = await json<{ stories: unknown[]; total: number }>(await t.client().get('/api/legacy-stories'));
    expect(list).toMatchObject({ stories: [], total: 0 });
    expect((await t.client().get(`/api/legacy-stories/${story.id}`)).status).toBe(404);
  });

  it('the public story view contains none of the private fields (each field), in the list, the detail or a search', async () => {
    const story = await saveStory(family.client);
    await json(await send(family.client, 'POST', `/api/family-stories/${story.id}/share`));
    const detailText = await (await t.client().get(`/api/legacy-stories/${story.id}`)).text();
    const listText = await (await t.client().get('/api/legacy-stories')).text();
    for (const id of PRIVATE_STORY_FIELD_IDS) {
      expect(detailText, id).not.toContain(`Marker-${id}`);
      expect(detailText, id).not.toContain(`"${id}"`);
      expect(listText, id).not.toContain(`Marker-${id}`);
      // A search cannot find a story by what only its family may read.
      const found = await json<{ total: number }>(
        await t.client().get(`/api/legacy-stories?q=${encodeURIComponent(`Marker-${id}`)}`),
      );
      expect(found.total, id).toBe(0);
    }
    const detail = JSON.parse(detailText) as {
      story: { name: string; birthYear: number; fields: Record<string, string> };
    };
    expect(Object.keys(detail.story.fields).sort()).toEqual([...PUBLIC_STORY_FIELD_IDS].sort());
    expect(detail.story).toMatchObject({ name: RECIPIENT, birthYear: 1941 });
    const found = await json<{ total: number }>(await t.client().get('/api/legacy-stories?q=marker-hobbies joyce'));
    expect(found.total).toBe(1);
  });

  it('withdrawing takes it off at once; sharing again brings it back', async () => {
    const story = await saveStory(family.client);
    await json(await send(family.client, 'DELETE', `/api/family-stories/${story.id}/share`));
    expect((await t.client().get(`/api/legacy-stories/${story.id}`)).status).toBe(404);
    expect((await json<{ total: number }>(await t.client().get('/api/legacy-stories'))).total).toBe(0);
    await json(await send(family.client, 'POST', `/api/family-stories/${story.id}/share`));
    expect((await json<{ total: number }>(await t.client().get('/api/legacy-stories'))).total).toBe(1);
  });

  it('an admin hides a shared story with a reason, written to the audit log; the family sees why', async () => {
    const story = await saveStory(family.client);
    const noReason = await send(admin.client, 'POST', `/api/admin/legacy-stories/${story.id}/hide`, { reason: ' ' });
    expect(noReason.status).toBe(422);
    await json(
      await send(admin.client, 'POST', `/api/admin/legacy-stories/${story.id}/hide`, {
        reason: 'Contains a phone number',
      }),
    );
    expect((await t.client().get(`/api/legacy-stories/${story.id}`)).status).toBe(404);
    const [entry] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, story.id), eq(adminAuditLog.action, 'legacy_story.hidden')));
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'family_story',
      details: { reason: 'Contains a phone number' },
    });
    const mine = await json<{ recipients: { story: StoryJson }[] }>(await family.client.get('/api/family-stories'));
    expect(mine.recipients[0]!.story).toMatchObject({ hiddenReason: 'Contains a phone number' });
    await json(await send(admin.client, 'DELETE', `/api/admin/legacy-stories/${story.id}/hide`));
    expect((await t.client().get(`/api/legacy-stories/${story.id}`)).status).toBe(200);
  });

  it('lists newest share first, ten a page', async () => {
    const others = await Promise.all(Array.from({ length: 11 }, () => createVerifiedUser(t, { role: 'family' })));
    const ids: string[] = [];
    for (const [i, other] of others.entries()) {
      const story = await saveStory(other.client, {
        recipientName: `Elder Number${i}`,
        fields: { hobbies: `Hobby ${i}` },
      });
      await json(await send(other.client, 'POST', `/api/family-stories/${story.id}/share`));
      ids.push(story.id);
    }
    const first = await json<{ stories: { id: string; excerpt: string }[]; total: number; pageSize: number }>(
      await t.client().get('/api/legacy-stories'),
    );
    expect(first.pageSize).toBe(LEGACY_PAGE_SIZE);
    expect(first.total).toBe(12);
    expect(first.stories).toHaveLength(10);
    expect(first.stories[0]!.id).toBe(ids[10]);
    expect(first.stories[0]!.excerpt).toBe('Hobby 10');
    const second = await json<{ stories: { id: string }[] }>(await t.client().get('/api/legacy-stories?page=2'));
    expect(second.stories).toHaveLength(2);
    expect(second.stories.some((s) => s.id === ids[0])).toBe(true);
    expect((await t.client().get('/api/legacy-stories?page=0')).status).toBe(400);
    expect((await t.client().get('/api/legacy-stories/not-a-uuid')).status).toBe(404);
  });

  it('bad story input is answered beside the field', async () => {
    const res = await send(family.client, 'PUT', '/api/family-stories', {
      recipientName: '',
      birthYear: 1700,
      fields: { hobbies: 'x'.repeat(6000) },
    });
    const body = await json<{ error: { fields: Record<string, string> } }>(res, 422);
    expect(Object.keys(body.error.fields).sort()).toEqual(['birthYear', 'fields.hobbies', 'recipientName']);
  });
});
