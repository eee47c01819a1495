import { describe, expect, it } from 'vitest';
import { accountExistsEmail, describeDuration, passwordResetEmail, verificationEmail } from './auth';
import { EMAIL_BRAND } from './layout';

const NASTY_NAME = '<script>alert(1)</script> & "friends"';

describe('auth e-mails', () => {
  it.each([
    ['verification', () => verificationEmail({ name: NASTY_NAME, url: 'https://care.example.tt/v?a=1&b="2"' })],
    [
      'reset',
      () =>
        passwordResetEmail({ name: NASTY_NAME, url: 'https://care.example.tt/r?a=1&b="2"', validForSeconds: 86_400 }),
    ],
    [
      'account exists',
      () =>
        accountExistsEmail({ name: NASTY_NAME, signInUrl: 'https://care.example.tt/auth?a=1&b="2"', resetUrl: 'x' }),
    ],
  ])('%s: the name and link are text in the HTML, and both bodies carry the link', async (_kind, make) => {
    const mail = await make();
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;friends&quot;');
    expect(mail.html).toContain('a=1&amp;b=&quot;2&quot;');
    expect(mail.html).not.toContain('b="2"');
    expect(mail.text).toContain(NASTY_NAME);
    expect(mail.text).toContain('a=1&b="2"');
  });

  it('greets "there" when the name is blank', async () => {
    expect((await verificationEmail({ name: '  ', url: 'https://x.tt' })).text.startsWith('Hello there,')).toBe(true);
  });

  it('the reset e-mail says how long the link works', async () => {
    expect((await passwordResetEmail({ name: 'A', url: 'https://x.tt', validForSeconds: 86_400 })).text).toContain(
      'expires in 24 hours',
    );
    expect(describeDuration(3600)).toBe('1 hour');
    expect(describeDuration(1800)).toBe('30 minutes');
    expect(describeDuration(60)).toBe('1 minute');
  });
});

describe('one e-mail frame (issue 14)', () => {
  const long = `https://care.example.tt/api/auth/verify-email?token=${'x'.repeat(300)}&callbackURL=%2Fauth`;
  it.each([
    ['verification', () => verificationEmail({ name: 'Asha', url: long })],
    ['reset', () => passwordResetEmail({ name: 'Asha', url: long, validForSeconds: 3600 })],
    ['account exists', () => accountExistsEmail({ name: 'Asha', signInUrl: long, resetUrl: 'x' })],
  ])('%s: fits a phone, and its button is the app’s blue', async (_kind, make) => {
    const mail = await make();
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(mail.html).toContain('max-width:560px');
    // The long link never widens the message: it breaks anywhere.
    expect(mail.html).toMatch(/word-break:break-all[^>]*>https:\/\/care\.example\.tt/);
    expect(mail.html).toContain(`background:${EMAIL_BRAND}`);
    expect(EMAIL_BRAND).toBe('#1d4ed8');
  });
});
