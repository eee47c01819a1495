import { ENSURE_PROFILE_ERRORS, isProfileComplete, type EnsureProfileResult } from '@tavara/shared/auth/profile.schema';
import { allow } from '../../auth/allow';
import { DEFAULT_ROLE, isRole } from '@tavara/shared/roles';
import { Hono } from 'hono';
import type { AppBindings } from '../../app-types';
import { isFromTrustedOrigin, readSession } from '../../auth/require-user';
import type { Database } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { ensureProfile, EnsureProfileError } from './profiles.service';

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_PROFILE_ME = {
  file: 'profiles.test.ts',
  test: '%s: /api/profile/me shows the role and the profile made from',
};

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_ENSURE_TAKES_THE = {
  file: 'profiles.test.ts',
  test: 'ensure takes the role from the account: a requested role is ignored',
};

const ENSURE_FAILURES = {
  authentication: `${ENSURE_PROFILE_ERRORS.authentication}: your sign-in could not be checked. Please try again.`,
  foreignOrigin: `${ENSURE_PROFILE_ERRORS.authentication}: this request did not come from the app. Please reload the page.`,
  noSession: `${ENSURE_PROFILE_ERRORS.noSession}. Please sign in again.`,
  database: `${ENSURE_PROFILE_ERRORS.database}: your profile could not be read. Please try again.`,
  update: `${ENSURE_PROFILE_ERRORS.update}: your profile could not be updated. Please try again.`,
  creation: `${ENSURE_PROFILE_ERRORS.creation}: your profile could not be created. Please try again.`,
  unexpected: `${ENSURE_PROFILE_ERRORS.unexpected}: something went wrong. Please try again.`,
} as const;

/**
 * `GET /api/profile/me`: the signed-in user, their server-side role, their profile and whether it
 * is complete (spec §4), for the post-login redirect.
 * `POST /api/profile/ensure`: spec §4 ensure-profile; answers `{ success, … }` rather than the
 * usual error shape, with the spec §8 prefixes.
 */
export function profileRoutes(db: Database) {
  return new Hono<AppBindings>()
    .get('/profile/me', allow.own(OWN_PROFILE_ME), async (c) => {
      c.header('Cache-Control', 'no-store');
      const u = c.get('user');
      // Read with the session, in the same query (auth/session-lookup.ts, issue 23).
      const profile = c.get('profile');
      return c.json({
        user: {
          id: u.id,
          email: u.email,
          name: u.name,
          firstName: u.firstName ?? null,
          lastName: u.lastName ?? null,
          emailVerified: u.emailVerified,
        },
        role: isRole(u.role) ? u.role : DEFAULT_ROLE,
        profile,
        profileComplete: isProfileComplete(profile),
      });
    })
    .post('/profile/ensure', allow.inHandler({ who: 'owner', shownBy: OWN_ENSURE_TAKES_THE }), async (c) => {
      c.header('Cache-Control', 'no-store');
      const logger = c.get('logger');
      const fail = (error: string, status: 401 | 403 | 500) =>
        c.json({ success: false, error } satisfies EnsureProfileResult, status);

      if (!isFromTrustedOrigin(c)) return fail(ENSURE_FAILURES.foreignOrigin, 403);
      let data;
      try {
        data = await readSession(c);
      } catch (error) {
        // A database outage is the app-wide 503 (try again shortly), not a failed sign-in.
        if (isDatabaseUnavailable(error)) throw error;
        logger.error({ err: error }, 'ensure-profile: session lookup failed');
        return fail(ENSURE_FAILURES.authentication, 500);
      }
      if (!data) return fail(ENSURE_FAILURES.noSession, 401);

      try {
        const { profile, created } = await ensureProfile(db, data.user);
        return c.json({ success: true, created, profile } satisfies EnsureProfileResult, created ? 201 : 200);
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        logger.error({ err: error, userId: data.user.id }, 'ensure-profile failed');
        return fail(
          error instanceof EnsureProfileError ? ENSURE_FAILURES[error.step] : ENSURE_FAILURES.unexpected,
          500,
        );
      }
    });
}
