import { send } from './care-plan-requests';
import type { TestClient } from './test-client';

/** Care-circle requests as the web app makes them (issue 30), for the circle's tests and matrix. */

/** Invites `email` to the plan's circle: returns the invitation (membership) id. */
export async function inviteToCircle(owner: TestClient, planId: string, email: string) {
  const res = await send(owner, 'POST', `/api/care-plans/${planId}/circle/invitations`, { email });
  if (res.status !== 201) throw new Error(`circle invite answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { memberId: string }).memberId;
}

/** Invites `person` to the circle and has them accept: returns the membership id. */
export async function addToCircle(owner: TestClient, planId: string, person: { email: string; client: TestClient }) {
  const memberId = await inviteToCircle(owner, planId, person.email);
  const res = await send(person.client, 'POST', `/api/circle-invitations/${memberId}/accept`);
  if (res.status !== 200) throw new Error(`circle accept answered ${res.status}: ${await res.text()}`);
  return memberId;
}

/** A help request's body: tomorrow-ish by default (plan-local times). */
export function helpInput(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'ride',
    title: 'Ride to the clinic',
    start: '2099-03-02T09:00',
    end: '2099-03-02T11:00',
    place: '12 Rosewood Drive, Arima',
    notes: 'Mum walks slowly; park close to the door.',
    helpersNeeded: 1,
    ...overrides,
  };
}

export async function postHelpRequest(client: TestClient, planId: string, overrides: Record<string, unknown> = {}) {
  const res = await send(client, 'POST', `/api/care-plans/${planId}/help-requests`, helpInput(overrides));
  if (res.status !== 201) throw new Error(`help request answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

export async function signUpFor(client: TestClient, requestId: string) {
  const res = await send(client, 'POST', `/api/help-requests/${requestId}/signups`);
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** Sets a community member's help regions (issue 30, item 3). */
export async function setRegions(client: TestClient, regions: string[]) {
  const res = await send(client, 'PUT', '/api/community/help-regions', { regions });
  if (res.status !== 200) throw new Error(`help regions answered ${res.status}: ${await res.text()}`);
}

/** The family shares a request with a region's community members. */
export async function shareRequest(owner: TestClient, requestId: string, region: string | null = 'arima') {
  const res = await send(owner, 'PUT', `/api/help-requests/${requestId}/public`, { region });
  if (res.status !== 200) throw new Error(`share answered ${res.status}: ${await res.text()}`);
}

/** A community member offers to help: returns the offer id. */
export async function offerOn(client: TestClient, requestId: string) {
  const res = await send(client, 'POST', `/api/help-requests/${requestId}/offers`);
  if (res.status !== 201) throw new Error(`offer answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** The family accepts or declines an offer: returns the answer's body. */
export async function answerOfferAs(owner: TestClient, offerId: string, answer: 'accept' | 'decline') {
  const res = await send(owner, 'POST', `/api/help-offers/${offerId}/${answer}`);
  if (res.status !== 200) throw new Error(`${answer} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id: string; status: string; signupId: string | null };
}
