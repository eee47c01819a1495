import { saveRegistration } from './registration-requests';
import { createVerifiedUser, type TestUser } from './factories';
import type { TestApp } from './test-app';

export interface CarePlanPeople {
  /** Keisha Ramdass, a family with a saved registration: the plans' owner. */
  family: TestUser;
  /** A second family, never on the plans: the outsider. */
  otherFamily: TestUser;
  /** Marcus Joseph, a professional with a saved registration. */
  pro: TestUser;
  /** Anil Mohammed, a second professional (no registration saved). */
  pro2: TestUser;
}

/** The people the care-plan and shift tests share (one place, so the two files agree on them). */
export async function carePlanPeople(t: TestApp): Promise<CarePlanPeople> {
  const family = await createVerifiedUser(t, { role: 'family', firstName: 'Keisha', lastName: 'Ramdass' });
  const otherFamily = await createVerifiedUser(t, { role: 'family' });
  const pro = await createVerifiedUser(t, { role: 'professional', firstName: 'Marcus', lastName: 'Joseph' });
  const pro2 = await createVerifiedUser(t, { role: 'professional', firstName: 'Anil', lastName: 'Mohammed' });
  await saveRegistration(family.client, 'family');
  await saveRegistration(pro.client, 'professional');
  return { family, otherFamily, pro, pro2 };
}
