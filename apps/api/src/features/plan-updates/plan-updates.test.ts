import { UPDATE_LIMITS, UPDATE_MESSAGES } from '@tavara/shared/plan-updates/plan-updates';
import { NOTIFICATION_KIND_INFO } from '@tavara/shared/notifications/notifications';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationJobs, notifications } from '../../db/schema/notifications';
import { planUpdatePhotoDir } from '../../lib/upload-dirs';
import { planUpdateComments, planUpdates } from '../../db/schema/plan-updates';
import { addProfessional, createPlan, send } from '../../testing/care-plan-requests';
import { addToCircle } from '../../testing/circle-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { commentOn, jpegWithGps, postUpdate, updateForm } from '../../testing/update-requests';

interface FeedJson {
  updates: Array<{
    id: string;
    body: string;
    author: { name: string };
    editedAt: string | null;
    photos: Array<{ id: string; url: string; width: number; height: number }>;
    thanks: { count: number; byYou: boolean };
    comments: Array<{ id: string; body: string; author: { name: string } }>;
    commentCount: number;
    canRemove: boolean;
  }>;
  nextCursor: string | null;
  you: { canPost: boolean; canReact: boolean; isFamily: boolean };
}
interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> };
}

async function feedOf(client: TestUser['client'], planId: string, query = '') {
  const res = await send(client, 'GET', `/api/care-plans/${planId}/updates${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as FeedJson;
}

describe('plan updates: photos, thanks, comments', () => {
  let t: TestApp;
  let owner: TestUser;
  let nurse: TestUser;
  let neighbour: TestUser;
  let planId: string;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
    owner = await createVerifiedUser(t, { role: 'family', firstName: 'Joyce', lastName: 'Ramdass' });
    nurse = await createVerifiedUser(t, { role: 'professional', firstName: 'Nadia', lastName: 'Khan' });
    neighbour = await createVerifiedUser(t, { role: 'community', firstName: 'Carl', lastName: 'Baptiste' });
    planId = await createPlan(owner.client);
    await addProfessional(owner.client, planId, nurse);
    await addToCircle(owner.client, planId, neighbour);
  });
  afterAll(() => t.close());

  it('a photo is re-encoded: the GPS position and camera EXIF of the upload are gone from what the circle gets', async () => {
    const original = await jpegWithGps(2400, 1800);
    // The fixture really carries the position: read back with an EXIF parser.
    const before = await sharp(original).metadata();
    const tags = exifReader(before.exif!);
    expect(tags.GPSInfo?.GPSLatitude).toEqual([10, 39, 30]);
    expect(tags.Image?.Make).toBe('PhoneMaker');

    const id = await postUpdate(owner.client, planId, 'A walk in the Savannah this morning.', [{ bytes: original }]);
    const [update] = (await feedOf(neighbour.client, planId)).updates;
    expect(update?.id).toBe(id);
    expect(update?.photos).toHaveLength(1);
    const photo = update!.photos[0]!;
    // Shrunk to 1600 px on its long side.
    expect([photo.width, photo.height]).toEqual([1600, 1200]);

    const res = await send(neighbour.client, 'GET', photo.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    const served = Buffer.from(await res.arrayBuffer());
    const after = await sharp(served).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    // No APP1 "Exif" segment anywhere in the bytes, and none of the camera's words.
    expect(served.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(served.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('bad photos are refused with the field named: wrong type, too many, too large; nothing is stored', async () => {
    const count = async () =>
      (await t.database.db.select().from(planUpdates).where(eq(planUpdates.planId, planId))).length;
    const before = await count();
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    let res = await send(
      owner.client,
      'POST',
      `/api/care-plans/${planId}/updates`,
      updateForm('Hi', [{ bytes: html, name: 'x.jpg' }]),
    );
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorJson).error.fields?.photos).toBe(UPDATE_MESSAGES.photoWrongType);

    const small = await jpegWithGps(40, 30);
    res = await send(
      owner.client,
      'POST',
      `/api/care-plans/${planId}/updates`,
      updateForm(
        'Hi',
        Array.from({ length: UPDATE_LIMITS.photosMax + 1 }, () => ({ bytes: small })),
      ),
    );
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorJson).error.fields?.photos).toBe(UPDATE_MESSAGES.tooManyPhotos);

    const huge = new Uint8Array(UPDATE_LIMITS.photoBytesMax + 10);
    huge.set([0xff, 0xd8, 0xff]);
    res = await send(owner.client, 'POST', `/api/care-plans/${planId}/updates`, updateForm('Hi', [{ bytes: huge }]));
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorJson).error.fields?.photos).toBe(UPDATE_MESSAGES.photoTooLarge);

    res = await send(owner.client, 'POST', `/api/care-plans/${planId}/updates`, updateForm('   '));
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorJson).error.fields?.body).toBe(UPDATE_MESSAGES.bodyRequired);
    expect(await count()).toBe(before);
  });

  it('a retried post with the same key is one update', async () => {
    const key = crypto.randomUUID();
    const form = () => updateForm('Posted once, sent twice', [], { clientKey: key });
    const first = await send(owner.client, 'POST', `/api/care-plans/${planId}/updates`, form());
    const again = await send(owner.client, 'POST', `/api/care-plans/${planId}/updates`, form());
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(((await again.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
  });

  it('the village is told of a new update in words with no part of it; the author of a comment', async () => {
    const id = await postUpdate(nurse.client, planId, 'Her blood pressure was 150/95 this morning.');
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'plan_update'), eq(notifications.link, `/circle/${planId}`)));
    const mine = rows.filter((r) => r.title === 'Nadia Khan posted an update');
    expect(new Set(mine.map((r) => r.userId))).toEqual(new Set([owner.id, neighbour.id]));
    for (const r of rows) expect(JSON.stringify(r)).not.toContain('blood pressure');
    const jobs = await t.database.db.select().from(notificationJobs);
    for (const j of jobs) expect(JSON.stringify(j)).not.toContain('150/95');
    expect(NOTIFICATION_KIND_INFO.plan_update.subject).toBe('There is a new update on Tavara');

    await commentOn(neighbour.client, id, 'Sending love');
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'plan_update_comment'), eq(notifications.userId, nurse.id)));
    expect(told.map((n) => n.title)).toEqual(['Carl Baptiste commented on your update']);
  });

  it('thanks are one per person; comments show under the update with their author', async () => {
    const id = await postUpdate(owner.client, planId, 'We are home from the clinic.');
    for (let i = 0; i < 3; i++)
      expect((await send(neighbour.client, 'PUT', `/api/plan-updates/${id}/thanks`)).status).toBe(200);
    await send(nurse.client, 'PUT', `/api/plan-updates/${id}/thanks`);
    await commentOn(neighbour.client, id, 'Glad to hear it');
    let update = (await feedOf(neighbour.client, planId)).updates.find((u) => u.id === id)!;
    expect(update.thanks).toEqual({ count: 2, byYou: true });
    expect(update.comments.map((c) => [c.author.name, c.body])).toEqual([['Carl Baptiste', 'Glad to hear it']]);
    expect(update.commentCount).toBe(1);
    await send(neighbour.client, 'DELETE', `/api/plan-updates/${id}/thanks`);
    update = (await feedOf(neighbour.client, planId)).updates.find((u) => u.id === id)!;
    expect(update.thanks).toEqual({ count: 1, byYou: false });
  });

  it('authors edit their own (keeping or dropping photos); the family removes any; others may not', async () => {
    const photo = { bytes: await jpegWithGps(100, 80) };
    const id = await postUpdate(nurse.client, planId, 'Shift notes for the family', [photo, photo]);
    const [first] = (await feedOf(nurse.client, planId)).updates.filter((u) => u.id === id);
    const keep = first!.photos[1]!.id;
    const dropped = first!.photos[0]!.url;

    let res = await send(owner.client, 'PUT', `/api/plan-updates/${id}`, updateForm('Not mine'));
    expect(res.status).toBe(403);
    res = await send(
      nurse.client,
      'PUT',
      `/api/plan-updates/${id}`,
      updateForm('A quiet, happy afternoon', [photo], { keepPhotoIds: keep }),
    );
    expect(res.status).toBe(200);
    const [edited] = (await feedOf(nurse.client, planId)).updates.filter((u) => u.id === id);
    expect(edited!.body).toBe('A quiet, happy afternoon');
    expect(edited!.editedAt).not.toBeNull();
    expect(edited!.photos[0]!.id).toBe(keep);
    expect(edited!.photos).toHaveLength(2);
    expect((await send(nurse.client, 'GET', dropped)).status).toBe(404);

    // The circle member may not remove it; the family may.
    expect((await send(neighbour.client, 'DELETE', `/api/plan-updates/${id}`)).status).toBe(403);
    expect((await send(owner.client, 'DELETE', `/api/plan-updates/${id}`)).status).toBe(200);
    expect((await feedOf(neighbour.client, planId)).updates.some((u) => u.id === id)).toBe(false);
    expect((await send(neighbour.client, 'GET', edited!.photos[0]!.url)).status).toBe(404);
  });

  it('the feed holds only updates: no plan, medication or care detail reaches a circle member', async () => {
    const feed = await feedOf(neighbour.client, planId);
    expect(feed.you).toEqual({ canPost: false, canReact: true, isFamily: false });
    expect(Object.keys(feed).sort()).toEqual(['nextCursor', 'updates', 'you']);
    for (const u of feed.updates) {
      expect(Object.keys(u).sort()).toEqual(
        [
          'author',
          'body',
          'canRemove',
          'commentCount',
          'comments',
          'createdAt',
          'editedAt',
          'id',
          'photos',
          'thanks',
          'yours',
        ].sort(),
      );
    }
  });
});

describe('plan updates: keyset pages, newest first', () => {
  let t: TestApp;
  let owner: TestUser;
  let planId: string;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
    owner = await createVerifiedUser(t, { role: 'family' });
    planId = await createPlan(owner.client);
  });
  afterAll(() => t.close());

  it('pages of 20 cover every update once, in order, even with several posted in the same millisecond', async () => {
    const base = Date.parse('2026-11-01T08:00:00.000Z');
    // 45 updates: five groups of three share one instant (ties broken by id).
    await t.database.db.insert(planUpdates).values(
      Array.from({ length: 45 }, (_, i) => ({
        planId,
        authorId: owner.id,
        body: `Update ${i}`,
        createdAt: new Date(base + (i < 15 ? Math.floor(i / 3) : i) * 60_000),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: FeedJson = await feedOf(owner.client, planId, cursor ? `?before=${encodeURIComponent(cursor)}` : '');
      seen.push(...page.updates.map((u) => u.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    const all = await t.database.db.select().from(planUpdates).where(eq(planUpdates.planId, planId));
    const expected = all
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    expect(seen).toEqual(expected);

    const bad = await send(owner.client, 'GET', `/api/care-plans/${planId}/updates?before=nonsense`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorJson).error.message).toBe(UPDATE_MESSAGES.badCursor);
  });
});

describe('plan updates: a long conversation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(() => t.close());

  it('shows the newest 50 comments, oldest first, and counts them all; thanks say who thanked', async () => {
    const owner = await createVerifiedUser(t, { role: 'family' });
    const planId = await createPlan(owner.client);
    const busy = await postUpdate(owner.client, planId, 'Home from the hospital');
    const quiet = await postUpdate(owner.client, planId, 'A quiet day');
    const base = Date.parse('2026-11-20T12:00:00.000Z');
    await t.database.db.insert(planUpdateComments).values(
      Array.from({ length: 55 }, (_, i) => ({
        updateId: busy,
        authorId: owner.id,
        body: `Comment ${i}`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    // Authors do not thank themselves: a neighbour in the circle does.
    const neighbour = await createVerifiedUser(t, { role: 'community' });
    await addToCircle(owner.client, planId, neighbour);
    expect((await send(neighbour.client, 'PUT', `/api/plan-updates/${quiet}/thanks`)).status).toBe(200);
    const feed = await feedOf(neighbour.client, planId);
    const shown = feed.updates.find((u) => u.id === busy)!;
    expect(shown.commentCount).toBe(55);
    expect(shown.comments.map((c) => c.body)).toEqual(Array.from({ length: 50 }, (_, i) => `Comment ${i + 5}`));
    expect(shown.thanks).toEqual({ count: 0, byYou: false });
    const other = feed.updates.find((u) => u.id === quiet)!;
    expect([other.commentCount, other.comments]).toEqual([0, []]);
    expect(other.thanks).toEqual({ count: 1, byYou: true });
  });
});

describe('plan updates: a deleted plan takes its photos with it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
  });
  afterAll(() => t.close());

  /** A plan with one update of two photos; the files' paths on the server's disk. */
  async function planWithPhotos(owner: TestUser) {
    const planId = await createPlan(owner.client);
    const photo = { bytes: await jpegWithGps(120, 90) };
    const id = await postUpdate(owner.client, planId, 'Dad in the garden', [photo, photo]);
    const update = (await feedOf(owner.client, planId)).updates.find((u) => u.id === id)!;
    const files = update.photos.map((p) => join(planUpdatePhotoDir(t.env.DATA_DIR), `${p.id}.jpg`));
    expect(files.map((f) => existsSync(f))).toEqual([true, true]);
    return { planId, files };
  }

  it('deleting a plan (one without shifts) removes its update photos from the disk', async () => {
    const owner = await createVerifiedUser(t, { role: 'family' });
    const kept = await planWithPhotos(owner);
    const gone = await planWithPhotos(owner);
    const res = await send(owner.client, 'DELETE', `/api/care-plans/${gone.planId}`);
    expect(await res.json()).toEqual({ deleted: true, archived: false });
    expect(gone.files.map((f) => existsSync(f))).toEqual([false, false]);
    // Another plan's photos stay.
    expect(kept.files.map((f) => existsSync(f))).toEqual([true, true]);
  });

  it("deleting the owner's account removes the photos of the plans they owned", async () => {
    const owner = await createVerifiedUser(t, { role: 'family' });
    const other = await createVerifiedUser(t, { role: 'family' });
    const theirs = await planWithPhotos(owner);
    const someoneElses = await planWithPhotos(other);
    const res = await owner.client.post('/api/account/delete', { password: owner.password, confirmation: 'DELETE' });
    expect(res.status).toBe(200);
    expect(theirs.files.map((f) => existsSync(f))).toEqual([false, false]);
    expect(someoneElses.files.map((f) => existsSync(f))).toEqual([true, true]);
  });
});
