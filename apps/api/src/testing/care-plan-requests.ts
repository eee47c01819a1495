import { DEFAULT_TIME_ZONE } from '@tavara/shared/care-plans/care-plans';
import { addLocalDays, localDateOf, weekStart } from '../domain/plan-time';
import type { TestClient } from './test-client';

/**
 * Care-plan requests as the web app makes them (issue 16), for the care-plan tests and the
 * authorization matrix.
 */

/** A JSON body, or a FormData one sent as the browser sends it (multipart, its own boundary). */
export function send(client: TestClient, method: string, path: string, body?: unknown) {
  if (body instanceof FormData) return client.request(path, { method, body });
  return client.request(path, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

/**
 * The Monday eight weeks after this week's, in the plan zone. Fixtures are dated relative to it so
 * they always lie in the future (a fixed date would start failing once it passed: shifts that
 * ended are missed, default ranges start today, only upcoming shifts reopen).
 */
export const BASE_MONDAY = weekStart(
  addLocalDays(localDateOf(new Date(), DEFAULT_TIME_ZONE), 8 * 7, DEFAULT_TIME_ZONE),
  DEFAULT_TIME_ZONE,
);

/** The plan-local date `offset` days after BASE_MONDAY (`day(0)` is that Monday, `day(4)` its Friday). */
export function day(offset: number): string {
  return addLocalDays(BASE_MONDAY, offset, DEFAULT_TIME_ZONE);
}

/** A valid plan: weekday days and weeknights, from `startDate` (default `day(0)`, a Monday). */
export function planInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Care for Mum',
    description: 'Help at home on weekdays and nights.',
    recipientName: 'Joyce Ramdass',
    planType: 'scheduled',
    weekdayCoverage: ['weekday_8am_4pm', 'weekday_6pm_8am'],
    weekendCoverage: [],
    extraShifts: [],
    startDate: day(0),
    endDate: null,
    notes: null,
    ...overrides,
  };
}

export async function createPlan(client: TestClient, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await send(client, 'POST', '/api/care-plans', planInput(overrides));
  if (res.status !== 201) throw new Error(`create plan answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { plan: { id: string } }).plan.id;
}

/** Invites `professionalId` and has them accept: returns the membership id. */
export async function addProfessional(
  owner: TestClient,
  planId: string,
  professional: { id: string; client: TestClient },
) {
  const invited = await send(owner, 'POST', `/api/care-plans/${planId}/invitations`, {
    kind: 'professional',
    professionalId: professional.id,
    teamRole: 'caregiver',
  });
  if (invited.status !== 201) throw new Error(`invite answered ${invited.status}: ${await invited.text()}`);
  const { memberId } = (await invited.json()) as { memberId: string };
  const accepted = await send(professional.client, 'POST', `/api/invitations/${memberId}/accept`);
  if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${await accepted.text()}`);
  return memberId;
}

export interface ShiftJson {
  id: string;
  start: string;
  end: string;
  status: string;
  assigneeId: string | null;
  localDate: string;
  shiftCode: string | null;
}

export async function planShifts(client: TestClient, planId: string, from: string, to: string): Promise<ShiftJson[]> {
  const res = await client.get(`/api/care-plans/${planId}/shifts?from=${from}&to=${to}`);
  if (res.status !== 200) throw new Error(`shifts answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { shifts: ShiftJson[] }).shifts;
}
