import { describe, expect, it } from 'vitest';
import { signUpSchema } from '../auth/sign-up.schema';
import { updateUserBodySchema } from '../auth/update-user.schema';
import { validatePersonName } from './chat-input';
import { hasLinkOrEmail, PERSON_NAME_MESSAGES, plainNameForMail } from './person-name';

describe('names carry no web or e-mail address (issue 32)', () => {
  it.each([
    'Visit http://evil.example',
    'evil.example',
    'www.prizes',
    'bit.ly/abc',
    'Asha asha@example.tt',
    '@handle',
    'HTTPS://WIN.TT',
    'ftp://files',
  ])('%s is refused', (name) => {
    expect(hasLinkOrEmail(name)).toBe(true);
  });

  it.each(['Asha Ramdial', "D'Arcy", 'St. John', 'J.R. Smith', 'Ramdass Jr.', 'Mary-Ann O’Brien', 'Dr. Ramlal', 'Zoë'])(
    '%s is a name',
    (name) => {
      expect(hasLinkOrEmail(name)).toBe(false);
    },
  );

  it('sign-up, the account name and the registration questions all say so beside the field', () => {
    const signUp = signUpSchema.safeParse({
      firstName: 'Visit http://evil.example',
      lastName: 'Now',
      email: 'a@example.tt',
      password: 'Breadfruit-Harbour-2026',
    });
    expect(signUp.error?.issues).toEqual([
      expect.objectContaining({ path: ['firstName'], message: PERSON_NAME_MESSAGES.noLinks }),
    ]);
    const rename = updateUserBodySchema.safeParse({ lastName: 'me@evil.example' });
    expect(rename.error?.issues[0]).toMatchObject({ path: ['lastName'], message: PERSON_NAME_MESSAGES.noLinks });
    expect(validatePersonName('www.evil.example')).toEqual({ isValid: false, message: PERSON_NAME_MESSAGES.noLinks });
  });

  it('mails show a stored name as plain text, or the fallback when it carries a link', () => {
    expect(plainNameForMail('  Asha \n Ramdial ', 'A family')).toBe('Asha Ramdial');
    expect(plainNameForMail('Visit http://evil.example', 'A family')).toBe('A family');
    expect(plainNameForMail(null, 'there')).toBe('there');
  });
});
