import { CIRCLE_MESSAGES } from '@tavara/shared/care-circle/care-circle';
import { COMMUNITY_HELP_MESSAGES, PUBLIC_HELP_REQUEST_KEYS } from '@tavara/shared/care-circle/community-help';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpSignups } from '../../db/schema/care-circle';
import { notifications } from '../../db/schema/notifications';
import { createPlan, send } from '../../testing/care-plan-requests';
import { answerOfferAs, offerOn, postHelpRequest, setRegions, shareRequest } from '../../testing/circle-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

interface PublicJson {
  regions: string[];
  requests: Array<Record<string, unknown> & { id: string; myOffer: { id: string; status: string } | null }>;
}
interface MineJson {
  offers: Array<{
    id: string;
    status: string;
    task: { signupId: string; title: string; place: string | null; notes: string | null } | null;
    thanks: { message: string | null } | null;
  }>;
  thanks: Array<{ offerId: string; message: string | null }>;
}

const PRIVATE = {
  title: 'Ride to the dialysis unit',
  place: '12 Rosewood Drive, Arima',
  notes: 'Mum has kidney failure; bring the wheelchair.',
};

async function publicOf(client: TestUser['client']) {
  const res = await send(client, 'GET', '/api/community/help-requests');
  expect(res.status).toBe(200);
  return { text: await res.clone().text(), body: (await res.json()) as PublicJson };
}
async function mineOf(client: TestUser['client']) {
  const res = await send(client, 'GET', '/api/community/help');
  expect(res.status).toBe(200);
  return (await res.json()) as MineJson;
}

describe('community help: public requests, offers and their answers', () => {
  let t: TestApp;
  let owner: TestUser;
  let neighbour: TestUser;
  let planId: string;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
    owner = await createVerifiedUser(t, { role: 'family', firstName: 'Joyce', lastName: 'Ramdass' });
    neighbour = await createVerifiedUser(t, { role: 'community', firstName: 'Kwame', lastName: 'Baptiste' });
    await setRegions(neighbour.client, ['arima', 'san_juan']);
    planId = await createPlan(owner.client);
  });
  afterAll(() => t.close());

  it('a shared request holds only the first name, region, kind and time: no title, place, notes or plan', async () => {
    const id = await postHelpRequest(owner.client, planId, PRIVATE);
    expect((await publicOf(neighbour.client)).body.requests.map((r) => r.id)).not.toContain(id);
    await shareRequest(owner.client, id, 'arima');
    const { text, body } = await publicOf(neighbour.client);
    const shared = body.requests.find((r) => r.id === id)!;
    expect(Object.keys(shared)).toEqual([...PUBLIC_HELP_REQUEST_KEYS]);
    expect(shared).toMatchObject({ firstName: 'Joyce', region: 'arima', kind: 'ride', myOffer: null });
    for (const secret of [PRIVATE.title, PRIVATE.place, PRIVATE.notes, 'Ramdass', planId, 'dialysis', 'Rosewood'])
      expect(text).not.toContain(secret);
    expect(body.regions).toEqual(['arima', 'san_juan']);
  });

  it('only community members in the region see it; a full, cancelled or taken-back request leaves the list', async () => {
    const elsewhere = await createVerifiedUser(t, { role: 'community' });
    await setRegions(elsewhere.client, ['scarborough']);
    const none = await createVerifiedUser(t, { role: 'community' });
    const id = await postHelpRequest(owner.client, planId, { title: 'Visit' });
    await shareRequest(owner.client, id, 'san_juan');
    expect((await publicOf(neighbour.client)).body.requests.map((r) => r.id)).toContain(id);
    // Regions but nothing shared there: the regions still come back (their own read).
    expect((await publicOf(elsewhere.client)).body).toEqual({ regions: ['scarborough'], requests: [] });
    expect((await publicOf(none.client)).body).toEqual({ regions: [], requests: [] });
    const offer = await send(elsewhere.client, 'POST', `/api/help-requests/${id}/offers`);
    expect(offer.status).toBe(403);
    expect(((await offer.json()) as { error: { message: string } }).error.message).toBe(
      COMMUNITY_HELP_MESSAGES.notInRegion,
    );

    // Taken back: it is gone, and the offer waiting on it is answered.
    const waiting = await offerOn(neighbour.client, id);
    await shareRequest(owner.client, id, null);
    expect((await publicOf(neighbour.client)).body.requests.map((r) => r.id)).not.toContain(id);
    expect((await mineOf(neighbour.client)).offers.find((o) => o.id === waiting)?.status).toBe('declined');
    const again = await send(neighbour.client, 'POST', `/api/help-requests/${id}/offers`);
    expect(again.status).toBe(404);

    // Full: its one slot went to an offer.
    const full = await postHelpRequest(owner.client, planId, { title: 'Full' });
    await shareRequest(owner.client, full, 'arima');
    const other = await createVerifiedUser(t, { role: 'community' });
    await setRegions(other.client, ['arima']);
    await answerOfferAs(owner.client, await offerOn(other.client, full), 'accept');
    expect((await publicOf(neighbour.client)).body.requests.map((r) => r.id)).not.toContain(full);
  });

  it('the family sees the offer, accepts it; the helper then sees the place and notes, marks it done and is thanked', async () => {
    const id = await postHelpRequest(owner.client, planId, PRIVATE);
    await shareRequest(owner.client, id, 'arima');
    const offerId = await offerOn(neighbour.client, id);
    const twice = await send(neighbour.client, 'POST', `/api/help-requests/${id}/offers`);
    expect(twice.status).toBe(409);
    expect((await publicOf(neighbour.client)).body.requests.find((r) => r.id === id)?.myOffer).toEqual({
      id: offerId,
      status: 'offered',
    });
    // Before the answer the helper sees no place.
    expect((await mineOf(neighbour.client)).offers.find((o) => o.id === offerId)?.task).toBeNull();
    const offered = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, 'help_offered')));
    expect(offered.length).toBeGreaterThan(0);

    const list = await send(owner.client, 'GET', `/api/care-plans/${planId}/help-requests`);
    const request = (
      (await list.json()) as {
        requests: Array<{ id: string; publicRegion: string; offers: Array<{ id: string; name: string }> }>;
      }
    ).requests.find((r) => r.id === id)!;
    expect(request.publicRegion).toBe('arima');
    expect(request.offers).toEqual([expect.objectContaining({ id: offerId, name: 'Kwame Baptiste' })]);

    const accepted = await answerOfferAs(owner.client, offerId, 'accept');
    expect(accepted.status).toBe('accepted');
    const answered = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, neighbour.id), eq(notifications.kind, 'help_offer_answered')));
    expect(answered.length).toBe(1);
    const mine = (await mineOf(neighbour.client)).offers.find((o) => o.id === offerId)!;
    expect(mine.status).toBe('accepted');
    expect(mine.task).toMatchObject({ title: PRIVATE.title, place: PRIVATE.place, notes: PRIVATE.notes });
    const tasks = (await (await send(neighbour.client, 'GET', '/api/help-tasks')).json()) as {
      tasks: Array<{ requestId: string; fromCommunity: boolean; place: string }>;
    };
    expect(tasks.tasks.find((task) => task.requestId === id)).toMatchObject({
      fromCommunity: true,
      place: PRIVATE.place,
    });

    // The helper's own sign-up is theirs to mark done; the family thanks them.
    const signupId = mine.task!.signupId;
    expect((await send(neighbour.client, 'POST', `/api/help-signups/${signupId}/done`)).status).toBe(200);
    const thanks = await send(owner.client, 'POST', `/api/help-signups/${signupId}/thanks`, { message: 'Bless you' });
    expect(thanks.status).toBe(200);
    expect((await mineOf(neighbour.client)).thanks).toEqual([
      expect.objectContaining({ offerId, message: 'Bless you' }),
    ]);
    // An answered offer cannot be answered again.
    expect((await send(owner.client, 'POST', `/api/help-offers/${offerId}/decline`)).status).toBe(404);
  });

  it('20 offers accepted at once for a one-helper request: exactly one winner, by the database', async () => {
    const id = await postHelpRequest(owner.client, planId, { title: 'One ride', helpersNeeded: 1 });
    await shareRequest(owner.client, id, 'arima');
    const helpers = await Promise.all(Array.from({ length: 20 }, () => createVerifiedUser(t, { role: 'community' })));
    const offers: string[] = [];
    for (const helper of helpers) {
      await setRegions(helper.client, ['arima']);
      offers.push(await offerOn(helper.client, id));
    }
    const answers = await Promise.all(
      offers.map((offerId) => send(owner.client, 'POST', `/api/help-offers/${offerId}/accept`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refused = answers.find((a) => a.status === 409)!;
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(CIRCLE_MESSAGES.slotsFull);
    const live = await t.database.db
      .select()
      .from(helpSignups)
      .where(and(eq(helpSignups.requestId, id), eq(helpSignups.status, 'coming')));
    expect(live).toHaveLength(1);
  });

  it('a declined helper is told kindly and sees no place; a withdrawn offer can be made again', async () => {
    const id = await postHelpRequest(owner.client, planId, PRIVATE);
    await shareRequest(owner.client, id, 'arima');
    const offerId = await offerOn(neighbour.client, id);
    await answerOfferAs(owner.client, offerId, 'decline');
    const mine = (await mineOf(neighbour.client)).offers.find((o) => o.id === offerId)!;
    expect(mine).toMatchObject({ status: 'declined', task: null });
    expect(JSON.stringify(mine)).not.toContain('Rosewood');

    const next = await postHelpRequest(owner.client, planId, { title: 'Shopping' });
    await shareRequest(owner.client, next, 'arima');
    const first = await offerOn(neighbour.client, next);
    expect((await send(neighbour.client, 'POST', `/api/help-offers/${first}/withdraw`)).status).toBe(200);
    expect((await send(neighbour.client, 'POST', `/api/help-offers/${first}/withdraw`)).status).toBe(404);
    await offerOn(neighbour.client, next);
  });

  it('refuses a bad region with a message, not a 500', async () => {
    const res = await send(neighbour.client, 'PUT', '/api/community/help-regions', { regions: ['atlantis'] });
    expect(res.status).toBe(422);
    const share = await send(
      owner.client,
      'PUT',
      `/api/help-requests/${await postHelpRequest(owner.client, planId)}/public`,
      {
        region: 'atlantis',
      },
    );
    expect(share.status).toBe(422);
  });
});
