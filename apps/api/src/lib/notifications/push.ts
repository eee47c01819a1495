import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { join, resolve } from 'node:path';
import { lockScreenText, type NotificationKind } from '@tavara/shared/notifications/notifications';
import webpush from 'web-push';
import type { Env } from '../../env';

/**
 * Web Push (issue 28, decision 032): the server's VAPID keys, the push services it may call, and
 * one send through the `web-push` library (RFC 8030 delivery, RFC 8291 aes128gcm encryption,
 * RFC 8292 VAPID). The payload is encrypted to the browser's keys, so the push service cannot
 * read it; what the lock screen shows is still generic unless the person chose detail.
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export const DEV_VAPID_FILE = 'vapid-keys.json';

let testKeys: { publicKey: string; privateKey: string } | undefined;

/**
 * Production: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY (env.ts refuses to start without them). Tests:
 * one pair per process. Development: generated once into DATA_DIR/vapid-keys.json (mode 600)
 * and reused, so a device subscribed yesterday still gets pushes after a restart.
 */
export function resolveVapidKeys(env: Env): VapidKeys {
  const subject = env.VAPID_SUBJECT;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  if (env.NODE_ENV === 'production')
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production');
  if (env.NODE_ENV === 'test') {
    testKeys ??= webpush.generateVAPIDKeys();
    return { ...testKeys, subject };
  }
  const dir = resolve(env.DATA_DIR);
  const file = join(dir, DEV_VAPID_FILE);
  mkdirSync(dir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep one pair.
    writeFileSync(file, `${JSON.stringify(webpush.generateVAPIDKeys())}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: string; privateKey?: string };
  if (!keys.publicKey || !keys.privateKey)
    throw new Error(`${file} holds no VAPID keys; delete it to generate new ones.`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}

/** The browsers' push services (Chrome/Edge on FCM, Firefox, Safari, Windows): https only. */
export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

export interface PushAllowList {
  /** Host patterns reached over https (`*.` matches any subdomain). */
  hosts: string[];
  /** Exact origins (scheme, host and port), e.g. a local test receiver over http. */
  origins: string[];
}

export function pushAllowList(extra: string): PushAllowList {
  const hosts: string[] = [...DEFAULT_PUSH_HOSTS];
  const origins: string[] = [];
  for (const entry of extra
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)) {
    if (entry.includes('://')) {
      try {
        origins.push(new URL(entry).origin);
      } catch {
        // A malformed entry allows nothing.
      }
    } else hosts.push(entry);
  }
  return { hosts, origins };
}

/** Whether the server may POST to `endpoint`: an https push-service host, or an allowed origin. */
export function endpointAllowed(endpoint: string, allow: PushAllowList): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allow.origins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || (url.port && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return allow.hosts.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern,
  );
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker gets: the text it shows, where a click goes, and a tag to replace an earlier one. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/**
 * The push's visible text. By default only the kind and who it is about ("A dose is due for Mum —
 * open Tavara"); with `detail` (the person's own choice for their devices) the inbox's line.
 */
export function pushPayload(
  n: { id: string; kind: NotificationKind; title: string; link: string; about: string | null; itemCount: number },
  detail: boolean,
): PushPayload {
  return {
    title: 'Tavara',
    body: detail ? n.title : lockScreenText(n.kind, n.about, n.itemCount),
    url: n.link,
    tag: n.id,
  };
}

export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  publicKey: string;
  send(
    target: PushTarget,
    payload: PushPayload,
    options?: { ttlSeconds?: number; urgency?: 'normal' | 'high' },
  ): Promise<PushOutcome>;
}

/** How long a VAPID JWT is valid (RFC 8292 allows up to 24 hours; web-push's own default). */
const VAPID_JWT_SECONDS = 12 * 60 * 60;

/**
 * Sends through `web-push` to allowed endpoints only; 404/410 means the subscription is gone.
 * `agent` is for tests (an https.Agent trusting a local receiver's certificate).
 *
 * Many pushes go to few push services (one per browser maker), so the connections to them are
 * kept open and reused (no TLS handshake per push), and the VAPID JWT — signed per push service
 * origin, not per device — is signed once and reused until an hour before it expires. Each
 * payload is still encrypted to its own device with a fresh key (RFC 8291).
 */
export function createPushSender(vapid: VapidKeys, allow: PushAllowList, tls: { agent?: Agent } = {}): PushSender {
  const agent = tls.agent ?? new Agent({ keepAlive: true, maxSockets: 32 });
  const jwts = new Map<string, { authorization: string; renewAt: number }>();
  const authorizationFor = (endpoint: string) => {
    const audience = new URL(endpoint).origin;
    const cached = jwts.get(audience);
    if (cached && cached.renewAt > Date.now()) return cached.authorization;
    const expires = Math.floor(Date.now() / 1000) + VAPID_JWT_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expires,
    );
    jwts.set(audience, { authorization: Authorization, renewAt: (expires - 60 * 60) * 1000 });
    return Authorization;
  };
  return {
    publicKey: vapid.publicKey,
    async send(target, payload, options = {}) {
      // Checked again at send time: the allow-list may have shrunk since the device subscribed.
      if (!endpointAllowed(target.endpoint, allow)) throw new Error('push endpoint not on the allow-list');
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            // The VAPID header (RFC 8292) made above, in place of `vapidDetails` (signed per push).
            headers: { Authorization: authorizationFor(target.endpoint) },
            TTL: options.ttlSeconds ?? 4 * 60 * 60,
            urgency: options.urgency ?? 'high',
            contentEncoding: 'aes128gcm',
            timeout: 15_000,
            agent,
          },
        );
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw new Error(
          status ? `push service answered ${status}` : `push service unreachable: ${(error as Error).message}`,
          { cause: error },
        );
      }
    },
  };
}
