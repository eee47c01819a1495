import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import type { MailMessage } from '../lib/mailer';

/** What a template gives the mailer: the subject and both bodies (the caller adds the address). */
export type RenderedMail = Pick<MailMessage, 'subject' | 'text' | 'html'>;

/**
 * Renders one template to both bodies (decision 039): the HTML by react-email, and the plain
 * text from that same HTML by react-email's `toPlainText` (html-to-text, no line wrapping) —
 * one template, so the two can never say different things. Links come out as `label url`, which
 * is what the dev mailbox reads its links from.
 */
export async function renderMail(subject: string, template: ReactElement): Promise<RenderedMail> {
  const html = await render(template);
  const text = toPlainText(html, {
    // A zero-width space is kept, not read as a space: it is what keeps a typed address from
    // becoming a link (emails/invitation.tsx).
    whitespaceCharacters: ' \t\r\n\f',
    selectors: [
      // Paragraphs and list items one blank line apart, as a person would type them.
      { selector: 'p', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
      { selector: 'ul', options: { itemPrefix: '- ' } },
    ],
  }).trim();
  return { subject, text: `${text}\n`, html };
}
