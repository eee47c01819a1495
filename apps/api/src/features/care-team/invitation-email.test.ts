import { describe, expect, it } from 'vitest';
import { invitationMail } from '../../emails/invitation';
import { EMAIL_BRAND } from '../../emails/layout';

/** The care-team invitation in the app's one e-mail frame (issue 14, item 10). */
describe('care-team invitation e-mail', () => {
  const env = { APP_URL: 'https://care.example.tt' };

  it.each([
    [
      'without an account',
      false,
      'https://care.example.tt/auth?tab=signup&amp;role=professional&amp;invitation=1&amp;email=nurse%40example.tt',
      'Create my account',
    ],
    [
      'with an account',
      true,
      'https://care.example.tt/auth?invitation=1&amp;email=nurse%40example.tt',
      'See the invitation',
    ],
  ])('%s: fits a phone, a blue button, the link as wrapping text', async (_case, hasAccount, href, label) => {
    const mail = await invitationMail(env, {
      to: 'nurse@example.tt',
      inviterName: 'Asha <b>Ramdass</b>',
      teamRole: 'caregiver',
      hasAccount,
      kind: 'professional',
      note: null,
    });
    expect(mail.subject).toBe('You are invited to join a care team on Tavara');
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(mail.html).toContain('max-width:560px');
    expect(mail.html).toContain(`background:${EMAIL_BRAND}`);
    expect(mail.html).toContain(`href="${href}"`);
    expect(mail.html).toContain(`>${label}</a>`);
    expect(mail.html).toMatch(/word-break:break-all[^>]*>https:\/\/care\.example\.tt\//);
    // The inviter's name is text, never markup.
    expect(mail.html).toContain('Asha &lt;b&gt;Ramdass&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).not.toContain('Their note to you');
  });

  it('carries the family’s note as escaped text whose addresses are not links (issue 31)', async () => {
    const mail = await invitationMail(env, {
      to: 'nurse@example.tt',
      inviterName: 'Asha Ramdass',
      teamRole: 'nurse',
      hasAccount: false,
      kind: 'professional',
      note: 'Mornings in Arima. <a href="https://evil.example">See</a> www.evil.example',
    });
    expect(mail.html).toContain('Their note to you:');
    expect(mail.html).toContain('Mornings in Arima. &lt;a href=&quot;https:\u200B//evil.\u200Bexample&quot;&gt;');
    expect(mail.html).toContain('www.\u200Bevil.\u200Bexample');
    // One link only: the button to the app (and no anchor from the note).
    expect(mail.html.match(/<a /g)).toHaveLength(1);
    expect(mail.html).not.toContain('https://evil.example');
    expect(mail.text).toContain('Their note to you:\nMornings in Arima.');
    expect(mail.text).not.toContain('https://evil.example');
    expect(mail.text).not.toContain('www.evil.example');
  });
});
