import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { AUTH_MESSAGES, tooManyRequestsMessage } from './auth-messages';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords';
import { loginSchema } from './login.schema';
import { isProfileComplete } from './profile.schema';
import { resetPasswordFormSchema, resetRequestSchema } from './reset-password.schema';
import { fullNameOf, signUpSchema } from './sign-up.schema';

/** The first message the schema gives for `value`, or null when it is accepted. */
function firstMessage(schema: ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'no message');
}

const validSignUp = {
  firstName: 'Asha',
  lastName: 'Ramdial',
  email: 'asha@example.tt',
  password: 'mango-season-2026',
  role: 'professional',
};

describe('sign-up form rules', () => {
  it('accepts first name, last name, e-mail, a strong password and a public role', () => {
    expect(signUpSchema.parse(validSignUp)).toEqual(validSignUp);
  });

  it('a missing role becomes family, the default role', () => {
    const { role: _role, ...withoutRole } = validSignUp;
    expect(signUpSchema.parse(withoutRole).role).toBe('family');
  });

  it.each([
    ['firstName', ''],
    ['lastName', '   '],
    ['email', ''],
    ['password', ''],
    ['firstName', undefined],
    ['email', undefined],
  ])('an empty or missing %s shows "Please fill in all required fields."', (field, value) => {
    expect(firstMessage(signUpSchema, { ...validSignUp, [field]: value })).toBe('Please fill in all required fields.');
  });

  it('a password under 8 characters shows "Password must be at least 8 characters long."', () => {
    expect(firstMessage(signUpSchema, { ...validSignUp, password: 'x7$Kq2!' })).toBe(
      'Password must be at least 8 characters long.',
    );
    expect(firstMessage(signUpSchema, { ...validSignUp, password: 'x7$Kq2!a' })).toBeNull();
  });

  it.each(['password', 'Password', '12345678', 'iloveyou', 'SUNSHINE', 'trustno1'])(
    'the common password "%s" is refused with a clear message',
    (password) => {
      expect(firstMessage(signUpSchema, { ...validSignUp, password })).toBe(
        'This password is too common. Please choose one that is harder to guess.',
      );
    },
  );

  it('admin, or any unknown role, cannot be chosen at sign-up', () => {
    for (const role of ['admin', 'superuser', '']) {
      expect(firstMessage(signUpSchema, { ...validSignUp, role })).toBe(AUTH_MESSAGES.invalidRole);
    }
  });

  it('a malformed e-mail address is refused', () => {
    expect(firstMessage(signUpSchema, { ...validSignUp, email: 'asha at example' })).toBe(
      'Please enter a valid email address.',
    );
  });

  it('the full name is the first and last name joined', () => {
    expect(fullNameOf(' Asha ', 'Ramdial ')).toBe('Asha Ramdial');
  });
});

describe('login form rules', () => {
  it('needs both e-mail and password: "Please enter both email and password."', () => {
    expect(firstMessage(loginSchema, { email: '', password: 'x' })).toBe('Please enter both email and password.');
    expect(firstMessage(loginSchema, { email: 'a@b.tt', password: '' })).toBe('Please enter both email and password.');
    expect(firstMessage(loginSchema, {})).toBe('Please enter both email and password.');
  });

  it('does not apply new-password rules to an existing password', () => {
    expect(firstMessage(loginSchema, { email: 'a@b.tt', password: 'short' })).toBeNull();
  });
});

describe('password reset rules', () => {
  it('the reset request needs an e-mail: "Please enter your email address."', () => {
    expect(firstMessage(resetRequestSchema, { email: ' ' })).toBe('Please enter your email address.');
    expect(firstMessage(resetRequestSchema, { email: 'a@b.tt' })).toBeNull();
  });

  it('a new password under 8 characters is "Password is too weak"', () => {
    expect(firstMessage(resetPasswordFormSchema, { password: 'abc', confirmPassword: 'abc' })).toBe(
      'Password is too weak',
    );
  });

  it('a different confirmation shows "Passwords don\'t match" beside the confirmation field', () => {
    const result = resetPasswordFormSchema.safeParse({ password: 'mango-season-2026', confirmPassword: 'mango' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ message: "Passwords don't match", path: ['confirmPassword'] });
  });

  it('a common new password is refused too', () => {
    expect(firstMessage(resetPasswordFormSchema, { password: 'football', confirmPassword: 'football' })).toBe(
      AUTH_MESSAGES.passwordTooCommon,
    );
  });
});

describe('common password list', () => {
  it('ships 1,000 lower-case passwords of at least 8 characters', () => {
    expect(COMMON_PASSWORDS.size).toBe(1000);
    for (const password of COMMON_PASSWORDS) {
      expect(password.length).toBeGreaterThanOrEqual(8);
      expect(password).toBe(password.toLowerCase());
    }
  });

  it('a long random passphrase is not common', () => {
    expect(isCommonPassword('correct horse battery staple tavara')).toBe(false);
  });
});

describe('profile completeness (spec §4, plus the registration form for public roles)', () => {
  const saved = '2026-11-22T10:00:00.000Z';
  it.each([
    [{ role: 'family', full_name: 'Asha Ramdial', first_name: null, last_name: null, registered_at: saved }, true],
    [{ role: 'professional', full_name: null, first_name: 'Asha', last_name: 'Ramdial', registered_at: saved }, true],
    [{ role: 'community', full_name: 'Asha Ramdial', first_name: null, last_name: null, registered_at: null }, false],
    [{ role: 'family', full_name: '  ', first_name: 'Asha', last_name: null, registered_at: saved }, false],
    [{ role: 'admin', full_name: 'Asha Ramdial', first_name: null, last_name: null, registered_at: null }, true],
    [null, false],
  ] as const)('%o is complete: %s', (profile, complete) => {
    expect(isProfileComplete(profile)).toBe(complete);
  });
});

describe('rate-limit message', () => {
  it('says how many seconds to wait', () => {
    expect(tooManyRequestsMessage(42)).toBe('Too many attempts. Please wait 42 seconds and try again.');
    expect(tooManyRequestsMessage(0.2)).toBe('Too many attempts. Please wait 1 second and try again.');
  });
});
