import type { BoardPost } from '@tavara/shared/boards/boards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Community members on the boards (issue 30, item 6): they start discussions on the family board
 * and reply to its discussions; they post no care needs or availability, reply to neither and
 * start no private conversation with their authors.
 */
const discussion = {
  type: 'discussion',
  title: 'Meals that freeze well',
  region: 'arima',
  urgency: 'planned',
  details: 'Our church group cooks on Sundays; these travel and freeze well for the week.',
  careCodes: [],
};

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

describe('boards: community members', () => {
  let t: TestApp;
  let community: TestUser;
  let family: TestUser;
  let professional: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
    community = await createVerifiedUser(t, { role: 'community' });
    family = await createVerifiedUser(t, { role: 'family' });
    professional = await createVerifiedUser(t, { role: 'professional' });
  });
  afterAll(() => t.close());

  it('a community member starts a discussion on the family board, and families reply', async () => {
    const { post } = await json<{ post: BoardPost }>(await community.client.post('/api/boards/posts', discussion), 201);
    expect(post.board).toBe('family');
    const mine = await json<{ posts: BoardPost[] }>(await community.client.get('/api/boards/posts/mine'), 200);
    expect(mine.posts.map((p) => p.id)).toContain(post.id);
    await json(await family.client.post(`/api/boards/posts/${post.id}/replies`, { body: 'Thank you, so kind.' }), 201);
    await json(await community.client.post(`/api/boards/posts/${post.id}/replies`, { body: 'You are welcome.' }), 201);
  });

  it('posts no care need or availability, and answers neither', async () => {
    for (const type of ['care_need', 'availability']) {
      const refused = await json<{ error: { fields: Record<string, string> } }>(
        await community.client.post('/api/boards/posts', { ...discussion, type }),
        403,
      );
      expect(refused.error.fields.type).toBe('You cannot post this kind of message on this board.');
    }
    const { post: availability } = await json<{ post: BoardPost }>(
      await professional.client.post('/api/boards/posts', {
        ...discussion,
        type: 'availability',
        title: 'Nurse free on weekends',
        details: 'Ten years of geriatric nursing, free on Saturdays and Sundays in Arima.',
      }),
      201,
    );
    expect(availability.board).toBe('family');
    expect(
      (await community.client.post(`/api/boards/posts/${availability.id}/replies`, { body: 'Hello there' })).status,
    ).toBe(403);
    expect(
      (await community.client.post(`/api/boards/posts/${availability.id}/threads`, { body: 'Hello there' })).status,
    ).toBe(403);
  });
});
