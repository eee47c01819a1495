import { STORY_FIELDS } from '@tavara/shared/family-story/family-story';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProfessional, createPlan, send } from '../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../testing/factories';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { TestClient } from '../testing/test-client';

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
