import { resolveAuthSecret } from '../auth/auth-secret';
import { createLogger } from '../lib/logger';
import { createMailer } from '../lib/mailer';
import { drainJobs } from '../lib/notifications/worker';
import type { TestApp } from './test-app';

/**
 * Runs the notification worker once over every due job, as a running server's worker would
 * within seconds: notification e-mails then sit in the dev outbox like any other mail.
 */
export async function deliverNotifications(t: TestApp) {
  const logger = createLogger('silent');
  return drainJobs({
    db: t.database.db,
    mailer: createMailer(t.env, t.database.db, logger),
    appUrl: t.env.APP_URL,
    secret: resolveAuthSecret(t.env),
    logger,
  });
}
