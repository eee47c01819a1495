import { describe, expect, it } from 'vitest';
import { EMAIL_BRAND } from '../../lib/email-layout';
import { invitationMail } from './care-plans.routes';

/** The care-team invitation in the app's one e-mail frame (issue 14, item 10). */
describe('care-team invitation e-mail', () => {
  const env = { APP_URL: 'https://care.example.tt' };

  it.each([
    ['without an account', false, 'https://care.example.tt/auth?tab=signup&amp;role=professional', 'Create my account'],
    ['with an account', true, 'https://care.example.tt/professional/schedule', 'See the invitation'],
  ])('%s: fits a phone, a blue button, the link as wrapping text', (_case, hasAccount, href, label) => {
    const mail = invitationMail(env, {
      to: 'nurse@example.tt',
      inviterName: 'Asha <b>Ramdass</b>',
      teamRole: 'caregiver',
      hasAccount,
      kind: 'professional',
    });
    expect(mail.subject).toBe('You are invited to join a care team on Tavara');
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail.html).toContain('max-width: 560px');
    expect(mail.html).toContain(`background: ${EMAIL_BRAND}`);
    expect(mail.html).toContain(`href="${href}"`);
    expect(mail.html).toContain(`>${label}</a>`);
    expect(mail.html).toMatch(/word-break: break-all[^>]*>https:\/\/care\.example\.tt\//);
    // The inviter's name is text, never markup.
    expect(mail.html).toContain('Asha &lt;b&gt;Ramdass&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
  });
});
