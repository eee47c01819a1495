import { NOTIFICATION_KIND_INFO, type NotificationKind } from '@tavara/shared/notifications/notifications';
import { PRODUCT_NAME } from '@tavara/shared/product';
import type { MailMessage } from '../lib/mailer';
import { unsubscribeToken, type UnsubscribeTopic } from '../lib/notifications/unsubscribe-token';
import { ActionButton, EMAIL_BRAND, EmailFrame, LinkFallback, MUTED, Paragraph } from './layout';
import { renderMail } from './render';

/**
 * The one notification e-mail (issue 18): the kind's generic subject and sentence — never a
 * plan's title, a name or a health detail, which are behind sign-in — a button to the thing, and
 * a footer with a one-click unsubscribe for this kind and a link to the preferences. The
 * List-Unsubscribe headers (RFC 8058) let mail apps offer the same unsubscribe themselves.
 */

const PREFERENCES_PATH = '/settings/notifications';
const UNSUBSCRIBE_PAGE_PATH = '/notifications/unsubscribe';
const UNSUBSCRIBE_API_PATH = '/api/notifications/unsubscribe';

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

function unsubscribeLinks(ctx: MailContext, topic: UnsubscribeTopic) {
  const token = encodeURIComponent(unsubscribeToken(ctx.secret, ctx.userId, topic));
  return {
    page: `${ctx.appUrl}${UNSUBSCRIBE_PAGE_PATH}?token=${token}`,
    oneClick: `${ctx.appUrl}${UNSUBSCRIBE_API_PATH}?token=${token}`,
    preferences: `${ctx.appUrl}${PREFERENCES_PATH}`,
  };
}

/** Why this mail came, a link that stops this kind (the page asks first) and the preferences. */
function Footer({ why, links }: { why: string; links: ReturnType<typeof unsubscribeLinks> }) {
  const muted = { fontSize: '14px', color: MUTED };
  return (
    <>
      <Paragraph style={{ ...muted, margin: '24px 0 8px' }}>{why}</Paragraph>
      <Paragraph style={{ ...muted, margin: 0 }}>
        <a href={links.page} style={{ color: EMAIL_BRAND }}>
          Stop these e-mails
        </a>
        {' · '}
        <a href={links.preferences} style={{ color: EMAIL_BRAND }}>
          Choose which e-mails you get
        </a>
      </Paragraph>
    </>
  );
}

function headers(links: ReturnType<typeof unsubscribeLinks>) {
  return { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export async function notificationEmail(
  ctx: MailContext,
  kind: NotificationKind,
  link: string,
  emailLine: string | null = null,
  /** The first sentence worded at sending time (true times, the reader's zone); the kind's preview otherwise. */
  sentence: string = NOTIFICATION_KIND_INFO[kind].preview,
): Promise<MailMessage> {
  const { subject } = NOTIFICATION_KIND_INFO[kind];
  const url = `${ctx.appUrl}${link}`;
  const links = unsubscribeLinks(ctx, kind);
  const rendered = await renderMail(
    subject,
    <EmailFrame title={subject}>
      <Paragraph>{sentence}</Paragraph>
      {emailLine && <Paragraph>{emailLine}</Paragraph>}
      <Paragraph>Sign in to see the details.</Paragraph>
      <ActionButton label={`Open ${PRODUCT_NAME}`} url={url} />
      <LinkFallback intro="Or copy this link:" url={url} />
      <Footer why={`You get this e-mail because of your ${PRODUCT_NAME} notification settings.`} links={links} />
    </EmailFrame>,
  );
  return { to: ctx.to, ...rendered, messageId: messageId(ctx.appUrl, ctx.idempotencyKey), headers: headers(links) };
}

/** The daily digest: how many of each kind, in the kinds' generic words, and one button. */
export async function digestEmail(ctx: MailContext, kinds: NotificationKind[]): Promise<MailMessage> {
  const counts = new Map<NotificationKind, number>();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const lines = [...counts].map(
    ([kind, n]) => `${NOTIFICATION_KIND_INFO[kind].preview}${n > 1 ? ` (${n} times)` : ''}`,
  );
  const subject = `Your ${PRODUCT_NAME} updates for today`;
  const intro = kinds.length === 1 ? 'You have 1 update on Tavara.' : `You have ${kinds.length} updates on Tavara.`;
  const url = `${ctx.appUrl}/`;
  const links = unsubscribeLinks(ctx, 'digest');
  const rendered = await renderMail(
    subject,
    <EmailFrame title={subject}>
      <Paragraph>{intro}</Paragraph>
      <ul style={{ margin: '0 0 16px', paddingLeft: '20px' }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Paragraph>Sign in to see the details.</Paragraph>
      <ActionButton label={`Open ${PRODUCT_NAME}`} url={url} />
      <Footer why="You get this daily digest because of your notification settings." links={links} />
    </EmailFrame>,
  );
  return { to: ctx.to, ...rendered, messageId: messageId(ctx.appUrl, ctx.idempotencyKey), headers: headers(links) };
}
