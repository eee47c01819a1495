import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

interface Mine {
  currentPlan: string;
  interests: { planCode: string }[];
}

describe('subscriptions', () => {
  let t: TestApp;
  let family: TestUser;
  let professional: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    family = await createVerifiedUser(t, { role: 'family' });
    professional = await createVerifiedUser(t, { role: 'professional' });
    admin = await createVerifiedUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('everyone is on their free plan: nothing can be bought', async () => {
    expect(((await (await family.client.get('/api/subscription')).json()) as Mine).currentPlan).toBe('family_basic');
    expect(((await (await professional.client.get('/api/subscription')).json()) as Mine).currentPlan).toBe(
      'professional_basic',
    );
    expect((await t.client().get('/api/subscription')).status).toBe(401);
  });

  it('interest is the asker’s own, once per plan; only paid plans; admins see who asked', async () => {
    const first = await send(family.client, 'POST', '/api/subscription/interest', { planCode: 'family_plus' });
    expect(first.status).toBe(201);
    const again = await Promise.all(
      [1, 2, 3].map(() => send(family.client, 'POST', '/api/subscription/interest', { planCode: 'family_plus' })),
    );
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await send(family.client, 'POST', '/api/subscription/interest', { planCode: 'family_basic' })).status).toBe(
      422,
    );
    expect((await send(family.client, 'POST', '/api/subscription/interest', { planCode: 'gold' })).status).toBe(422);
    await send(professional.client, 'POST', '/api/subscription/interest', { planCode: 'professional_pro' });

    const mine = (await (await family.client.get('/api/subscription')).json()) as Mine;
    expect(mine.interests.map((i) => i.planCode)).toEqual(['family_plus']);
    // The professional withdrawing "family_plus" touches nobody else's row.
    await send(professional.client, 'DELETE', '/api/subscription/interest/family_plus');
    expect(((await (await family.client.get('/api/subscription')).json()) as Mine).interests).toHaveLength(1);

    expect((await family.client.get('/api/admin/subscription-interest')).status).toBe(403);
    const seen = (await (await admin.client.get('/api/admin/subscription-interest')).json()) as {
      counts: { planCode: string; count: number }[];
      entries: { planCode: string; email: string }[];
    };
    expect(seen.counts).toEqual([
      { planCode: 'family_plus', count: 1 },
      { planCode: 'professional_pro', count: 1 },
    ]);
    expect(seen.entries.map((e) => e.email).sort()).toEqual([family.email, professional.email].sort());

    const withdrawn = await send(family.client, 'DELETE', '/api/subscription/interest/family_plus');
    expect(((await withdrawn.json()) as Mine).interests).toEqual([]);
  });
});
