import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLimit } from '../../db/schema/auth';
import { boardRateLimits } from '../../db/schema/boards';
import { supportRateLimits } from '../../db/schema/support';
import { FORMER_MEMBER } from '../../lib/account-deletion';
import { createPlan, send } from '../../testing/care-plan-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

interface NotificationJson {
  kind: string;
  title: string;
}

/**
 * Issue 32, item 5: a deleted account leaves no name behind. Before, the person's full name stayed
 * in other people's notifications ("Asha Ramdial accepted your invitation") and their id and
 * address in rate-limit keys.
 */
describe('self-delete: no name or id left behind', () => {
  let t: TestApp;
  let owner: TestUser;
  let relative: TestUser;
  let planId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createVerifiedUser(t, { role: 'family' });
    relative = await createVerifiedUser(t, { role: 'family', firstName: 'Asha', lastName: 'Ramdial' });
    planId = await createPlan(owner.client, { title: 'Care for Mum' });
  });
  afterAll(() => t.close());

  it('notifications about them say "A former member"; their rate-limit keys go', async () => {
    const invited = await send(owner.client, 'POST', `/api/care-plans/${planId}/invitations`, {
      kind: 'family',
      email: relative.email,
      teamRole: 'family_member',
    });
    expect(invited.status).toBe(201);
    const { memberId } = (await invited.json()) as { memberId: string };
    expect((await send(relative.client, 'POST', `/api/invitations/${memberId}/accept`)).status).toBe(200);

    const before = (await (await owner.client.get('/api/notifications')).json()) as {
      items: NotificationJson[];
    };
    const accepted = before.items.find((n) => n.kind === 'invitation_accepted');
    expect(accepted?.title).toBe('Asha Ramdial accepted your invitation to Care for Mum');

    // Counters keyed by their id (a board post) and by their address (a wrong password).
    const post = await relative.client.post('/api/boards/posts', {
      type: 'care_need',
      title: 'Evening carer needed in Arima',
      region: 'arima',
      urgency: 'within_48_hours',
      details: 'Help with evening routines for my mother, three evenings a week.',
      careCodes: ['in_home_care'],
    });
    expect(post.status).toBe(201);
    const wrong = await t
      .client()
      .post('/api/auth/sign-in/email', { email: relative.email, password: 'Not-The-One-99' });
    expect(wrong.status).toBe(401);
    const keysAbout = async () => {
      const matches = (table: typeof accountLimit) =>
        t.database.db
          .select({ key: table.key })
          .from(table)
          .where(
            sql`strpos(${table.key}, ${relative.id}) > 0 or strpos(lower(${table.key}), ${relative.email.toLowerCase()}) > 0`,
          );
      return [
        ...(await matches(accountLimit)),
        ...(await matches(boardRateLimits)),
        ...(await matches(supportRateLimits)),
      ].map((r) => r.key);
    };
    expect((await keysAbout()).length).toBeGreaterThanOrEqual(2);

    const deleted = await relative.client.post('/api/account/delete', {
      password: relative.password,
      confirmation: 'DELETE',
    });
    expect(deleted.status).toBe(200);

    const after = (await (await owner.client.get('/api/notifications')).json()) as {
      items: NotificationJson[];
    };
    const kept = after.items.find((n) => n.kind === 'invitation_accepted');
    expect(kept?.title).toBe(`${FORMER_MEMBER} accepted your invitation to Care for Mum`);
    expect(JSON.stringify(after)).not.toMatch(/Asha|Ramdial/);
    expect(await keysAbout()).toEqual([]);
  });
});
