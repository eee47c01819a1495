/**
 * The village's authorization matrices (issue 30; decision 038): the care circle's and the updates
 * feed's each ask their routes as the same ten people of one plan's village, set up the same way.
 * Declared here once, so that a new kind of village member joins both matrices.
 */
import type { Role } from '@tavara/shared/roles';
import { askOrder, signInAskers } from './access';
import { addProfessional, createPlan, send } from './care-plan-requests';
import { addToCircle, inviteToCircle } from './circle-requests';
import type { TestApp } from './test-app';

/**
 * The owner's plan and the people around it: a team member, a circle member, someone invited to
 * the circle who has not accepted, someone removed from it, strangers of each role and an admin
 * — in the order they are asked, refused askers first (a visitor, signed out, before them all).
 */
const VILLAGE_ASKER_ROLES = {
  community: 'community',
  otherFamily: 'family',
  otherProfessional: 'professional',
  circleInvited: 'community',
  circleRemoved: 'community',
  teamMember: 'professional',
  admin: 'admin',
  circleMember: 'community',
  owner: 'family',
} as const satisfies Record<string, Role>;
const VILLAGE_ASKERS = askOrder(VILLAGE_ASKER_ROLES);
export type VillageAsker = (typeof VILLAGE_ASKERS)[number];

/** What everyone outside the village hears on the plan's village routes: "not found", a visitor 401. */
const VILLAGE_OUTSIDERS = {
  anonymous: 401,
  community: 404,
  otherFamily: 404,
  otherProfessional: 404,
  circleInvited: 404,
  circleRemoved: 404,
} as const;

/** The village's askers and the answers its matrices share. */
export const VILLAGE = {
  /** Every asker, in the order asked. */
  askers: VILLAGE_ASKERS,
  outsiders: VILLAGE_OUTSIDERS,
  /** The village reads: owner, team, circle and admins. */
  reads: { ...VILLAGE_OUTSIDERS, teamMember: 200, admin: 200, circleMember: 200, owner: 200 },
} as const;

/**
 * Signs every asker in and builds the owner's plan with its village: the team member on the team,
 * the circle member in the circle, the removed one added and removed, the invited one invited.
 */
export async function setUpVillage(t: TestApp) {
  const { users, clients } = await signInAskers<VillageAsker>(t, VILLAGE_ASKER_ROLES);
  const owner = users.get('owner')!;
  const planId = await createPlan(owner.client);
  await addProfessional(owner.client, planId, users.get('teamMember')!);
  await addToCircle(owner.client, planId, users.get('circleMember')!);
  const removed = await addToCircle(owner.client, planId, users.get('circleRemoved')!);
  await send(owner.client, 'DELETE', `/api/care-plans/${planId}/circle/${removed}`);
  await inviteToCircle(owner.client, planId, users.get('circleInvited')!.email); // stays invited
  return { users, clients, owner, planId };
}
