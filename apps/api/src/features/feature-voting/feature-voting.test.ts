import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_SEED } from '../../db/seed/features.seed';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { countUserVotes } from './feature-voting.service';

interface FeatureRow {
  id: string;
  title: string;
  status: string;
  voteCount: number;
}

async function listFeatures(t: TestApp): Promise<FeatureRow[]> {
  const res = await t.app.request('/api/features');
  expect(res.status).toBe(200);
  return ((await res.json()) as { features: FeatureRow[] }).features;
}

async function votesFor(t: TestApp, featureId: string): Promise<number> {
  return (await listFeatures(t)).find((f) => f.id === featureId)?.voteCount ?? -1;
}

describe('feature list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('anyone can read the seeded features in their listed order, with vote counts', async () => {
    const features = await listFeatures(t);
    expect(features.map((f) => f.id)).toEqual(FEATURE_SEED.map((f) => f.id));
    expect(features[0]).toMatchObject({ title: 'Profile Management (Family)', status: 'in_development', voteCount: 0 });
  });
});

describe('feature voting', () => {
  let t: TestApp;
  let family: TestUser;
  let professional: TestUser;
  let community: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    family = await createVerifiedUser(t, { role: 'family' });
    professional = await createVerifiedUser(t, { role: 'professional' });
    community = await createVerifiedUser(t, { role: 'community' });
    admin = await createVerifiedUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('signed out: voting, withdrawing and reading my votes all answer 401 and change nothing', async () => {
    const anonymous = t.client();
    for (const res of [
      await anonymous.post('/api/features/care-team-chat/vote'),
      await anonymous.request('/api/features/care-team-chat/vote', { method: 'DELETE' }),
      await anonymous.get('/api/features/my-votes'),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
    expect(await votesFor(t, 'care-team-chat')).toBe(0);
  });

  it('every role can vote once per feature: the second vote records nothing and says so', async () => {
    for (const [i, user] of [family, professional, community, admin].entries()) {
      const first = await user.client.post('/api/features/medication-reminders/vote');
      expect(first.status).toBe(201);
      expect(await first.json()).toMatchObject({ recorded: true, hasVoted: true, voteCount: i + 1 });
      const again = await user.client.post('/api/features/medication-reminders/vote');
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ recorded: false, hasVoted: true, voteCount: i + 1 });
    }
    expect(await votesFor(t, 'medication-reminders')).toBe(4);
    const mine = await family.client.get('/api/features/my-votes');
    expect(await mine.json()).toEqual({ featureIds: ['medication-reminders'] });
  });

  it('twenty concurrent clicks by one user make exactly one row', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => professional.client.post('/api/features/calendar-integration/vote')),
    );
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Array<{ recorded: boolean }>;
    expect(responses.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(bodies.filter((b) => b.recorded)).toHaveLength(1);
    expect(await countUserVotes(t.database.db, 'calendar-integration', professional.id)).toBe(1);
    expect(await votesFor(t, 'calendar-integration')).toBe(1);
  });

  it('a user withdraws their own vote; another user cannot withdraw it for them', async () => {
    await family.client.post('/api/features/view-events/vote');
    await community.client.post('/api/features/view-events/vote');
    expect(await votesFor(t, 'view-events')).toBe(2);

    // The non-owner's DELETE only ever touches their own (absent) vote.
    const other = await professional.client.request('/api/features/view-events/vote', { method: 'DELETE' });
    expect(other.status).toBe(200);
    expect(await other.json()).toMatchObject({ withdrawn: false, voteCount: 2 });

    const own = await family.client.request('/api/features/view-events/vote', { method: 'DELETE' });
    expect(await own.json()).toMatchObject({ withdrawn: true, hasVoted: false, voteCount: 1 });
    expect(await countUserVotes(t.database.db, 'view-events', family.id)).toBe(0);
    expect(await countUserVotes(t.database.db, 'view-events', community.id)).toBe(1);

    // Voting again after withdrawing counts again.
    const again = await family.client.post('/api/features/view-events/vote');
    expect(await again.json()).toMatchObject({ recorded: true, voteCount: 2 });
  });

  it('an unknown feature answers 404', async () => {
    const res = await family.client.post('/api/features/no-such-feature/vote');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('a cookie-carrying vote from another site is refused (403) and records nothing', async () => {
    const res = await family.client.post('/api/features/care-reports/vote', {}, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await votesFor(t, 'care-reports')).toBe(0);
  });
});
