import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { knownDevice, user } from '../db/schema/auth';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../lib/mailer';
import { emails, type SecurityEvent } from '../emails';

/**
 * "Chrome on Android", "Safari on iOS": the browser and operating system named by a user agent
 * (bowser; no geolocation or other outside service). Unknown parts read "Unknown browser" /
 * "unknown system", never the raw header.
 */
export function describeDevice(userAgent: string | null | undefined): { browser: string; os: string; label: string } {
  const parsed = userAgent ? Bowser.parse(userAgent) : undefined;
  const browser = parsed?.browser.name?.trim() || 'Unknown browser';
  const os = parsed?.os.name?.trim() || 'unknown system';
  return { browser, os, label: `${browser} on ${os}` };
}

/**
 * A device is its browser and operating system (not their versions: an update is not a new
 * device), hashed so the table holds no user-agent text.
 */
export function deviceKey(userAgent: string | null | undefined): string {
  const { browser, os } = describeDevice(userAgent);
  return createHash('sha256').update(`${browser}\n${os}`).digest('base64url');
}

/** Where "this wasn't me" leads: the password reset, with the address filled in. */
export function resetUrlFor(appUrl: string, email: string): string {
  const url = new URL('/auth/reset-password', appUrl);
  url.searchParams.set('email', email);
  return url.toString();
}

/**
 * The security e-mails of issue 22: new device, password changed, two-factor on/off/reset, e-mail
 * change. Sent in the background — the action they report has already happened; a failed send is
 * logged (without the address) and never undoes it.
 */
export function createSecurityNotices(deps: { db: Database; appUrl: string; mailer: Mailer; logger: Logger }) {
  const { db, appUrl, mailer, logger } = deps;
  const log = logger.child({ module: 'security-notices' });

  async function send(to: { email: string; name: string }, event: SecurityEvent): Promise<void> {
    try {
      const { securityNoticeEmail } = await emails();
      const mail = await securityNoticeEmail({ name: to.name, event, resetUrl: resetUrlFor(appUrl, to.email) });
      await mailer.send({ ...mail, to: to.email });
    } catch (error) {
      log.error({ err: error, kind: event.kind }, 'could not send a security notice');
    }
  }

  return {
    /**
     * Mails the user's current address about `event`. Never rejects (callers run it in the
     * background): a failed look-up or send is logged.
     */
    async notify(userId: string, event: SecurityEvent): Promise<void> {
      try {
        const [found] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
        if (found) await send(found, event);
      } catch (error) {
        log.error({ err: error, kind: event.kind }, 'could not send a security notice');
      }
    },

    /** Mails `to` directly (the old address of an e-mail change, which the user no longer has). */
    sendTo: send,

    /**
     * A completed sign-in (after the second step, when there is one): remembers the device and
     * mails the owner when it is new. The first device an account ever signs in from is recorded
     * silently — that is the sign-up itself.
     */
    async recordSignIn(userId: string, userAgent: string | null, ip: string | null): Promise<void> {
      const key = deviceKey(userAgent);
      const inserted = await db
        .insert(knownDevice)
        .values({ userId, deviceKey: key })
        .onConflictDoNothing()
        .returning({ key: knownDevice.deviceKey });
      if (inserted.length === 0) return;
      const [other] = await db
        .select({ one: sql<number>`1` })
        .from(knownDevice)
        .where(and(eq(knownDevice.userId, userId), ne(knownDevice.deviceKey, key)))
        .limit(1);
      if (!other) return;
      void this.notify(userId, { kind: 'new-device', device: describeDevice(userAgent).label, ip });
    },
  };
}

export type SecurityNotices = ReturnType<typeof createSecurityNotices>;
