import {
  LEGACY_PAGE_SIZE,
  PRIVATE_STORY_FIELD_IDS,
  PUBLIC_STORY_FIELD_IDS,
  STORY_FIELDS,
} from '@tavara/shared/family-story/family-story';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/admin';
import { send } from '../../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
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
