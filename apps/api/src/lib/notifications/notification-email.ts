import { NOTIFICATION_KIND_INFO, type NotificationKind } from '@tavara/shared/notifications/notifications';
import { PRODUCT_NAME } from '@tavara/shared/product';
import { emailButton, emailLayout, emailLinkText, emailParagraph, escapeHtml } from '../email-layout';
import type { MailMessage } from '../mailer';
import { unsubscribeToken, type UnsubscribeTopic } from './unsubscribe-token';

/**
 * The one notification e-mail (issue 18): the kind's generic subject and sentence — never a
 * plan's title, a name or a health detail, which are behind sign-in — a button to the thing, and
 * a footer with a one-click unsubscribe for this kind and a link to the preferences. The
 * List-Unsubscribe headers (RFC 8058) let mail apps offer the same unsubscribe themselves.
 */

export const PREFERENCES_PATH = '/settings/notifications';
export const UNSUBSCRIBE_PAGE_PATH = '/notifications/unsubscribe';
export const UNSUBSCRIBE_API_PATH = '/api/notifications/unsubscribe';

export interface MailContext {
  appUrl: string;
  secret: string;
  /** The job's idempotency key: the Message-ID, the same on every attempt. */
  idempotencyKey: string;
  to: string;
  userId: string;
}

function messageId(appUrl: string, key: string): string {
  const host = new URL(appUrl).hostname || 'tavara.invalid';
  return `<${key.replace(/[^A-Za-z0-9.:-]/g, '-')}@${host}>`;
}

function footer(ctx: MailContext, topic: UnsubscribeTopic, why: string) {
  const token = unsubscribeToken(ctx.secret, ctx.userId, topic);
  const page = `${ctx.appUrl}${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`;
  const oneClick = `${ctx.appUrl}${UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(token)}`;
  const preferences = `${ctx.appUrl}${PREFERENCES_PATH}`;
  const muted = 'font-size: 14px; color: #475569';
  return {
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    text: `${why}\nStop these e-mails: ${page}\nChoose which e-mails you get: ${preferences}`,
    html: [
      `<p style="margin: 24px 0 8px; ${muted}">${escapeHtml(why)}</p>`,
      `<p style="margin: 0; ${muted}"><a href="${escapeHtml(page)}" style="color: #1d4ed8">Stop these e-mails</a> · `,
      `<a href="${escapeHtml(preferences)}" style="color: #1d4ed8">Choose which e-mails you get</a></p>`,
    ].join(''),
  };
}

export function notificationEmail(
  ctx: MailContext,
  kind: NotificationKind,
  link: string,
  emailLine: string | null = null,
  /** The first sentence worded at sending time (true times, the reader's zone); the kind's preview otherwise. */
  sentence: string = NOTIFICATION_KIND_INFO[kind].preview,
): MailMessage {
  const info = { ...NOTIFICATION_KIND_INFO[kind], preview: sentence };
  const url = `${ctx.appUrl}${link}`;
  const foot = footer(ctx, kind, `You get this e-mail because of your ${PRODUCT_NAME} notification settings.`);
  const bodyHtml = [
    emailParagraph(info.preview),
    ...(emailLine ? [emailParagraph(emailLine)] : []),
    emailParagraph('Sign in to see the details.'),
    emailButton(`Open ${PRODUCT_NAME}`, url),
    `<p style="margin: 0 0 16px; font-size: 14px">Or copy this link: ${emailLinkText(url)}</p>`,
    foot.html,
  ].join('\n');
  return {
    to: ctx.to,
    subject: info.subject,
    text: `${info.preview}\n\n${emailLine ? `${emailLine}\n\n` : ''}Sign in to see the details:\n${url}\n\n${foot.text}\n`,
    html: emailLayout({ title: info.subject, bodyHtml }),
    messageId: messageId(ctx.appUrl, ctx.idempotencyKey),
    headers: foot.headers,
  };
}

/** The daily digest: how many of each kind, in the kinds' generic words, and one button. */
export function digestEmail(ctx: MailContext, kinds: NotificationKind[]): MailMessage {
  const counts = new Map<NotificationKind, number>();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const lines = [...counts].map(
    ([kind, n]) => `${NOTIFICATION_KIND_INFO[kind].preview}${n > 1 ? ` (${n} times)` : ''}`,
  );
  const subject = `Your ${PRODUCT_NAME} updates for today`;
  const intro = kinds.length === 1 ? 'You have 1 update on Tavara.' : `You have ${kinds.length} updates on Tavara.`;
  const url = `${ctx.appUrl}/`;
  const foot = footer(ctx, 'digest', 'You get this daily digest because of your notification settings.');
  const bodyHtml = [
    emailParagraph(intro),
    `<ul style="margin: 0 0 16px; padding-left: 20px">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    emailParagraph('Sign in to see the details.'),
    emailButton(`Open ${PRODUCT_NAME}`, url),
    foot.html,
  ].join('\n');
  return {
    to: ctx.to,
    subject,
    text: `${intro}\n\n${lines.map((l) => `- ${l}`).join('\n')}\n\nSign in to see the details:\n${url}\n\n${foot.text}\n`,
    html: emailLayout({ title: subject, bodyHtml }),
    messageId: messageId(ctx.appUrl, ctx.idempotencyKey),
    headers: foot.headers,
  };
}
