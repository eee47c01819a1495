import { carePlanInputSchema, DEFAULT_TIME_ZONE, planStatusInputSchema } from '@tavara/shared/care-plans/care-plans';
import {
  generateShiftsInputSchema,
  shiftAssignInputSchema,
  shiftCancelInputSchema,
  shiftDoneInputSchema,
  shiftEditInputSchema,
  shiftTimesInputSchema,
} from '@tavara/shared/shifts/shifts';
import { invitationInputSchema, TEAM_ROLE_LABELS } from '@tavara/shared/care-team/care-team';
import { isoDateSchema } from '@tavara/shared/time/date-params';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import { emailButton, emailLayout, emailLinkText, emailParagraph } from '../../lib/email-layout';
import { requireRole, requireUser } from '../../auth/require-user';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { validate } from '../../lib/validate';
import { createFeed, getFeedStatus, renderFeed, revokeFeed } from './calendar-feed.service';
import * as plans from './care-plans.service';
import { addLocalDays, localDateOf, viewRange } from './shift-times';

const planParam = z.object({ planId: z.string().min(1).max(100) });
const shiftParam = z.object({ shiftId: z.string().min(1).max(100) });
const memberParams = z.object({ planId: z.string().min(1).max(100), memberId: z.string().min(1).max(100) });
const invitationParam = z.object({ invitationId: z.string().min(1).max(100) });
const rangeQuery = z.object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() });
const weekQuery = z.object({ week: isoDateSchema.optional() });
const scheduleQuery = rangeQuery.extend({
  view: z.enum(['day', 'week', 'month']).optional(),
  date: isoDateSchema.optional(),
});
const searchQuery = z.object({
  q: z.string().trim().max(100).optional(),
  region: z.string().trim().max(100).optional(),
  careType: z.string().trim().max(100).optional(),
});

function viewerOf(c: {
  get(key: 'user'): { id: string; role?: string | null; email: string; emailVerified: boolean };
}): plans.Viewer {
  const u = c.get('user');
  return { id: u.id, role: u.role, email: u.email, emailVerified: u.emailVerified };
}

/**
 * Web addresses in a note written by someone else are shown, never linked (issue 31): a zero-width
 * space after each dot and after `://` stops mail apps from turning them into links, so an
 * invitation cannot carry a clickable link to anywhere but the app.
 */
function unlinkable(text: string): string {
  return text.replace(/:\/\//g, ':\u200B//').replace(/\.(?=\S)/g, '.\u200B');
}

/**
 * The invitation e-mail: who invited and as what, and the family's note (escaped, its addresses
 * not links) — never the plan's title, the person cared for or health details. In the app's one
 * e-mail frame (issue 14): phone-wide, blue button, and the link as text that wraps. The link
 * opens /auth with the invited address (and, for a new account, the role) filled in, and
 * `invitation=1`: once signed in, the invitation comes first (issue 31).
 */
export function invitationMail(env: Pick<Env, 'APP_URL'>, mail: plans.InviteMail) {
  const role = TEAM_ROLE_LABELS[mail.teamRole].toLowerCase();
  const params = new URLSearchParams(
    mail.hasAccount
      ? { invitation: '1', email: mail.to }
      : {
          tab: 'signup',
          role: mail.kind === 'professional' ? 'professional' : 'family',
          invitation: '1',
          email: mail.to,
        },
  );
  const link = `${env.APP_URL}/auth?${params.toString()}`;
  const action = mail.hasAccount
    ? 'Sign in to see the invitation and answer it:'
    : 'Create your free account with this e-mail address to see the invitation and answer it:';
  const subject = 'You are invited to join a care team on Tavara';
  const note = mail.note?.trim() ? unlinkable(mail.note.trim()) : null;
  const noteText = note ? `\n\nTheir note to you:\n${note}` : '';
  const text = `${mail.inviterName} has invited you to join their care team on Tavara as a ${role}.${noteText}\n\n${action}\n${link}\n\nNobody is added to a care team without accepting. If you were not expecting this, you can ignore this e-mail.`;
  const html = emailLayout({
    title: subject,
    bodyHtml: [
      emailParagraph(`${mail.inviterName} has invited you to join their care team on Tavara as a ${role}.`),
      ...(note
        ? [
            emailParagraph('Their note to you:', 'margin-bottom: 4px; font-weight: bold'),
            emailParagraph(note, 'padding: 8px 12px; border-left: 4px solid #cbd5e1; white-space: pre-line'),
          ]
        : []),
      emailParagraph(action),
      emailButton(mail.hasAccount ? 'See the invitation' : 'Create my account', link),
      `<p style="margin: 0 0 16px; font-size: 14px">If the button does not work, copy this link into your browser:<br>${emailLinkText(link)}</p>`,
      emailParagraph(
        'Nobody is added to a care team without accepting. If you were not expecting this, you can ignore this e-mail.',
      ),
    ].join('\n'),
  });
  return { to: mail.to, subject, text, html };
}

/**
 * Care plans, teams and shifts (issue 16). Every route checks who asks; a plan is visible to its
 * owner, accepted members and admins, and anyone else gets the same "You don't have access to
 * this plan" whether or not it exists. Changing the plan, its team and its shifts is the owner's.
 *
 * Plans:        GET/POST /care-plans · GET/PUT/DELETE /care-plans/:planId · POST …/status, …/restore
 * Team:         GET /care-plans/professionals · POST /care-plans/:planId/invitations ·
 *               DELETE /care-plans/:planId/members/:memberId · GET /invitations ·
 *               POST /invitations/:invitationId/accept|decline
 * Shifts:       GET /care-plans/:planId/shifts · POST …/shifts/generate · POST …/shifts (one-off) ·
 *               PATCH /shifts/:shiftId · POST /shifts/:shiftId/cancel|assign|claim|check-in|check-out|done
 * Professional: GET /professional/schedule · GET /professional/assignments/:planId
 * Calendar:     GET/POST/DELETE /calendar-feed · GET /calendar/:token.ics (the token is the key)
 * Dashboard:    GET /care-plans/figures
 */
export function carePlanRoutes(deps: { env: Env; db: Database; mailer: Mailer; logger: Logger }) {
  const { env, db, mailer, logger } = deps;
  return new Hono<AppBindings>()
    .use('/care-plans/*', async (c, next) => {
      await next();
      c.header('Cache-Control', 'no-store');
    })
    .get('/care-plans', requireUser(), async (c) => {
      // Anyone signed in: their own plans (families) and the teams they accepted a place on
      // (relatives of any role, professionals), so an accepted invitation always leads somewhere.
      const viewer = viewerOf(c);
      const [own, teams] = await Promise.all([plans.listFamilyPlans(db, viewer), plans.listTeamPlans(db, viewer)]);
      return c.json({ plans: own, teams });
    })
    .post('/care-plans', requireRole('family'), validate('json', carePlanInputSchema), async (c) => {
      return c.json({ plan: await plans.createPlan(db, viewerOf(c), c.req.valid('json')) }, 201);
    })
    .get('/care-plans/figures', requireUser(), async (c) => {
      return c.json(await plans.careFigures(db, viewerOf(c)));
    })
    .get('/care-plans/professionals', requireRole('family'), validate('query', searchQuery), async (c) => {
      return c.json({ professionals: await plans.searchProfessionals(db, c.req.valid('query')) });
    })
    .get(
      '/care-plans/:planId',
      requireUser(),
      validate('param', planParam),
      validate('query', weekQuery),
      async (c) => {
        return c.json(
          await plans.getPlanDetail(db, viewerOf(c), c.req.valid('param').planId, c.req.valid('query').week),
        );
      },
    )
    .put(
      '/care-plans/:planId',
      requireUser(),
      validate('param', planParam),
      validate('json', carePlanInputSchema),
      async (c) => {
        return c.json({
          plan: await plans.updatePlan(db, viewerOf(c), c.req.valid('param').planId, c.req.valid('json')),
        });
      },
    )
    .post(
      '/care-plans/:planId/status',
      requireUser(),
      validate('param', planParam),
      validate('json', planStatusInputSchema),
      async (c) => {
        return c.json({
          plan: await plans.setPlanStatus(db, viewerOf(c), c.req.valid('param').planId, c.req.valid('json').status),
        });
      },
    )
    .post('/care-plans/:planId/restore', requireUser(), validate('param', planParam), async (c) => {
      return c.json({ plan: await plans.restorePlan(db, viewerOf(c), c.req.valid('param').planId) });
    })
    .delete('/care-plans/:planId', requireUser(), validate('param', planParam), async (c) => {
      return c.json(await plans.deleteOrArchivePlan(db, viewerOf(c), c.req.valid('param').planId));
    })
    .post(
      '/care-plans/:planId/invitations',
      requireUser(),
      validate('param', planParam),
      validate('json', invitationInputSchema),
      async (c) => {
        const { memberId, mail } = await plans.inviteMember(
          db,
          viewerOf(c),
          c.req.valid('param').planId,
          c.req.valid('json'),
        );
        // Someone with an account was notified in the invitation's transaction (their e-mail is
        // queued by their preferences); someone without one gets the sign-up e-mail now. The
        // invitation stands even if that e-mail fails; the invitee also sees it on their page.
        if (mail.hasAccount)
          return c.json({ memberId, emailed: !mail.mailedRecently, mailedRecently: mail.mailedRecently }, 201);
        // Issue 32: one invitation e-mail per address and plan in 24 hours, however often re-sent.
        if (mail.mailedRecently) return c.json({ memberId, emailed: false, mailedRecently: true }, 201);
        let emailed = true;
        try {
          await mailer.send(invitationMail(env, mail));
        } catch (error) {
          emailed = false;
          logger.warn(
            { err: error instanceof Error ? error.message : 'unknown', memberId },
            'care team invitation e-mail failed',
          );
        }
        return c.json({ memberId, emailed, mailedRecently: false }, 201);
      },
    )
    .delete('/care-plans/:planId/members/:memberId', requireUser(), validate('param', memberParams), async (c) => {
      const { planId, memberId } = c.req.valid('param');
      return c.json(await plans.endMembership(db, viewerOf(c), planId, memberId));
    })
    .get(
      '/care-plans/:planId/shifts',
      requireUser(),
      validate('param', planParam),
      validate('query', rangeQuery),
      async (c) => {
        const { plan } = await plans.loadPlanFor(db, viewerOf(c), c.req.valid('param').planId);
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
        const list = await plans.listPlanShifts(db, plan, from, to);
        return c.json({ from, to, shifts: list, gaps: plans.coverageGaps(list) });
      },
    )
    .post(
      '/care-plans/:planId/shifts/generate',
      requireUser(),
      validate('param', planParam),
      validate('json', generateShiftsInputSchema),
      async (c) => {
        return c.json(await plans.generateShifts(db, viewerOf(c), c.req.valid('param').planId, c.req.valid('json')));
      },
    )
    .post(
      '/care-plans/:planId/shifts',
      requireUser(),
      validate('param', planParam),
      validate('json', shiftTimesInputSchema),
      async (c) => {
        return c.json(
          { shift: await plans.addOneOffShift(db, viewerOf(c), c.req.valid('param').planId, c.req.valid('json')) },
          201,
        );
      },
    )
    .patch(
      '/shifts/:shiftId',
      requireUser(),
      validate('param', shiftParam),
      validate('json', shiftEditInputSchema),
      async (c) => {
        return c.json({
          shift: await plans.editShift(db, viewerOf(c), c.req.valid('param').shiftId, c.req.valid('json')),
        });
      },
    )
    .post(
      '/shifts/:shiftId/cancel',
      requireUser(),
      validate('param', shiftParam),
      validate('json', shiftCancelInputSchema),
      async (c) => {
        return c.json({
          shift: await plans.cancelShift(db, viewerOf(c), c.req.valid('param').shiftId, c.req.valid('json').reason),
        });
      },
    )
    .post(
      '/shifts/:shiftId/assign',
      requireUser(),
      validate('param', shiftParam),
      validate('json', shiftAssignInputSchema),
      async (c) => {
        return c.json({
          shift: await plans.assignShift(db, viewerOf(c), c.req.valid('param').shiftId, c.req.valid('json')),
        });
      },
    )
    .post('/shifts/:shiftId/claim', requireUser(), validate('param', shiftParam), async (c) => {
      return c.json({ shift: await plans.claimShift(db, viewerOf(c), c.req.valid('param').shiftId) });
    })
    .post('/shifts/:shiftId/check-in', requireUser(), validate('param', shiftParam), async (c) => {
      return c.json({ shift: await plans.checkIn(db, viewerOf(c), c.req.valid('param').shiftId) });
    })
    .post(
      '/shifts/:shiftId/check-out',
      requireUser(),
      validate('param', shiftParam),
      validate('json', shiftDoneInputSchema),
      async (c) => {
        return c.json({
          shift: await plans.checkOut(db, viewerOf(c), c.req.valid('param').shiftId, c.req.valid('json').note),
        });
      },
    )
    .post(
      '/shifts/:shiftId/done',
      requireUser(),
      validate('param', shiftParam),
      validate('json', shiftDoneInputSchema),
      async (c) => {
        return c.json({
          shift: await plans.markShiftDone(db, viewerOf(c), c.req.valid('param').shiftId, c.req.valid('json').note),
        });
      },
    )
    .get('/invitations', requireUser(), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ invitations: await plans.listMyInvitations(db, viewerOf(c)) });
    })
    .post('/invitations/:invitationId/accept', requireUser(), validate('param', invitationParam), async (c) => {
      return c.json(await plans.answerInvitation(db, viewerOf(c), c.req.valid('param').invitationId, 'accepted'));
    })
    .post('/invitations/:invitationId/decline', requireUser(), validate('param', invitationParam), async (c) => {
      return c.json(await plans.answerInvitation(db, viewerOf(c), c.req.valid('param').invitationId, 'declined'));
    })
    .get('/professional/schedule', requireUser(), validate('query', scheduleQuery), async (c) => {
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
      const schedule = await plans.getSchedule(db, viewerOf(c), range.from, range.to);
      return c.json({
        ...schedule,
        view,
        previous: range.previous,
        next: range.next,
        today: localDateOf(new Date(), zone),
      });
    })
    .get('/professional/assignments/:planId', requireUser(), validate('param', planParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await plans.getAssignment(db, viewerOf(c), c.req.valid('param').planId));
    })
    .get('/calendar-feed', requireUser(), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await getFeedStatus(db, c.get('user').id));
    })
    .post('/calendar-feed', requireUser(), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await createFeed(db, env.APP_URL, c.get('user').id), 201);
    })
    .delete('/calendar-feed', requireUser(), async (c) => {
      return c.json(await revokeFeed(db, c.get('user').id));
    })
    .get('/calendar/:file', async (c) => {
      const file = c.req.param('file');
      const body = file.endsWith('.ics') ? await renderFeed(db, env.APP_URL, file.slice(0, -4)) : null;
      if (body === null) throw new AppError('not_found', 'This calendar link does not work any more.');
      return c.body(body, 200, {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Cache-Control': 'private, no-store',
        'Content-Disposition': 'inline; filename="tavara-shifts.ics"',
      });
    });
}
