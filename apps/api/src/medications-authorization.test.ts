import { afterAll, beforeAll, describe } from 'vitest';
import { addProfessional, createPlan, send } from './testing/care-plan-requests';
import { addedOnStartDate, addMedication, localToday, medicationInput, recorded } from './testing/medication-requests';
import { itAsksEachRoute, PLAN_ASKER_ROLES, signInAskers, type AskRow } from './testing/access';
import { createTestApp, type TestApp } from './testing/test-app';
import type { TestClient } from './testing/test-client';

/**
 * The medications' authorization matrix (issue 17): every medication route asked by each kind
 * of person. Access follows the plan (decision 018): owner, accepted members (a professional and
 * a relative) and admins see; the owner changes medications; the owner and accepted members
 * record doses; anyone else hears "no access" (404, as for a plan that does not exist).
 */
const ASKERS = [
  'anonymous',
  'community',
  'otherFamily',
  'otherProfessional',
  'invited',
  'member',
  'relative',
  'admin',
  'owner',
] as const;
type Asker = (typeof ASKERS)[number];

interface Targets {
  planId: string;
  medicationId: string;
  recordIds: Record<Asker, string>;
}

type Row = AskRow<Asker, Targets>;

const NOBODY_ELSE = { anonymous: 401, community: 404, otherFamily: 404, otherProfessional: 404, invited: 404 };
const VIEW: Record<Asker, number> = { ...NOBODY_ELSE, member: 200, relative: 200, admin: 200, owner: 200 };
const OWNER = (ok: number): Record<Asker, number> => ({
  ...NOBODY_ELSE,
  member: 403,
  relative: 403,
  admin: 403,
  owner: ok,
});
const RECORDER = (ok: number): Record<Asker, number> => ({
  ...NOBODY_ELSE,
  member: ok,
  relative: ok,
  admin: 403,
  owner: ok,
});

// Each asker records a different past dose so none is asked about another's record.
const HOURS: Record<Asker, string> = {
  anonymous: '00:00',
  community: '01:00',
  otherFamily: '02:00',
  otherProfessional: '03:00',
  invited: '04:00',
  member: '08:00',
  relative: '12:00',
  admin: '16:00',
  owner: '20:00',
};
const SCHEDULE = { kind: 'times', times: Object.values(HOURS).map((time) => ({ time })), repeat: 'daily' };

export const MEDICATION_ROUTES: readonly Row[] = [
  {
    method: 'GET',
    path: () => '/api/medications/figures',
    expect: { ...VIEW, ...Object.fromEntries(ASKERS.map((a) => [a, 200])), anonymous: 401 },
  },
  { method: 'GET', path: (t) => `/api/care-plans/${t.planId}/medications`, expect: VIEW },
  { method: 'GET', path: (t) => `/api/care-plans/${t.planId}/medications?days=90`, expect: VIEW },
  { method: 'GET', path: (t) => `/api/care-plans/${t.planId}/medications/report?days=30`, expect: VIEW },
  { method: 'GET', path: (t) => `/api/care-plans/${t.planId}/medications/report.csv?days=7`, expect: VIEW },
  { method: 'GET', path: (t) => `/api/care-plans/${t.planId}/doses`, expect: VIEW },
  { method: 'GET', path: (t) => `/api/dose-records/${t.recordIds.owner}/history`, expect: VIEW },
  {
    method: 'POST',
    path: (t) => `/api/care-plans/${t.planId}/medications`,
    body: () => medicationInput({ name: 'Added by the matrix' }),
    expect: OWNER(201),
  },
  {
    method: 'PUT',
    path: (t) => `/api/medications/${t.medicationId}`,
    body: () => medicationInput({ schedule: SCHEDULE }),
    expect: OWNER(200),
  },
  {
    method: 'PUT',
    path: (t) => `/api/medications/${t.medicationId}/supply`,
    body: () => ({ onHand: 30, unitsPerDose: 1, refillThresholdDays: 7 }),
    expect: OWNER(200),
  },
  {
    method: 'PUT',
    path: (t) => `/api/care-plans/${t.planId}/medication-settings`,
    body: () => ({ doseGraceMinutes: 45 }),
    expect: OWNER(200),
  },
  {
    method: 'POST',
    path: (t) => `/api/care-plans/${t.planId}/doses`,
    body: (t, asker) => ({
      medicationId: t.medicationId,
      scheduledFor: `${localToday(-2)}T${HOURS[asker]}`,
      status: 'missed',
    }),
    expect: RECORDER(201),
  },
  {
    method: 'POST',
    path: (t) => `/api/care-plans/${t.planId}/doses/bulk`,
    body: () => ({ date: localToday(-3), period: 'morning' }),
    expect: RECORDER(200),
  },
  {
    method: 'POST',
    path: (t, asker) => `/api/dose-records/${t.recordIds[asker]}/correct`,
    body: () => ({ status: 'missed', note: 'Corrected' }),
    expect: RECORDER(201),
  },
  // Last: a stopped medication takes no more records.
  { method: 'POST', path: (t) => `/api/medications/${t.medicationId}/stop`, expect: OWNER(200) },
];

describe('medication routes: who may call them', () => {
  let t: TestApp;
  let clients: ReadonlyMap<Asker, TestClient>;
  let targets: Targets;

  beforeAll(async () => {
    t = await createTestApp();
    const signedIn = await signInAskers<Asker>(t, { ...PLAN_ASKER_ROLES, relative: 'family' });
    const users = signedIn.users;
    clients = signedIn.clients;
    const owner = users.get('owner')!;
    const planId = await createPlan(owner.client, { startDate: localToday(-30) });
    await addProfessional(owner.client, planId, users.get('member')!);
    // The relative joins by e-mail invitation and accepts.
    const relative = users.get('relative')!;
    const invited = await send(owner.client, 'POST', `/api/care-plans/${planId}/invitations`, {
      kind: 'family',
      email: relative.email,
      teamRole: 'family_member',
    });
    const { memberId } = (await invited.json()) as { memberId: string };
    const accepted = await send(relative.client, 'POST', `/api/invitations/${memberId}/accept`);
    if (accepted.status !== 200) throw new Error(`relative accept answered ${accepted.status}`);
    await send(owner.client, 'POST', `/api/care-plans/${planId}/invitations`, {
      kind: 'professional',
      professionalId: users.get('invited')!.id,
      teamRole: 'nurse',
    });
    const medicationId = await addMedication(owner.client, planId, { startDate: localToday(-10), schedule: SCHEDULE });
    // Used since its start date, so past doses are expected (issue 28).
    await addedOnStartDate(t.database.db, medicationId);
    // A record per asker to correct (corrections by others refused must not use it up).
    const recordIds = {} as Record<Asker, string>;
    for (const asker of ASKERS) {
      recordIds[asker] = await recorded(owner.client, planId, {
        medicationId,
        scheduledFor: `${localToday(-4)}T${HOURS[asker]}`,
        status: 'missed',
      });
    }
    targets = { planId, medicationId, recordIds };
  });
  afterAll(() => t.close());

  const placeholder = {
    planId: ':planId',
    medicationId: ':medicationId',
    recordIds: new Proxy({}, { get: () => ':recordId' }),
  } as Targets;
  itAsksEachRoute(MEDICATION_ROUTES, ASKERS, () => ({ clients, targets }), placeholder);
});
