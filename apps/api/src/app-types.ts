import type { RequestIdVariables } from 'hono/request-id';
import type { Profile } from '@tavara/shared/auth/profile.schema';
import type { Auth, AuthUser } from './auth/auth';
import type { SessionContext, SessionCookieConfig, SessionLookup } from './auth/session-lookup';
import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import type { Logger } from './lib/logger';
import type { Mailer } from './lib/mailer';

/** What every handler can read from the context (`c.get(...)`). Set once in app.ts. */
export interface AppBindings {
  Variables: RequestIdVariables & {
    logger: Logger;
    /** The Better Auth instance: `c.get('auth').api.getSession(...)`. */
    auth: Auth;
    /** The one-query session lookup and the cookie settings it checks (auth/session-lookup.ts). */
    sessions: Promise<{ lookup: SessionLookup; config: SessionCookieConfig }>;
    /**
     * The path the request log line shows, when a route must keep part of its URL out of the
     * logs (a bearer capability such as a chat session id). Unset: the request path.
     */
    logPath?: string;
  };
}

/** Set by `requireUser()` / `requireRole()` (auth/require-user.ts) for the handlers after them. */
export interface AuthVariables {
  user: AuthUser;
  session: SessionContext['session'];
  /** The user's profile as read with the session (null until ensure-profile created it). */
  profile: Profile | null;
}

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
  /** Directory of the built web app (apps/web/dist); when missing, only the API is served. */
  webDir?: string;
  /** Defaults to SMTP_URL or the dev outbox (lib/mailer.ts). */
  mailer?: Mailer;
  /** Defaults to `createAppAuth(deps)`; tests pass their own to reach `auth.api` directly. */
  auth?: Auth;
}
