import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KIND_INFO } from '@tavara/shared/notifications/notifications';
import { digestEmail, notificationEmail } from './notification';
import { supportRequestEmail } from './support-request';

const ctx = {
  appUrl: 'https://care.example.tt',
  secret: 'x'.repeat(32),
  idempotencyKey: 'job:1',
  to: 'asha@example.tt',
  userId: 'user-1',
};

/** One template, two bodies (decision 039): the text says what the HTML says, links as text. */
describe('notification e-mails', () => {
  it('carry the generic subject, the link and the unsubscribe links in both bodies', async () => {
    const mail = await notificationEmail(ctx, 'invitation_received', '/invitations', null, 'A sentence & more');
    expect(mail.subject).toBe(NOTIFICATION_KIND_INFO.invitation_received.subject);
    expect(mail.messageId).toBe('<job:1@care.example.tt>');
    const oneClick = mail.headers!['List-Unsubscribe']!.slice(1, -1);
    expect(oneClick).toMatch(/^https:\/\/care\.example\.tt\/api\/notifications\/unsubscribe\?token=/);
    const page = oneClick.replace('/api/notifications/unsubscribe', '/notifications/unsubscribe');
    expect(mail.text.startsWith('A sentence & more\n\nSign in to see the details.')).toBe(true);
    expect(mail.text).toContain('Open Tavara https://care.example.tt/invitations');
    expect(mail.text).toContain(`Stop these e-mails ${page}`);
    expect(mail.text).toContain('Choose which e-mails you get https://care.example.tt/settings/notifications');
    expect(mail.html).toContain('A sentence &amp; more');
    expect(mail.html).toContain(`href="${page.replace(/&/g, '&amp;')}"`);
    // The copy-the-link line is for the HTML only: the text shows the link once.
    expect(mail.text.match(/\/invitations/g)).toHaveLength(1);
  });

  it('the digest lists each kind once with its count', async () => {
    const mail = await digestEmail(ctx, ['invitation_received', 'invitation_received']);
    expect(mail.subject).toBe('Your Tavara updates for today');
    expect(mail.text).toContain(`- ${NOTIFICATION_KIND_INFO.invitation_received.preview} (2 times)`);
    expect(mail.html).toContain('<li>');
  });
});

describe('support request e-mail', () => {
  it('keeps the typed line breaks in both bodies and escapes the markup', async () => {
    const mail = await supportRequestEmail('support@example.tt', {
      requestId: '12345678-aaaa',
      name: '<b>Asha</b>',
      email: 'asha@example.tt',
      message: 'First line\nSecond <i>line</i>',
      chatData: null,
      screenshot: null,
      signedInAs: null,
    });
    expect(mail.subject).toBe('Tavara support request #12345678');
    expect(mail.text).toContain('Name: <b>Asha</b>');
    expect(mail.text).toContain('Issue description:\nFirst line\nSecond <i>line</i>');
    expect(mail.html).toContain('First line<br/>Second &lt;i&gt;line&lt;/i&gt;');
    expect(mail.html).not.toContain('<b>Asha');
  });
});
