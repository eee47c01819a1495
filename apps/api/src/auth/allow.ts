import type { Role } from '@tavara/shared/roles';
import { CARE_PLAN_MESSAGES as M } from '@tavara/shared/care-plans/care-plans';
import { MEDICATION_MESSAGES as MED } from '@tavara/shared/medications/medications';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AuthVariables } from '../app-types';
import type { Database } from '../db/client';
import { loadPlanFor, type PlanContext } from '../domain/plan-access';
import { planIdOfDoseRecord, planIdOfMedication, planIdOfShift } from '../domain/plan-of';
import { viewerOf } from '../domain/viewer';
import { AppError } from '../lib/app-error';
import { requireRole, requireUser } from './require-user';

/**
 * Who may call a route, declared once where the route is (issue 33, decision 040): the route's
 * first middleware is `allow…`, which both enforces the rule and carries it as data. The
 * authorization matrix (authorization-matrix.test.ts) reads every route's declaration from the
 * mounted app (`app.routes`) and asks each route as a visitor, each role and an admin; a route
 * without a declaration fails it.
 *
 * - `anyone`: visitors included (never 401/403 for a visitor).
 * - `signed-in`: signed-in users (401 for a visitor) — of every role, or only of `roles` (403 for
 *   the others).
 * - `owner`: signed-in (every role, or only `roles`), and only on the user's own rows — the
 *   service scopes its reads to the user; `shownBy` names the test that shows another user's rows
 *   are out of reach (the matrix fails when that test does not exist).
 * - `plan-member` / `plan-owner`: the plan of the path is a plan the asker may see (its owner,
 *   accepted members, admins) / owns — the `:planId`, or the plan of the shift, medication or dose
 *   record the path names (`via`); checked here, before the handler, and the plan is put on the
 *   context, where the service finds it (`loadPlanFor` does not ask twice). `shownBy` is the plan
 *   matrix that asks it as every kind of person.
 * - `admin`: 401 for a visitor, 403 for every other role (and two-factor, require-user.ts).
 * - `chat-session-holder`: whoever holds an unguessable chat session id (the service checks it).
 * - `this-machine`: the dev outbox, DEV_MAILBOX=true and loopback only (404 otherwise).
 * - `nobody`: always 404 (Better Auth's own admin endpoints; admin goes through /api/admin).
 */
export type Who =
  | 'anyone'
  | 'signed-in'
  | 'owner'
  | 'plan-member'
  | 'plan-owner'
  | 'admin'
  | 'chat-session-holder'
  | 'this-machine'
  | 'nobody';

/** A test by file name (anywhere under apps/api/src) and title (or the title of its `describe`). */
export interface ShownBy {
  file: string;
  test: string;
}

export interface Access {
  who: Who;
  /** For `signed-in` and `owner`: the only roles that may call it (every role without it). */
  roles?: readonly Role[];
  /** For `owner` and `plan-*`: the test that asks it as owner and outsider. */
  shownBy?: ShownBy;
  /** For `plan-*` on a path without `:planId`: the kind of thing whose plan is checked. */
  via?: PlanThing;
}

/** The matrix that asks every care-plan, team and shift route as each kind of person. */
export const PLAN_MATRIX: ShownBy = {
  file: 'care-plans-authorization.test.ts',
  test: 'care-plan routes: who may call them',
};

/** Plan data on the context, set by `plan.member()` / `plan.owner()` for the service. */
export interface PlanVariables extends AuthVariables {
  plan: PlanContext;
}

const declared = new WeakMap<object, Access>();

function declare<M extends MiddlewareHandler>(middleware: M, access: Access): M {
  declared.set(middleware, access);
  return middleware;
}

/**
 * The declaration a handler carries, or undefined. Hono wraps a sub-router's handlers when it is
 * mounted with its own error handler (`__COMPOSED_HANDLER` holds the original), so look inside.
 */
export function accessOf(handler: unknown): Access | undefined {
  let current = handler as { __COMPOSED_HANDLER?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const found = declared.get(current);
    if (found) return found;
    current = current.__COMPOSED_HANDLER as typeof current;
  }
  return undefined;
}

const notFound = (c: Context) => new AppError('not_found', `No API route matches ${c.req.method} ${c.req.path}.`);

/** Lets everyone through (visitors too): the route is public. */
export function allow(who: 'anyone' | 'chat-session-holder'): MiddlewareHandler;
/** Signed-in users of every role (401 for a visitor): `requireUser()`. */
export function allow(who: 'signed-in'): MiddlewareHandler<{ Variables: AuthVariables }>;
export function allow(who: 'anyone' | 'chat-session-holder' | 'signed-in'): MiddlewareHandler {
  if (who === 'signed-in') return declare(requireUser(), { who });
  return declare(
    createMiddleware(async (_c, next) => {
      await next();
    }),
    { who },
  );
}

/** Signed-in users holding one of `roles` (401 signed out, 403 otherwise): `requireRole(...)`. */
allow.role = (...roles: [Role, ...Role[]]) =>
  declare(
    requireRole(...roles),
    roles.length === 1 && roles[0] === 'admin' ? { who: 'admin' } : { who: 'signed-in', roles },
  );

/** Admins only, with two-factor sign-in (require-user.ts). */
allow.admin = () => allow.role('admin');

/**
 * Signed-in (of every role, or only `roles`), acting on their own rows only: the service reads
 * and writes the session user's rows and nobody else's; `shownBy` is the test that shows it.
 */
allow.own = (shownBy: ShownBy, ...roles: Role[]) =>
  declare(roles.length > 0 ? requireRole(...(roles as [Role, ...Role[]])) : requireUser(), {
    who: 'owner',
    shownBy,
    ...(roles.length > 0 ? { roles } : {}),
  });

/**
 * The route serves the dev outbox: only when `open()` says so (DEV_MAILBOX on, outside
 * production, from the loopback address) — everyone else gets the unknown route's 404.
 */
allow.thisMachine = (open: (c: Context) => boolean) =>
  declare(
    createMiddleware(async (c, next) => {
      if (!open(c)) throw notFound(c);
      await next();
    }),
    { who: 'this-machine' },
  );

/**
 * A feature's own guard that enforces `access` itself, declared as such (the chat routes check
 * the per-IP rate before anything else, then the session): wrapped, so one guard can serve
 * several routes with different declarations.
 */
allow.by = <M extends MiddlewareHandler>(guard: M, access: Access): M =>
  declare(((c, next) => guard(c, next)) as M, access);

/**
 * For the one kind of route whose handler must answer a refusal in its own shape (spec §4's
 * ensure-profile, `{ success: false, error }`): declares `access`, which the handler enforces.
 */
allow.inHandler = (access: Access) =>
  declare(
    createMiddleware(async (_c, next) => {
      await next();
    }),
    access,
  );

/** Nobody: the unknown route's 404 (endpoints of Better Auth the app closes). */
allow.nobody = () =>
  declare(
    createMiddleware(async (c) => {
      throw notFound(c);
    }),
    { who: 'nobody' },
  );

/**
 * Things inside a plan that a route may be keyed by, with how to find their plan (domain/plan-of.ts)
 * and what the asker hears — the same answers the services gave when they checked the plan
 * themselves: an unknown or malformed id is "not found"; a plan the asker may not see is "no
 * access", except for a shift, which answers as not found (nothing about a plan's shifts leaks);
 * a member who is not the owner hears the thing's "only the owner" message.
 */
const PLAN_THINGS = {
  shift: {
    param: 'shiftId',
    planIdOf: planIdOfShift,
    notFound: () => new AppError('not_found', M.shiftNotFound),
    refusalIsNotFound: true,
    ownerOnly: M.ownerOnly,
  },
  medication: {
    param: 'medicationId',
    planIdOf: planIdOfMedication,
    notFound: () => new AppError('not_found', MED.notFound),
    refusalIsNotFound: false,
    ownerOnly: MED.ownerOnly,
  },
  doseRecord: {
    param: 'recordId',
    planIdOf: planIdOfDoseRecord,
    notFound: () => new AppError('not_found', MED.recordNotFound),
    refusalIsNotFound: false,
    ownerOnly: MED.ownerOnly,
  },
} as const;
export type PlanThing = keyof typeof PLAN_THINGS;

/** The plan of the path checked for the asker: by `:planId`, or through the thing it names. */
async function checkPlan(db: Database, c: Context, level: 'member' | 'owner', via?: PlanThing) {
  if (!via) {
    const ctx = await loadPlanFor(db, viewerOf(c), c.req.param('planId') ?? '');
    if (level === 'owner' && ctx.access !== 'owner') throw new AppError('forbidden', M.ownerOnly);
    return ctx;
  }
  const thing = PLAN_THINGS[via];
  const planId = await thing.planIdOf(db, c.req.param(thing.param) ?? '');
  if (!planId) throw thing.notFound();
  let ctx: PlanContext;
  try {
    ctx = await loadPlanFor(db, viewerOf(c), planId);
  } catch (error) {
    // Only the refusal becomes "not found": a database gone mid-request stays a 503.
    if (thing.refusalIsNotFound && error instanceof AppError) throw thing.notFound();
    throw error;
  }
  if (level === 'owner' && ctx.access !== 'owner') throw new AppError('forbidden', thing.ownerOnly);
  return ctx;
}

/**
 * The plan rules of one feature's routes, shown by its plan matrix test (`shownBy`):
 *
 *     const plan = allow.plans(db, PLAN_MATRIX);
 *     .get('/care-plans/:planId/doses', plan.member(), …)        // owner, accepted members, admins
 *     .put('/care-plans/:planId', plan.owner(), …)                // the owner only (403 for members)
 *     .post('/shifts/:shiftId/claim', plan.memberVia('shift'), …) // the same, for the shift's plan
 *     .post('/medications/:medicationId/stop', plan.ownerVia('medication'), …)
 *
 * The service's own `loadPlanFor` then returns the checked plan without asking again; the service
 * keeps its finer rules (who may claim, record a dose, check in).
 */
allow.plans = (db: Database, shownBy: ShownBy) => {
  const signedIn = requireUser();
  const checked = (level: 'member' | 'owner', via?: PlanThing) =>
    declare(
      createMiddleware<{ Variables: PlanVariables }>((c, next) =>
        signedIn(c as unknown as Context<{ Variables: AuthVariables }>, async () => {
          c.set('plan', await checkPlan(db, c, level, via));
          await next();
        }),
      ),
      { who: level === 'owner' ? 'plan-owner' : 'plan-member', shownBy, ...(via ? { via } : {}) },
    );
  return {
    member: () => checked('member'),
    owner: () => checked('owner'),
    memberVia: (via: PlanThing) => checked('member', via),
    ownerVia: (via: PlanThing) => checked('owner', via),
  };
};
