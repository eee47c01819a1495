import type { Role } from '@tavara/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan, send } from './testing/care-plan-requests';
import {
  addToCircle,
  answerOfferAs,
  offerOn,
  postHelpRequest,
  setRegions,
  shareRequest,
} from './testing/circle-requests';
import { itAsksEachRoute, askOrder, signInAskers, type AskRow } from './testing/access';
import { createTestApp, type TestApp } from './testing/test-app';
import type { TestClient } from './testing/test-client';

/**
 * Help from the wider community (issue 30, item 3): every community-help route, asked by each kind
 * of person — signed out, a community member outside the request's region, another family, a
 * professional, a circle member (community, another region), a helper whose offer was declined, an
 * admin, a helper whose offer was accepted, a community member in the region and the family.
 * Refused askers go first, so their calls cannot change what the next one meets.
 */
const ROLES = {
  communityOut: 'community',
  otherFamily: 'family',
  professional: 'professional',
  circleMember: 'community',
  declinedHelper: 'community',
  admin: 'admin',
  acceptedHelper: 'community',
  communityIn: 'community',
  owner: 'family',
} as const satisfies Record<string, Role>;
const ASKERS = askOrder(ROLES);
type Asker = (typeof ASKERS)[number];
const IN_REGION = new Set<Asker>(['declinedHelper', 'acceptedHelper', 'communityIn']);

interface Targets {
  planId: string;
  sharedRequest: string;
  privateRequest: string;
  acceptedRequest: string;
  offerToWithdraw: string;
  offerToAccept: string;
  offerToDecline: string;
}
type Row = AskRow<Asker, Targets>;

const COMMUNITY = { communityOut: 200, circleMember: 200, declinedHelper: 200, acceptedHelper: 200, communityIn: 200 };
/** Community members only: everyone else is told the role may not (403), a visitor to sign in. */
const communityOnly = (ok: Partial<Record<Asker, number>>) =>
  ({
    anonymous: 401,
    otherFamily: 403,
    professional: 403,
    admin: 403,
    owner: 403,
    ...COMMUNITY,
    ...ok,
  }) as Record<Asker, number>;
/** The family's own: outside the village "not found", inside it (circle, admin, helper) 403. */
const FAMILY = (ok: number): Record<Asker, number> => ({
  anonymous: 401,
  communityOut: 404,
  otherFamily: 404,
  professional: 404,
  circleMember: 403,
  declinedHelper: 404,
  admin: 403,
  acceptedHelper: 404,
  communityIn: 404,
  owner: ok,
});

export const COMMUNITY_HELP_ROUTES: readonly Row[] = [
  { method: 'GET', path: () => '/api/community/help-regions', expect: communityOnly({}) },
  {
    method: 'PUT',
    path: () => '/api/community/help-regions',
    // Each asker keeps the region they had: in the region 'arima', out of it 'couva'.
    body: (_t, asker) => ({ regions: [IN_REGION.has(asker) ? 'arima' : 'couva'] }),
    expect: communityOnly({}),
  },
  { method: 'GET', path: () => '/api/community/help-requests', expect: communityOnly({}) },
  { method: 'GET', path: () => '/api/community/help', expect: communityOnly({}) },
  {
    method: 'POST',
    path: (t) => `/api/help-requests/${t.sharedRequest}/offers`,
    expect: communityOnly({
      communityOut: 403,
      circleMember: 403,
      declinedHelper: 201,
      acceptedHelper: 201,
      communityIn: 201,
    }),
  },
  {
    method: 'POST',
    path: (t) => `/api/help-requests/${t.privateRequest}/offers`,
    expect: communityOnly({
      communityOut: 404,
      circleMember: 404,
      declinedHelper: 404,
      acceptedHelper: 404,
      communityIn: 404,
    }),
  },
  {
    method: 'PUT',
    path: (t) => `/api/help-requests/${t.acceptedRequest}/public`,
    body: () => ({ region: 'arima' }),
    // The accepted helper is that request's helper, not its organiser.
    expect: { ...FAMILY(200), acceptedHelper: 403 },
  },
  {
    method: 'POST',
    path: (t) => `/api/help-offers/${t.offerToWithdraw}/withdraw`,
    expect: communityOnly({
      communityOut: 404,
      circleMember: 404,
      declinedHelper: 404,
      acceptedHelper: 404,
      communityIn: 200,
    }),
  },
  { method: 'POST', path: (t) => `/api/help-offers/${t.offerToDecline}/decline`, expect: FAMILY(200) },
  { method: 'POST', path: (t) => `/api/help-offers/${t.offerToAccept}/accept`, expect: FAMILY(200) },
];

describe('community help routes: who may call them', () => {
  let t: TestApp;
  let clients: ReadonlyMap<Asker | 'anonymous', TestClient>;
  let targets: Targets;

  beforeAll(async () => {
    t = await createTestApp();
    const signedIn = await signInAskers<Asker>(t, ROLES);
    clients = signedIn.clients;
    const client = (asker: Asker) => clients.get(asker)!;
    const owner = client('owner');
    const planId = await createPlan(owner);
    await addToCircle(owner, planId, signedIn.users.get('circleMember')!);
    for (const asker of ASKERS) {
      if (ROLES[asker as Exclude<Asker, 'anonymous'>] === 'community')
        await setRegions(client(asker), [IN_REGION.has(asker) ? 'arima' : 'couva']);
    }
    const shared = async (overrides: Record<string, unknown> = {}) => {
      const id = await postHelpRequest(owner, planId, overrides);
      await shareRequest(owner, id, 'arima');
      return id;
    };
    const acceptedRequest = await shared({ title: 'Accepted' });
    await answerOfferAs(owner, await offerOn(client('acceptedHelper'), acceptedRequest), 'accept');
    const declinedRequest = await shared({ title: 'Declined' });
    await answerOfferAs(owner, await offerOn(client('declinedHelper'), declinedRequest), 'decline');
    targets = {
      planId,
      sharedRequest: await shared({ helpersNeeded: 10 }),
      privateRequest: await postHelpRequest(owner, planId, { title: 'Only the circle' }),
      acceptedRequest,
      offerToWithdraw: await offerOn(client('communityIn'), await shared({ title: 'Withdraw' })),
      offerToAccept: await offerOn(client('communityIn'), await shared({ title: 'Accept' })),
      offerToDecline: await offerOn(client('communityIn'), await shared({ title: 'Decline' })),
    };
  });
  afterAll(() => t.close());

  itAsksEachRoute(COMMUNITY_HELP_ROUTES, ASKERS, () => ({ clients, targets }));

  it('an accepted or declined helper is a stranger to the plan and its village pages', async () => {
    const paths = [
      `/api/care-plans/${targets.planId}`,
      `/api/care-plans/${targets.planId}/circle`,
      `/api/care-plans/${targets.planId}/help-requests`,
      `/api/care-plans/${targets.planId}/contacts`,
      `/api/care-plans/${targets.planId}/medications`,
    ];
    const answers = async (asker: Asker) => {
      const out: string[] = [];
      for (const path of paths) {
        const res = await send(clients.get(asker)!, 'GET', path);
        out.push(`${path.replace(targets.planId, ':planId')} → ${res.status} ${await res.text()}`);
      }
      return out;
    };
    const stranger = await answers('communityOut');
    expect(await answers('acceptedHelper')).toEqual(stranger);
    expect(await answers('declinedHelper')).toEqual(stranger);
    expect(stranger.every((line) => / → 404 /.test(line))).toBe(true);
  });
});
