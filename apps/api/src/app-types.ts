import type { RequestIdVariables } from 'hono/request-id';
import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import type { Logger } from './lib/logger';

/** What every handler can read from the context (`c.get(...)`). Set once in app.ts. */
export interface AppBindings {
  Variables: RequestIdVariables & {
    logger: Logger;
  };
}

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
  /** Directory of the built web app (apps/web/dist); when missing, only the API is served. */
  webDir?: string;
}
