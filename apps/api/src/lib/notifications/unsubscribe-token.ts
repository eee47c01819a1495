import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@tavara/shared/notifications/notifications';

/**
 * One-click unsubscribe (RFC 8058): the link carries `userId.kind` signed with the server's
 * secret, so it works signed out and only for its own kind and person. It never expires — a mail
 * read months later must still let its reader stop that kind of mail.
 */
const PURPOSE = 'tavara-unsubscribe-v1';

function sign(secret: string, payload: string): string {
  return createHmac('sha256', `${PURPOSE}:${secret}`).update(payload).digest('base64url');
}

/** A notification kind, or `digest` (stops the daily digest: its kinds go to no e-mail). */
export type UnsubscribeTopic = NotificationKind | 'digest';

export function unsubscribeToken(secret: string, userId: string, kind: UnsubscribeTopic): string {
  const payload = Buffer.from(`${userId}\n${kind}`).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: UnsubscribeTopic } | null {
  if (token.length > 400) return null;
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, kind] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
  if (!userId || !kind || !(kind === 'digest' || NOTIFICATION_KINDS.includes(kind as NotificationKind))) return null;
  return { userId, kind: kind as UnsubscribeTopic };
}
