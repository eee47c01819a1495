import { Hono } from 'hono';
import { allow } from '../../auth/allow';
import type { AppBindings } from '../../app-types';
import type { Env } from '../../env';

/** The placeholder values env.ts falls back to; production should set real ones. */
const PLACEHOLDERS = { SUPPORT_EMAIL: 'support@localhost', WHATSAPP_NUMBER: '18685550100' } as const;

/**
 * What the browser may know about this server's configuration — never a secret, never an
 * address other than the public one:
 *
 * `GET /config` → `{ environment, appUrl, whatsappNumber, supportEmail, database, mail, ai, defaultsInUse }`
 *
 * The support widget reads the WhatsApp number here; the landing page's `?debug=true` panel shows
 * the rest (spec §2: environment, backend address, whether built-in defaults are in use).
 */
export function publicConfigRoutes(env: Env) {
  const defaultsInUse = [
    ...(env.SUPPORT_EMAIL === PLACEHOLDERS.SUPPORT_EMAIL ? ['SUPPORT_EMAIL'] : []),
    ...(env.WHATSAPP_NUMBER === PLACEHOLDERS.WHATSAPP_NUMBER ? ['WHATSAPP_NUMBER'] : []),
    ...(env.AUTH_SECRET ? [] : ['AUTH_SECRET (generated in DATA_DIR)']),
    ...(env.SMTP_URL ? [] : ['SMTP_URL (dev outbox)']),
    ...(env.DATABASE_URL ? [] : ['DATABASE_URL (embedded PGlite)']),
  ];
  const body = {
    environment: env.NODE_ENV,
    appUrl: env.APP_URL,
    whatsappNumber: env.WHATSAPP_NUMBER,
    // Public on purpose: the chat's 'Email Us' button writes to it.
    supportEmail: env.SUPPORT_EMAIL,
    database: env.DATABASE_URL ? ('postgres' as const) : ('pglite' as const),
    mail: env.SMTP_URL ? ('smtp' as const) : ('outbox' as const),
    ai: Boolean(env.OPENAI_API_KEY || env.OPENAI_BASE_URL),
    defaultsInUse,
  };
  return new Hono<AppBindings>().get('/config', allow('anyone'), (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(body);
  });
}
