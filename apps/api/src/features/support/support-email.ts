import { PRODUCT_NAME } from '@tavara/shared/product';
import { ROLE_LABELS } from '@tavara/shared/roles';
import type { ContactChatData, ContactFields } from '@tavara/shared/support/contact-request.schema';
import { emailLayout, escapeHtml } from '../../lib/email-layout';
import type { MailMessage } from '../../lib/mailer';

export interface SupportEmailInput extends ContactFields {
  requestId: string;
  chatData: ContactChatData | null;
  screenshot: { type: string; bytes: number; url: string } | null;
  signedInAs: string | null;
}

const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/**
 * The e-mail to SUPPORT_EMAIL for one contact request. Everything the user typed is data: in the
 * HTML every value is escaped (so a `<script>` arrives as text), the subject holds no user text
 * at all (no header tricks), and the user's address appears only in the body — support replies
 * by choice; the server never writes to an address the user typed.
 */
export function supportRequestEmail(to: string, input: SupportEmailInput): MailMessage {
  const shortId = input.requestId.slice(0, 8);
  const subject = `${PRODUCT_NAME} support request #${shortId}`;
  const fields: Array<[string, string]> = [
    ['Name', input.name],
    ['Email', input.email],
    ['Signed in as', input.signedInAs ?? 'not signed in'],
    ['Request id', input.requestId],
  ];
  const transcript = input.chatData?.transcript ?? [];
  const chatSummary = input.chatData
    ? `${input.chatData.role ? ROLE_LABELS[input.chatData.role] : 'no role chosen'}, session ${input.chatData.sessionId}, ${transcript.length} messages`
    : null;
  const screenshotLine = input.screenshot
    ? `${input.screenshot.type}, ${Math.max(1, Math.round(input.screenshot.bytes / 1024))} kB, attached — also at ${input.screenshot.url} (admin sign-in required)`
    : null;

  const text = [
    `A new support request came in through the Contact Support form.`,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    'Issue description:',
    input.message,
    '',
    ...(screenshotLine ? [`Screenshot: ${screenshotLine}`, ''] : []),
    ...(chatSummary
      ? [
          `Chat session data: ${chatSummary}`,
          ...transcript.map((m) => `[${time(m.timestamp)}] ${m.isUser ? 'Visitor' : 'Assistant'}: ${m.content}`),
        ]
      : []),
  ].join('\n');

  const e = escapeHtml;
  const html = emailLayout({
    title: subject,
    bodyHtml: [
      '<p style="margin: 0 0 16px">A new support request came in through the Contact Support form.</p>',
      '<table role="presentation" cellpadding="4" style="border-collapse: collapse; margin: 0 0 16px">',
      ...fields.map(
        ([label, value]) =>
          `<tr><th align="left" valign="top" style="padding-right: 12px">${e(label)}</th><td>${e(value)}</td></tr>`,
      ),
      '</table>',
      '<h2 style="margin: 0 0 8px; font-size: 18px">Issue description</h2>',
      `<p style="margin: 0 0 16px; white-space: pre-wrap">${e(input.message)}</p>`,
      ...(screenshotLine ? [`<p style="margin: 0 0 16px"><strong>Screenshot:</strong> ${e(screenshotLine)}</p>`] : []),
      ...(chatSummary
        ? [
            `<h2 style="margin: 0 0 8px; font-size: 18px">Chat session data</h2><p style="margin: 0 0 8px">${e(chatSummary)}</p><ol style="padding-left: 20px">`,
            ...transcript.map(
              (m) =>
                `<li><strong>${m.isUser ? 'Visitor' : 'Assistant'}</strong> <small>${e(time(m.timestamp))}</small>: ${e(m.content)}</li>`,
            ),
            '</ol>',
          ]
        : []),
    ].join('\n'),
  });

  return { to, subject, text, html };
}
