import { describe, expect, it } from 'vitest';
import { getRegistrationProblems, REGISTRATION_MESSAGES, registrationAnswersSchema } from './registration';

/** The issues the form layer would show, by field. */
function fieldIssues(result: ReturnType<ReturnType<typeof registrationAnswersSchema>['safeParse']>) {
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('registrationAnswersSchema: the form checks what the server checks', () => {
  it('an empty professional form: every problem of the server, each on its own field', () => {
    const result = registrationAnswersSchema('professional').safeParse({});
    expect(fieldIssues(result)).toEqual(getRegistrationProblems('professional', {}));
    expect(fieldIssues(result)['consent']).toBe(REGISTRATION_MESSAGES.required);
  });

  it('a professional who answers "no" to consent is told what consent is for', () => {
    const issues = fieldIssues(registrationAnswersSchema('professional').safeParse({ consent: 'no' }));
    expect(issues['consent']).toBe(REGISTRATION_MESSAGES.consentRequired);
  });

  it('fields never touched (undefined) are dropped rather than reported as wrong types', () => {
    const result = registrationAnswersSchema('community').safeParse({ phone: undefined, location: 'arima' });
    expect(Object.keys(fieldIssues(result))).not.toContain('location');
    if (!result.success) expect(result.error.issues.every((issue) => issue.code === 'custom')).toBe(true);
  });

  it('a bad phone number gets the chat’s own message beside the phone field', () => {
    const issues = fieldIssues(registrationAnswersSchema('professional').safeParse({ phone: '12' }));
    expect(issues['phone']).toBe(getRegistrationProblems('professional', { phone: '12' })['phone']);
    expect(issues['phone']).toMatch(/phone number/i);
  });

  it('a valid answer set passes and comes out without the untouched fields', () => {
    const answers = Object.fromEntries(
      Object.entries(getRegistrationProblems('community', {})).map(([id]) => [
        id,
        id === 'phone' ? '+18685551234' : 'x',
      ]),
    );
    const problems = getRegistrationProblems('community', answers);
    const result = registrationAnswersSchema('community').safeParse({ ...answers, unused: undefined });
    expect(result.success).toBe(Object.keys(problems).length === 0);
    if (result.success) expect(result.data).not.toHaveProperty('unused');
  });
});
