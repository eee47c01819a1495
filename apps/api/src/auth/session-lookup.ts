import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Profile } from '@tavara/shared/auth/profile.schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { session, user } from '../db/schema/auth';
import { profiles } from '../db/schema/profiles';
import { toProfile } from '../features/profiles/profiles.service';
import type { AuthSession, AuthUser } from './auth';

/** How often a session's "last seen" (the account page's device list) is written at most. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/** A valid session with everything an authenticated request needs, read in one query. */
export interface SessionContext {
  session: AuthSession & { lastSeenAt: Date; reauthenticatedAt: Date | null; twoFactorVerifiedAt: Date | null };
  user: AuthUser;
  /** The user's profile (null until ensure-profile created it): role copy, names, completeness. */
  profile: Profile | null;
}

/** What the lookup needs from Better Auth's resolved context (`await auth.$context`). */
export interface SessionCookieConfig {
  secret: string;
  /** The session cookie's full name (`tavara.session_token`, `__Secure-` on HTTPS). */
  sessionCookieName: string;
  /** The "don't remember me" cookie: its sessions are never extended (Better Auth's rule). */
  dontRememberCookieName: string;
  /** Better Auth's session lifetime and refresh age, in seconds. */
  expiresIn: number;
  updateAge: number;
}

/**
 * The value of cookie `name` in a Cookie header: the first one, URI-decoded, as better-call
 * (Better Auth's router) reads it, so both read the same cookie when a browser sends two.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The session token from Better Auth's signed cookie (`token.base64(HMAC-SHA256(token, secret))`),
 * or undefined when it is missing or its signature does not match — a forged or truncated cookie
 * never reaches the database. Same format and checks as better-call's `getSignedCookie`.
 */
export function verifySignedToken(value: string | undefined, secret: string): string | undefined {
  if (!value) return undefined;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return undefined;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

/**
 * Issue 23: every authenticated request used to pay Better Auth's session lookup, a "last seen"
 * write and then its own profile read. This is the one indexed query that replaces them: the
 * session by its token (unique index `sessions_token_unique`), its user (primary key) and the
 * profile (primary key), prepared once per connection. Nothing is cached in the process or the
 * cookie, so a revoked session, a deleted user or a changed role counts from the very next
 * request (docs/decisions/029-one-query-sessions.md).
 */
export function createSessionLookup(db: Database) {
  const byToken = db
    .select({ session, user, profile: profiles })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('tavara_session_by_token');

  return {
    /** The session behind `token` with its user and profile, or null (unknown or expired). */
    async find(token: string): Promise<SessionContext | null> {
      const [row] = await byToken.execute({ token });
      if (!row || row.session.expiresAt.getTime() <= Date.now()) return null;
      return {
        session: row.session as SessionContext['session'],
        user: row.user as AuthUser,
        profile: row.profile ? toProfile(row.profile) : null,
      };
    },

    /**
     * "Last seen" for the device list, at most once a minute per session: the caller writes only
     * when the row it just read is older than that, so most requests stay at one query; the
     * condition keeps parallel requests (and other instances) from writing it twice.
     */
    async touch(found: SessionContext): Promise<void> {
      if (Date.now() - found.session.lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS) return;
      await db
        .update(session)
        .set({ lastSeenAt: sql`now()` })
        .where(and(eq(session.id, found.session.id), sql`${session.lastSeenAt} < now() - interval '1 minute'`));
    },
  };
}

export type SessionLookup = ReturnType<typeof createSessionLookup>;

/**
 * Better Auth's "refresh": a session used after `updateAge` of its life gets `expiresIn` more.
 * Those rare requests (about once a day per session) go through Better Auth's own getSession,
 * which writes the new expiry; every other request is the one query above.
 */
export function needsRefresh(found: SessionContext, config: SessionCookieConfig): boolean {
  return found.session.expiresAt.getTime() - config.expiresIn * 1000 + config.updateAge * 1000 <= Date.now();
}
