import { DEFAULT_TIME_ZONE } from '@tavara/shared/care-plans/care-plans';
import { allow, PLAN_MATRIX } from '../../auth/allow';
import {
  generateShiftsInputSchema,
  shiftAssignInputSchema,
  shiftCancelInputSchema,
  shiftCheckInInputSchema,
  shiftDoneInputSchema,
  shiftEditInputSchema,
  shiftTimesInputSchema,
} from '@tavara/shared/shifts/shifts';
import { isoDateSchema } from '@tavara/shared/time/date-params';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import * as shiftOps from '../shifts/shifts.service';
import * as scheduleService from '../shifts/schedule.service';
import { createFeed, getFeedStatus, renderFeed, revokeFeed } from '../shifts/calendar-feed.service';
import { viewerOf } from '../../domain/viewer';
import { coverageGaps, listPlanShifts } from '../../domain/plan-shifts';
import { loadPlanFor } from '../../domain/plan-access';
import { addLocalDays, localDateOf, localDaysBetween, viewRange } from '../../domain/plan-time';

const planParam = z.object({ planId: z.string().min(1).max(100) });
const shiftParam = z.object({ shiftId: z.string().min(1).max(100) });
const rangeQuery = z.object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() });
const scheduleQuery = rangeQuery.extend({
  view: z.enum(['day', 'week', 'month']).optional(),
  date: isoDateSchema.optional(),
});

/**
 * Shifts and schedules (issue 16): changing a plan's shifts is the owner's; taking, checking in
 * and out and marking done are the assigned member's.
 *
 * Shifts:       GET /care-plans/:planId/shifts · POST …/shifts/generate · POST …/shifts (one-off) ·
 *               PATCH /shifts/:shiftId · POST /shifts/:shiftId/cancel|assign|claim|check-in|check-out|done
 * Professional: GET /professional/schedule
 * Calendar:     GET/POST/DELETE /calendar-feed · GET /calendar/:token.ics (the token is the key)
 */
export function shiftRoutes(deps: { env: Env; db: Database }) {
  const { env, db } = deps;
  const plan = allow.plans(db, PLAN_MATRIX);
  return (
    new Hono<AppBindings>()
      // Plan data is private and changes under the reader: never cached (every router under /care-plans).
      .use('/care-plans/*', async (c, next) => {
        await next();
        c.header('Cache-Control', 'no-store');
      })
      .get(
        '/care-plans/:planId/shifts',
        plan.member(),
        validate('param', planParam),
        validate('query', rangeQuery),
        async (c) => {
          const { plan } = await loadPlanFor(db, viewerOf(c), c.req.valid('param').planId);
          const today = localDateOf(new Date(), plan.timeZone);
          const from = c.req.valid('query').from ?? today;
          const to = c.req.valid('query').to ?? addLocalDays(from, 6, plan.timeZone);
          if (to < from)
            throw new AppError('validation_failed', 'The end date must be on or after the start date.', {
              to: 'The end date must be on or after the start date.',
            });
          if (addLocalDays(from, 92, plan.timeZone) < to)
            throw new AppError('validation_failed', 'Choose at most 92 days at a time.', {
              to: 'Choose at most 92 days at a time.',
            });
          const list = await listPlanShifts(db, plan, from, to);
          return c.json({ from, to, shifts: list, gaps: coverageGaps(list) });
        },
      )
      .post(
        '/care-plans/:planId/shifts/generate',
        plan.owner(),
        validate('param', planParam),
        validate('json', generateShiftsInputSchema),
        async (c) => {
          return c.json(
            await shiftOps.generateShifts(db, viewerOf(c), c.req.valid('param').planId, c.req.valid('json')),
          );
        },
      )
      .post(
        '/care-plans/:planId/shifts',
        plan.owner(),
        validate('param', planParam),
        validate('json', shiftTimesInputSchema),
        async (c) => {
          return c.json(
            { shift: await shiftOps.addOneOffShift(db, viewerOf(c), c.req.valid('param').planId, c.req.valid('json')) },
            201,
          );
        },
      )
      .patch(
        '/shifts/:shiftId',
        plan.ownerVia('shift'),
        validate('param', shiftParam),
        validate('json', shiftEditInputSchema),
        async (c) => {
          return c.json({
            shift: await shiftOps.editShift(db, viewerOf(c), c.req.valid('param').shiftId, c.req.valid('json')),
          });
        },
      )
      .post(
        '/shifts/:shiftId/cancel',
        plan.ownerVia('shift'),
        validate('param', shiftParam),
        validate('json', shiftCancelInputSchema),
        async (c) => {
          return c.json({
            shift: await shiftOps.cancelShift(
              db,
              viewerOf(c),
              c.req.valid('param').shiftId,
              c.req.valid('json').reason,
            ),
          });
        },
      )
      .post(
        '/shifts/:shiftId/assign',
        plan.ownerVia('shift'),
        validate('param', shiftParam),
        validate('json', shiftAssignInputSchema),
        async (c) => {
          return c.json({
            shift: await shiftOps.assignShift(db, viewerOf(c), c.req.valid('param').shiftId, c.req.valid('json')),
          });
        },
      )
      .post('/shifts/:shiftId/claim', plan.memberVia('shift'), validate('param', shiftParam), async (c) => {
        return c.json({ shift: await shiftOps.claimShift(db, viewerOf(c), c.req.valid('param').shiftId) });
      })
      .post(
        '/shifts/:shiftId/check-in',
        plan.memberVia('shift'),
        validate('param', shiftParam),
        validate('json', shiftCheckInInputSchema),
        async (c) => {
          return c.json({
            shift: await shiftOps.checkIn(db, viewerOf(c), c.req.valid('param').shiftId, c.req.valid('json')),
          });
        },
      )
      .post(
        '/shifts/:shiftId/check-out',
        plan.memberVia('shift'),
        validate('param', shiftParam),
        validate('json', shiftDoneInputSchema),
        async (c) => {
          const { note, ...step } = c.req.valid('json');
          return c.json({ shift: await shiftOps.checkOut(db, viewerOf(c), c.req.valid('param').shiftId, note, step) });
        },
      )
      .post(
        '/shifts/:shiftId/done',
        plan.memberVia('shift'),
        validate('param', shiftParam),
        validate('json', shiftDoneInputSchema),
        async (c) => {
          return c.json({
            shift: await shiftOps.markShiftDone(
              db,
              viewerOf(c),
              c.req.valid('param').shiftId,
              c.req.valid('json').note,
            ),
          });
        },
      )
      .get('/professional/schedule', allow('signed-in'), validate('query', scheduleQuery), async (c) => {
        c.header('Cache-Control', 'no-store');
        // Shown in Trinidad and Tobago time, the default zone of every plan.
        const zone = DEFAULT_TIME_ZONE;
        const query = c.req.valid('query');
        const view = query.view ?? 'week';
        const range = query.from
          ? { from: query.from, to: query.to ?? addLocalDays(query.from, 6, zone), previous: null, next: null }
          : viewRange(view, query.date ?? localDateOf(new Date(), zone), zone);
        if (range.to < range.from || addLocalDays(range.from, 92, zone) < range.to) {
          throw new AppError('validation_failed', 'Choose a range of up to 92 days.', {
            to: 'Choose a range of up to 92 days.',
          });
        }
        const schedule = await scheduleService.getSchedule(db, viewerOf(c), range.from, range.to);
        return c.json({
          ...schedule,
          view,
          // Every day of the range, from the server (the web does no calendar arithmetic): the
          // week's grid at desktop width shows the free days too (issue 31, item 8).
          days: localDaysBetween(range.from, range.to, zone),
          previous: range.previous,
          next: range.next,
          today: localDateOf(new Date(), zone),
        });
      })
      .get('/calendar-feed', allow('signed-in'), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await getFeedStatus(db, c.get('user').id));
      })
      .post('/calendar-feed', allow('signed-in'), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await createFeed(db, env.APP_URL, c.get('user').id), 201);
      })
      .delete('/calendar-feed', allow('signed-in'), async (c) => {
        return c.json(await revokeFeed(db, c.get('user').id));
      })
      .get('/calendar/:file', allow('anyone'), async (c) => {
        const file = c.req.param('file');
        const body = file.endsWith('.ics') ? await renderFeed(db, env.APP_URL, file.slice(0, -4)) : null;
        if (body === null) throw new AppError('not_found', 'This calendar link does not work any more.');
        return c.body(body, 200, {
          'Content-Type': 'text/calendar; charset=utf-8',
          'Cache-Control': 'private, no-store',
          'Content-Disposition': 'inline; filename="tavara-shifts.ics"',
        });
      })
  );
}
