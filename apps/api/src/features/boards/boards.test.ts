import type { BoardPost } from '@tavara/shared/boards/boards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';

const careNeed = {
  type: 'care_need',
  title: 'Evening carer for my father in Arima',
  region: 'arima',
  urgency: 'within_48_hours',
  details:
    'Dad had a stroke last month and needs help with evening routines. Call 868-555-1234 or mail me at asha@example.tt',
  careCodes: ['in_home_care', 'mobility_assistance'],
};

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

function put(client: TestClient, path: string, body: unknown) {
  return client.request(path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function listBoard(client: TestClient, board: string, query = '') {
  return json<{ posts: BoardPost[]; hasNext: boolean; page: number }>(
    await client.get(`/api/boards/${board}/posts${query}`),
    200,
  );
}

async function inboxTitles(client: TestClient) {
  const body = await json<{ items: { kind: string; title: string; link: string }[] }>(
    await client.get('/api/notifications'),
    200,
  );
  return body.items;
}

describe('message boards', () => {
  let t: TestApp;
  let family: TestUser;
  let otherFamily: TestUser;
  let professional: TestUser;
  let otherProfessional: TestUser;
  let community: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
    family = await createVerifiedUser(t, { role: 'family', firstName: 'Asha', lastName: 'Ramdial' });
    otherFamily = await createVerifiedUser(t, { role: 'family' });
    professional = await createVerifiedUser(t, { role: 'professional', firstName: 'Marcus', lastName: 'Joseph' });
    otherProfessional = await createVerifiedUser(t, { role: 'professional' });
    community = await createVerifiedUser(t, { role: 'community' });
    admin = await createVerifiedUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('a family posts a care need: it is saved on the professional board, newest first, with the author shown as first name and initial', async () => {
    const { post } = await json<{ post: BoardPost }>(await family.client.post('/api/boards/posts', careNeed), 201);
    expect(post).toMatchObject({
      board: 'professional',
      type: 'care_need',
      region: 'arima',
      isMine: true,
      hidden: false,
    });
    expect(post.author.name).toBe('Asha R.');
    const board = await listBoard(professional.client, 'professional');
    expect(board.posts[0]?.id).toBe(post.id);
    expect(board.posts[0]?.details).toContain('868-555-1234');
    // Not on the family board.
    expect((await listBoard(family.client, 'family')).posts.map((p) => p.id)).not.toContain(post.id);
  });

  it('signed-out visitors read the board without phone numbers or e-mail addresses', async () => {
    const board = await listBoard(t.client(), 'professional');
    const post = board.posts.find((p) => p.title === careNeed.title)!;
    expect(post.details).not.toContain('555-1234');
    expect(post.details).not.toContain('asha@example.tt');
    expect(post.details).toContain('[phone number removed]');
    const one = await json<{ post: BoardPost }>(await t.client().get(`/api/boards/posts/${post.id}`), 200);
    expect(one.post.details).not.toContain('asha@example.tt');
  });

  it('each role posts only its kinds: a professional cannot post a care need, a community member cannot post', async () => {
    const wrong = await json<{ error: { fields: Record<string, string> } }>(
      await professional.client.post('/api/boards/posts', careNeed),
      403,
    );
    expect(wrong.error.fields.type).toBe('You cannot post this kind of message on this board.');
    expect((await community.client.post('/api/boards/posts', careNeed)).status).toBe(403);
    expect((await t.client().post('/api/boards/posts', careNeed)).status).toBe(401);
    const availability = await json<{ post: BoardPost }>(
      await professional.client.post('/api/boards/posts', {
        ...careNeed,
        type: 'availability',
        title: 'Registered nurse free weekends in San Fernando',
        region: 'san_fernando',
        urgency: 'this_weekend',
        details: 'Ten years in geriatric nursing, comfortable with insulin and wound care.',
      }),
      201,
    );
    expect(availability.post.board).toBe('family');
  });

  it('bad input is answered beside each field', async () => {
    const res = await json<{ error: { code: string; fields: Record<string, string> } }>(
      await family.client.post('/api/boards/posts', {
        type: 'care_need',
        title: '',
        region: '',
        urgency: '',
        details: 'short',
      }),
      422,
    );
    expect(res.error.code).toBe('validation_failed');
    expect(res.error.fields).toMatchObject({
      title: 'Please give your post a title.',
      region: 'Please choose a region.',
      urgency: 'Please choose how soon.',
      details: 'Please describe it in at least 10 characters.',
    });
  });

  it('search uses full-text matching (stemmed words) and combines with the type, region and urgency filters', async () => {
    await family.client.post('/api/boards/posts', {
      ...careNeed,
      title: 'Companion for grandmother with dementia',
      region: 'chaguanas',
      urgency: 'planned',
      details: 'Looking for a patient companion three mornings a week; she loves gardening.',
    });
    const stemmed = await listBoard(professional.client, 'professional', '?q=gardens');
    expect(stemmed.posts.map((p) => p.title)).toEqual(['Companion for grandmother with dementia']);
    const byRegion = await listBoard(professional.client, 'professional', '?region=arima');
    expect(byRegion.posts.map((p) => p.title)).toEqual([careNeed.title]);
    expect((await listBoard(professional.client, 'professional', '?region=arima&urgency=planned')).posts).toEqual([]);
    expect(
      (await listBoard(professional.client, 'professional', '?q=stroke&type=care_need&urgency=within_48_hours')).posts,
    ).toHaveLength(1);
    expect((await listBoard(professional.client, 'professional', '?type=discussion')).posts).toEqual([]);
    // Punctuation alone is no search at all (websearch syntax never errors), not a 500.
    const all = await listBoard(professional.client, 'professional');
    const punctuation = await listBoard(professional.client, 'professional', '?q=' + encodeURIComponent('"(& !'));
    expect(punctuation.posts.map((p) => p.id)).toEqual(all.posts.map((p) => p.id));
    // Stop words alone leave no word to look for either.
    const stopWords = await listBoard(professional.client, 'professional', '?q=the');
    expect(stopWords.posts.map((p) => p.id)).toEqual(all.posts.map((p) => p.id));
    expect((await listBoard(professional.client, 'professional', '?q=zanzibar')).posts).toEqual([]);
    expect((await professional.client.get('/api/boards/professional/posts?region=atlantis')).status).toBe(400);
  });

  it('pages hold 20 posts and say whether there is another page', async () => {
    for (let i = 0; i < 21; i += 1) {
      await t.database.db.execute(
        // Straight into the table: the rate limit (10 an hour) is tested separately.
        // Each a second apart: PGlite's clock counts milliseconds, and inserts this fast share
        // one, so "newest first" would fall back to the ids' order.
        (await import('drizzle-orm'))
          .sql`insert into board_posts (author_id, board, type, title, region, urgency, details, created_at)
          values (${otherFamily.id}, 'family', 'discussion', ${`Pagination discussion ${i}`}, 'couva', 'planned', 'Pagination details text', now() - make_interval(secs => ${30 - i}))`,
      );
    }
    const first = await listBoard(family.client, 'family', '?type=discussion');
    expect(first.posts).toHaveLength(20);
    expect(first.hasNext).toBe(true);
    expect(first.posts[0]?.title).toBe('Pagination discussion 20');
    const second = await listBoard(family.client, 'family', '?type=discussion&page=2');
    expect(second.posts.map((p) => p.title)).toEqual(['Pagination discussion 0']);
    expect(second.hasNext).toBe(false);
  });

  it('only the author edits or deletes a post', async () => {
    const { post } = await json<{ post: BoardPost }>(
      await family.client.post('/api/boards/posts', { ...careNeed, title: 'To be edited' }),
      201,
    );
    for (const client of [otherFamily.client, professional.client]) {
      expect((await put(client, `/api/boards/posts/${post.id}`, { ...careNeed, title: 'Hijacked' })).status).toBe(403);
      expect((await client.request(`/api/boards/posts/${post.id}`, { method: 'DELETE' })).status).toBe(403);
    }
    const edited = await json<{ post: BoardPost }>(
      await put(family.client, `/api/boards/posts/${post.id}`, { ...careNeed, title: 'Edited title' }),
      200,
    );
    expect(edited.post.title).toBe('Edited title');
    expect(edited.post.editedAt).not.toBeNull();
    expect((await family.client.request(`/api/boards/posts/${post.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await t.client().get(`/api/boards/posts/${post.id}`)).status).toBe(404);
  });

  it('replies: the board’s members and the author reply; others cannot; the author is notified', async () => {
    const { post } = await json<{ post: BoardPost }>(
      await family.client.post('/api/boards/posts', { ...careNeed, title: 'Reply test need' }),
      201,
    );
    await json(
      await professional.client.post(`/api/boards/posts/${post.id}/replies`, {
        body: 'I can help, see www.example.tt.',
      }),
      201,
    );
    // Another family is not the audience of a care need.
    expect((await otherFamily.client.post(`/api/boards/posts/${post.id}/replies`, { body: 'Me too' })).status).toBe(
      403,
    );
    expect((await community.client.post(`/api/boards/posts/${post.id}/replies`, { body: 'Hello' })).status).toBe(403);
    await json(await family.client.post(`/api/boards/posts/${post.id}/replies`, { body: 'Thank you!' }), 201);
    const full = await json<{ replies: { body: string; author: { name: string } }[]; canReply: boolean }>(
      await family.client.get(`/api/boards/posts/${post.id}`),
      200,
    );
    expect(full.replies.map((r) => r.author.name)).toEqual(['Marcus J.', 'Asha R.']);
    expect(full.canReply).toBe(true);
    // The board's listing counts them too, and names the post's author.
    const listed = await json<{ posts: BoardPost[] }>(
      await professional.client.get('/api/boards/professional/posts?q=Reply%20test%20need'),
      200,
    );
    expect(listed.posts.map((p) => [p.id, p.replyCount, p.author.name])).toEqual([[post.id, 2, 'Asha R.']]);
    const empty = await json<{ error: { fields: Record<string, string> } }>(
      await professional.client.post(`/api/boards/posts/${post.id}/replies`, { body: '  ' }),
      422,
    );
    expect(empty.error.fields.body).toBe('Please write a reply.');
    const notices = await inboxTitles(family.client);
    expect(notices.find((n) => n.kind === 'board_reply')?.link).toBe(`/professional/message-board?post=${post.id}`);
  });

  it('a private conversation is reachable only by its two people', async () => {
    const { post } = await json<{ post: BoardPost }>(
      await family.client.post('/api/boards/posts', { ...careNeed, title: 'Private thread need' }),
      201,
    );
    expect((await family.client.post(`/api/boards/posts/${post.id}/threads`, { body: 'to myself' })).status).toBe(422);
    expect((await otherFamily.client.post(`/api/boards/posts/${post.id}/threads`, { body: 'hi' })).status).toBe(403);
    const { threadId } = await json<{ threadId: string }>(
      await professional.client.post(`/api/boards/posts/${post.id}/threads`, { body: 'May I call you about this?' }),
      201,
    );
    // Starting again continues the same thread.
    const again = await json<{ threadId: string }>(
      await professional.client.post(`/api/boards/posts/${post.id}/threads`, { body: 'Following up.' }),
      201,
    );
    expect(again.threadId).toBe(threadId);
    await json(await family.client.post(`/api/boards/threads/${threadId}/messages`, { body: 'Yes, after 5 pm.' }), 201);

    const mine = await json<{ messages: { body: string; isMine: boolean }[] }>(
      await professional.client.get(`/api/boards/threads/${threadId}`),
      200,
    );
    expect(mine.messages.map((m) => [m.body, m.isMine])).toEqual([
      ['May I call you about this?', true],
      ['Following up.', true],
      ['Yes, after 5 pm.', false],
    ]);
    for (const outsider of [otherProfessional, otherFamily, community, admin]) {
      expect((await outsider.client.get(`/api/boards/threads/${threadId}`)).status).toBe(404);
      expect((await outsider.client.post(`/api/boards/threads/${threadId}/messages`, { body: 'x' })).status).toBe(404);
    }
    const list = await json<{ threads: { id: string; other: { name: string }; lastMessage: string }[] }>(
      await family.client.get('/api/boards/threads'),
      200,
    );
    expect(list.threads[0]).toMatchObject({
      id: threadId,
      other: { name: 'Marcus J.' },
      lastMessage: 'Yes, after 5 pm.',
    });
    expect(
      (await inboxTitles(family.client)).some((n) => n.kind === 'board_message' && n.link.endsWith(threadId)),
    ).toBe(true);
    expect((await inboxTitles(professional.client)).some((n) => n.kind === 'board_message')).toBe(true);
  });

  it('reports go to the admin queue; hide takes the post off the board, restore and dismiss are audited', async () => {
    const { post } = await json<{ post: BoardPost }>(
      await family.client.post('/api/boards/posts', { ...careNeed, title: 'Reported post' }),
      201,
    );
    expect((await t.client().post(`/api/boards/posts/${post.id}/reports`, { reason: 'spam' })).status).toBe(401);
    expect((await family.client.post(`/api/boards/posts/${post.id}/reports`, { reason: 'mine' })).status).toBe(422);
    await json(
      await professional.client.post(`/api/boards/posts/${post.id}/reports`, { reason: 'Asks for payment up front' }),
      201,
    );
    // Twice is once.
    expect(
      await json(await professional.client.post(`/api/boards/posts/${post.id}/reports`, { reason: 'again' }), 200),
    ).toEqual({
      reported: false,
    });
    await json(
      await community.client.post(`/api/boards/posts/${post.id}/reports`, { reason: 'Looks like a scam' }),
      201,
    );

    expect((await family.client.get('/api/admin/board-reports')).status).toBe(403);
    const queue = await json<{ items: { post: BoardPost; reports: { reason: string }[] }[] }>(
      await admin.client.get('/api/admin/board-reports'),
      200,
    );
    const item = queue.items.find((i) => i.post.id === post.id)!;
    expect(item.reports.map((r) => r.reason)).toEqual(['Asks for payment up front', 'Looks like a scam']);

    expect(
      (await professional.client.post(`/api/admin/board-posts/${post.id}/moderation`, { action: 'hide' })).status,
    ).toBe(403);
    await json(await admin.client.post(`/api/admin/board-posts/${post.id}/moderation`, { action: 'hide' }), 200);
    expect((await listBoard(professional.client, 'professional')).posts.map((p) => p.id)).not.toContain(post.id);
    expect((await professional.client.get(`/api/boards/posts/${post.id}`)).status).toBe(404);
    // The author still sees it, marked hidden; so does the admin.
    expect(
      (await json<{ post: BoardPost }>(await family.client.get(`/api/boards/posts/${post.id}`), 200)).post.hidden,
    ).toBe(true);
    const mine = await json<{ posts: BoardPost[] }>(await family.client.get('/api/boards/posts/mine'), 200);
    expect(mine.posts.find((p) => p.id === post.id)?.hidden).toBe(true);
    const after = await json<{ items: { post: BoardPost }[] }>(await admin.client.get('/api/admin/board-reports'), 200);
    expect(after.items.map((i) => i.post.id)).not.toContain(post.id);

    await json(await admin.client.post(`/api/admin/board-posts/${post.id}/moderation`, { action: 'restore' }), 200);
    expect((await listBoard(professional.client, 'professional')).posts.map((p) => p.id)).toContain(post.id);
    await json(
      await otherProfessional.client.post(`/api/boards/posts/${post.id}/reports`, { reason: 'Duplicate' }),
      201,
    );
    const dismissed = await json<{ status: string; reportsClosed: number }>(
      await admin.client.post(`/api/admin/board-posts/${post.id}/moderation`, { action: 'dismiss' }),
      200,
    );
    expect(dismissed).toMatchObject({ status: 'visible', reportsClosed: 1 });

    const log = await json<{ entries: { action: string; targetId: string }[] }>(
      await admin.client.get('/api/admin/audit-log'),
      200,
    );
    expect(log.entries.filter((e) => e.targetId === post.id).map((e) => e.action)).toEqual([
      'board_post.reports_dismissed',
      'board_post.restored',
      'board_post.hidden',
    ]);
  });

  it('posting is rate-limited per person with a clear 429', async () => {
    const busy = await createVerifiedUser(t, { role: 'family' });
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      answers.push((await busy.client.post('/api/boards/posts', { ...careNeed, title: `Burst ${i}` })).status);
    }
    expect(answers.slice(0, 10).every((s) => s === 201)).toBe(true);
    const last = await busy.client.post('/api/boards/posts', { ...careNeed, title: 'One more' });
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
