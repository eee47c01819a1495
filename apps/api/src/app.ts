import { careAssessmentRoutes } from './features/care-assessment/care-assessment.routes';
import { familyStoryRoutes } from './features/family-story/family-story.routes';
import { subscriptionRoutes } from './features/subscriptions/subscriptions.routes';
import { createHash } from 'node:crypto';
import { PAGE_BOOT_SCRIPT, ROUTE_BOOT_SCRIPT } from '@tavara/shared/page-boot';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { AppBindings, AppDeps } from './app-types';
import { type Auth, CLOSED_AUTH_PATHS, createAuth } from './auth/auth';
import { allow } from './auth/allow';
import { authRoutes } from './auth/auth-routes';
import { resolveAuthSecret } from './auth/auth-secret';
import { createSessionLookup } from './auth/session-lookup';
import type { Database } from './db/client';
import { createDatabaseHealth, type DatabaseHealth } from './db/health';
import { LESSON_IMAGE_PATH } from './db/seed/training-images';
import type { Env } from './env';
import { accountRoutes } from './features/account/account.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { carePlanRoutes } from './features/care-plans/care-plans.routes';
import { careTeamRoutes } from './features/care-team/care-team.routes';
import { careCircleRoutes } from './features/care-circle/care-circle.routes';
import { isPlanUpdateUploadPath, planUpdatesRoutes } from './features/plan-updates/plan-updates.routes';
import { communityHelpRoutes } from './features/care-circle/community-help.routes';
import { shiftRoutes } from './features/shifts/shifts.routes';
import { medicationRoutes } from './features/medications/medications.routes';
import { matchingRoutes } from './features/matching/matching.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes';
import { featureVotingRoutes } from './features/feature-voting/feature-voting.routes';
import { healthRoutes } from './features/health/health.routes';
import { notificationRoutes } from './features/notifications/notifications.routes';
import { pushAllowList, resolveVapidKeys } from './lib/notifications/push';
import { passwordResetRoutes } from './features/password-reset/password-reset.routes';
import { profileRoutes } from './features/profiles/profiles.routes';
import { chatAiRoutes } from './features/registration-chat/chat-ai.routes';
import { publicConfigRoutes } from './features/public-config/public-config.routes';
import { registrationChatRoutes } from './features/registration-chat/registration-chat.routes';
import { PHOTO_UPLOAD_PATH, registrationRoutes } from './features/registration/registration.routes';
import { SUPPORT_UPLOAD_PATH, supportRoutes } from './features/support/support.routes';
import { testHookRoutes } from './features/test-hooks/test-hooks.routes';
import { trainingImageRoutes } from './features/training/training-images.routes';
import { trainingRoutes } from './features/training/training.routes';
import { userJourneyRoutes } from './features/user-journey/user-journey.routes';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './db/unavailable';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, RateLimitedError, retryAfterValue } from './lib/app-error';
import { inputGuard } from './lib/input-guard';
import type { Logger } from './lib/logger';
import { createMailer, type Mailer } from './lib/mailer';
import { serverTiming } from './lib/server-timing';
import { requestLogger } from './lib/request-logger';
import { boardRoutes } from './features/boards/boards.routes';
import {
  DOCUMENT_UPLOAD_PATH,
  professionalDocumentRoutes,
} from './features/professional-profile/professional-profile.routes';
import { webAppRoutes } from './lib/web-app';

/** CSP source for the prerendered pages' inline boot script (packages/shared/src/page-boot.ts). */
const scriptHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const PAGE_BOOT_SCRIPT_HASH = scriptHash(PAGE_BOOT_SCRIPT);
const ROUTE_BOOT_SCRIPT_HASH = scriptHash(ROUTE_BOOT_SCRIPT);

/**
 * The typed API: every feature router, chained so `hc<ApiType>` on the web knows each route's
 * input and output. The web imports this type only (`import type`).
 */
function apiRoutes(env: Env, health: DatabaseHealth, db: Database, mailer: Mailer, logger: Logger, secret: string) {
  return (
    new Hono<AppBindings>()
      .route('/', adminRoutes({ env, db, logger, mailer }))
      .route('/', accountRoutes({ env, db, logger }))
      .route('/', healthRoutes(health))
      .route('/', publicConfigRoutes(env))
      .route('/', supportRoutes({ env, db, mailer, logger }))
      .route('/', featureVotingRoutes(db))
      .route('/', profileRoutes(db))
      .route('/', dashboardRoutes(db))
      .route('/', passwordResetRoutes(db))
      .route('/', devMailboxRoutes(env, db))
      .route('/', registrationChatRoutes(env, db))
      .route('/', registrationRoutes(env, db))
      .route('/', chatAiRoutes(env, db))
      .route('/', userJourneyRoutes(db))
      // Team first: its GET /care-plans/professionals must be matched before GET /care-plans/:planId.
      .route('/', careTeamRoutes({ env, db, mailer, logger }))
      .route('/', careCircleRoutes({ env, db, mailer, logger }))
      .route('/', planUpdatesRoutes({ env, db }))
      .route('/', communityHelpRoutes({ db }))
      .route('/', carePlanRoutes({ env, db, logger }))
      .route('/', shiftRoutes({ env, db }))
      .route('/', medicationRoutes(db))
      .route('/', trainingRoutes({ env, db }))
      .route(
        '/',
        notificationRoutes({
          db,
          secret,
          push: { publicKey: resolveVapidKeys(env).publicKey, allow: pushAllowList(env.PUSH_ENDPOINT_ALLOWLIST) },
        }),
      )
      .route('/', careAssessmentRoutes(db))
      .route('/', familyStoryRoutes(db))
      .route('/', subscriptionRoutes(db))
      .route('/', matchingRoutes(env, db))
      .route('/', boardRoutes(db))
      .route('/', professionalDocumentRoutes(db, env.DATA_DIR))
  );
}
export type ApiType = ReturnType<typeof apiRoutes>;

/** Better Auth on the app's database, mail transport and secret (auth/auth.ts). */
export function createAppAuth(deps: Pick<AppDeps, 'env' | 'database' | 'logger' | 'mailer'>): Auth {
  const { env, logger } = deps;
  const db = deps.database.db;
  const mailer = deps.mailer ?? createMailer(env, db, logger);
  return createAuth({ env, db, logger, mailer, secret: resolveAuthSecret(env) });
}

/**
 * The one-query session lookup (auth/session-lookup.ts) with the cookie name, secret and session
 * ages of this Better Auth instance, resolved once. A failure surfaces on the first request that
 * reads a session, not as an unhandled rejection at start-up.
 */
function sessionsFor(auth: Auth, db: Database): AppBindings['Variables']['sessions'] {
  const ready = auth.$context.then((ctx) => ({
    lookup: createSessionLookup(db),
    config: {
      secret: ctx.secret,
      sessionCookieName: ctx.authCookies.sessionToken.name,
      dontRememberCookieName: ctx.authCookies.dontRememberToken.name,
      expiresIn: ctx.sessionConfig.expiresIn,
      updateAge: ctx.sessionConfig.updateAge,
    },
  }));
  ready.catch(() => undefined);
  return ready;
}

/**
 * Builds the whole HTTP application. Middleware order matters:
 * 1. requestId, logger binding and request logging wrap everything, so every line has an id;
 * 2. security headers apply to API and web responses alike;
 * 3. compression (skipped for precompressed assets, which already carry Content-Encoding);
 * 4. the body limit guards every /api route before any handler reads a body (the contact
 *    form's upload route has its own, larger one);
 * 5. feature routers under /api, Better Auth under /api/auth/*, then a JSON 404 for any other
 *    /api path;
 * 6. the built web app, with index.html for every other path (client-side routing).
 */
export function createApp(deps: AppDeps) {
  const { env, logger } = deps;
  const health = createDatabaseHealth(deps.database);
  const isHttps = env.APP_URL.startsWith('https://');

  const db = deps.database.db;
  const mailer = deps.mailer ?? createMailer(env, db, logger);
  const auth = deps.auth ?? createAppAuth({ ...deps, mailer });

  const sessions = sessionsFor(auth, db);

  const api = apiRoutes(env, health, db, mailer, logger, resolveAuthSecret(env));
  // Better Auth's own admin endpoints (list, set-role, remove, ban, impersonate…) would bypass the
  // audit log and leave a deleted user's files and support requests behind: admin actions go
  // through /api/admin only (decision 013).
  api.all('/auth/admin/*', allow.nobody());
  // Issue 22: two-factor codes by e-mail or SMS are not offered (an authenticator app and backup
  // codes are): their endpoints are closed rather than left answering "not configured".
  for (const closed of CLOSED_AUTH_PATHS) {
    api.all(`/auth${closed}`, allow.nobody());
  }
  api.on(['GET', 'POST'], '/auth/*', authRoutes(auth, env));
  if (env.E2E_TEST_HOOKS) api.route('/__test', testHookRoutes({ health, db, env, app: () => app }));
  api.all('*', (c) => {
    throw new AppError('not_found', `No API route matches ${c.req.method} ${c.req.path}.`);
  });

  const app = new Hono<AppBindings>();
  app.use(requestId());
  app.use(async (c, next) => {
    c.set('logger', logger);
    c.set('auth', auth);
    c.set('sessions', sessions);
    await next();
  });
  app.use(requestLogger());
  if (env.SERVER_TIMING) app.use('/api/*', serverTiming());
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // 'self', and by their hashes the two inline boot scripts: the prerendered pages' (decision
        // 028) and the app shell's (decision 043).
        scriptSrc: ["'self'", PAGE_BOOT_SCRIPT_HASH, ROUTE_BOOT_SCRIPT_HASH],
        // Radix and sonner position popovers and toasts with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
      strictTransportSecurity: isHttps ? 'max-age=31536000; includeSubDomains' : false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xContentTypeOptions: 'nosniff',
      xFrameOptions: 'DENY',
      crossOriginEmbedderPolicy: false,
      // Nothing in the app uses these; a script that got in must not either.
      permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
      // A route's own stricter header wins (issue 32): an uploaded file's sandbox policy
      // (lib/file-response.ts) must not be replaced by the app's page policy.
      overwrite: false,
    }),
  );
  app.use(compress());
  const apiBodyLimit = bodyLimit({
    maxSize: env.MAX_BODY_BYTES,
    onError: () => {
      throw new AppError(
        'payload_too_large',
        `The request is too large (limit ${Math.round(env.MAX_BODY_BYTES / 1024)} kB).`,
      );
    },
  });
  // Upload routes set their own, larger limits (a 5 MB photo or screenshot).
  const UPLOAD_PATHS = new Set([PHOTO_UPLOAD_PATH, SUPPORT_UPLOAD_PATH, DOCUMENT_UPLOAD_PATH]);
  // …and an update's photos (the new update's and the edit's multipart routes).
  const isUpload = (path: string) => UPLOAD_PATHS.has(path) || isPlanUpdateUploadPath(path);
  app.use('/api/*', (c, next) => (isUpload(c.req.path) ? next() : apiBodyLimit(c, next)));
  // Input no route can store (U+0000, undecodable paths, absurd nesting) is refused here, once,
  // for our routers and Better Auth alike (lib/input-guard.ts).
  app.use('/api/*', inputGuard({ skipBody: isUpload }));
  app.route('/api', api);
  app.route(LESSON_IMAGE_PATH, trainingImageRoutes());
  if (deps.webDir) app.route('/', webAppRoutes(deps.webDir, logger));

  app.onError((error, c) => {
    if (error instanceof RateLimitedError) c.header('Retry-After', retryAfterValue(error.retryAfterSeconds));
    if (error instanceof AppError) return c.json(error.toBody(), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      const body = new AppError('bad_request', error.message || 'The request could not be read.').toBody();
      return c.json(body, error.status);
    }
    if (isDatabaseUnavailable(error)) {
      // PostgreSQL restarting or a connection cut: the request may be retried; the pool reconnects.
      c.get('logger').warn({ err: error, reqId: c.get('requestId') }, 'database unavailable');
      c.header('Retry-After', retryAfterValue(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(new AppError('service_unavailable', DATABASE_UNAVAILABLE_MESSAGE).toBody(), 503);
    }
    c.get('logger').error({ err: error, reqId: c.get('requestId') }, 'unhandled error');
    return c.json(new AppError('internal', 'Something went wrong on our side. Please try again.').toBody(), 500);
  });
  app.notFound((c) => c.json(new AppError('not_found', 'Not found.').toBody(), 404));

  return app;
}
