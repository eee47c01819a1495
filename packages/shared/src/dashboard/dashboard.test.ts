import { describe, expect, it } from 'vitest';
import type { PUBLIC_ROLES } from '../roles';
import { CHECKLIST_STEPS, computeChecklist, type ChecklistFacts, type ChecklistStepDefinition } from './dashboard';

const NOTHING: ChecklistFacts = {
  profileComplete: false,
  chatCompleted: false,
  photoAdded: false,
  carePlanCreated: false,
  invitationAccepted: false,
};
const EVERYTHING: ChecklistFacts = {
  profileComplete: true,
  chatCompleted: true,
  photoAdded: true,
  carePlanCreated: true,
  invitationAccepted: true,
};

const doneIds = (facts: ChecklistFacts) =>
  computeChecklist('family', facts)
    .steps.filter((step) => step.done)
    .map((step) => step.id);

describe('next-steps checklist', () => {
  it.each([
    [NOTHING, [], 0, 0],
    [{ ...NOTHING, profileComplete: true }, ['profile'], 1, 25],
    [{ ...NOTHING, chatCompleted: true }, ['chat'], 1, 25],
    [{ ...NOTHING, photoAdded: true }, ['photo'], 1, 25],
    [{ ...NOTHING, carePlanCreated: true }, ['care-plan'], 1, 25],
    [{ ...EVERYTHING, chatCompleted: false }, ['profile', 'photo', 'care-plan'], 3, 75],
    [EVERYTHING, ['profile', 'chat', 'photo', 'care-plan'], 4, 100],
  ] as const)('facts %o: done %o (%i of 4, %i%%)', (facts, done, doneCount, percent) => {
    const checklist = computeChecklist('family', facts);
    expect(doneIds(facts)).toEqual(done);
    expect(checklist).toMatchObject({ doneCount, totalCount: 4, percent });
  });

  it('every public role gets the three registration steps, then its own; admins and unknown roles get none', () => {
    const ids = (role: (typeof PUBLIC_ROLES)[number]) => computeChecklist(role, NOTHING).steps.map((step) => step.id);
    expect(ids('family')).toEqual(['profile', 'chat', 'photo', 'care-plan']);
    expect(ids('professional')).toEqual(['profile', 'chat', 'photo', 'invitation']);
    expect(ids('community')).toEqual(['profile', 'chat', 'photo']);
    expect(computeChecklist('professional', { ...NOTHING, invitationAccepted: true }).doneCount).toBe(1);
    expect(computeChecklist('admin', EVERYTHING)).toEqual({ steps: [], doneCount: 0, totalCount: 0, percent: 0 });
    expect(computeChecklist(null, EVERYTHING).totalCount).toBe(0);
  });

  it('an undone step says what to do and where; a done one says it is done', () => {
    const [undone] = computeChecklist('community', NOTHING).steps;
    expect(undone).toMatchObject({ done: false, action: 'registration-form', text: CHECKLIST_STEPS[0]?.todo });
    const [done] = computeChecklist('community', EVERYTHING).steps;
    expect(done).toMatchObject({ done: true, text: CHECKLIST_STEPS[0]?.doneText });
  });

  it('a later step is one more definition: it joins the list and the counts for its roles only', () => {
    const extra: ChecklistStepDefinition = {
      id: 'story',
      roles: ['family'],
      title: 'Add a care plan',
      todo: 'Plan the first week of care.',
      doneText: 'Your first care plan is ready.',
      actionLabel: 'Plan care',
      action: 'registration-form',
      isDone: () => false,
    };
    const definitions = [...CHECKLIST_STEPS, extra];
    expect(computeChecklist('family', EVERYTHING, definitions)).toMatchObject({
      doneCount: 4,
      totalCount: 5,
      percent: 80,
    });
    expect(computeChecklist('professional', EVERYTHING, definitions)).toMatchObject({ totalCount: 4, percent: 100 });
  });
});
