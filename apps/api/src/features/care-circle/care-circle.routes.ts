import {
  circleInvitationInputSchema,
  helpCancelInputSchema,
  helpRequestInputSchema,
  helpThanksInputSchema,
} from '@tavara/shared/care-circle/care-circle';
import { contactSharingSchema } from '@tavara/shared/care-circle/contacts';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import { allow } from '../../auth/allow';
import type { Database } from '../../db/client';
import { viewerOf } from '../../domain/viewer';
import { sendInvitationMail } from '../../emails/send-invitation';
import type { Env } from '../../env';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { validate } from '../../lib/validate';
import * as circle from './care-circle.service';
import * as contacts from './contacts.service';
import * as help from './help-requests.service';

/**
 * Who may call each route is the village rule (`loadVillagePlan` in domain/plan-access.ts): the
 * owner, accepted team and circle members, admins; invited, removed and former members, other
 * families, professionals and community members are answered as if the plan did not exist. Every
 * route is asked of each of them in this matrix test, which also shows a circle member is answered
 * like a stranger on the plan, its medications, doses, assessment and story.
 */
const CIRCLE_MATRIX = { file: 'care-circle-authorization.test.ts', test: 'care-circle routes: who may call them' };

const planParam = z.object({ planId: z.string().min(1).max(100) });
const memberParams = z.object({ planId: z.string().min(1).max(100), memberId: z.string().min(1).max(100) });
const invitationParam = z.object({ invitationId: z.string().min(1).max(100) });
const requestParam = z.object({ requestId: z.string().min(1).max(100) });
const signupParam = z.object({ signupId: z.string().min(1).max(100) });
const whenQuery = z.object({ when: z.enum(['upcoming', 'past']).default('upcoming') });

/**
 * A plan's care circle (issue 30): inviting and removing are the owner's, leaving the member's,
 * answering the invitee's; the circle page is the village's (owner, team, circle, admin).
 *
 * GET /care-plans/:planId/circle · POST /care-plans/:planId/circle/invitations ·
 * DELETE /care-plans/:planId/circle/:memberId · GET /circles ·
 * POST /circle-invitations/:invitationId/accept|decline ·
 * GET|POST /care-plans/:planId/help-requests · POST /help-requests/:requestId/cancel|signups ·
 * POST /help-signups/:signupId/cancel|done|thanks · GET /help-tasks ·
 * GET /care-plans/:planId/contacts · PUT /care-plans/:planId/contacts/sharing
 */
export function careCircleRoutes(deps: { env: Env; db: Database; mailer: Mailer; logger: Logger }) {
  const { env, db, mailer, logger } = deps;
  return (
    new Hono<AppBindings>()
      // The village's data is private and changes under the reader: never cached.
      .use('/care-plans/*', async (c, next) => {
        await next();
        c.header('Cache-Control', 'no-store');
      })

      .get('/care-plans/:planId/circle', allow.own(CIRCLE_MATRIX), validate('param', planParam), async (c) => {
        return c.json(await circle.circleOf(db, viewerOf(c), c.req.valid('param').planId));
      })
      .post(
        '/care-plans/:planId/circle/invitations',
        allow.own(CIRCLE_MATRIX),
        validate('param', planParam),
        validate('json', circleInvitationInputSchema),
        async (c) => {
          const { memberId, mail } = await circle.inviteToCircle(
            db,
            viewerOf(c),
            c.req.valid('param').planId,
            c.req.valid('json'),
          );
          // As the team's (decision 031): one e-mail per address and plan in 24 hours.
          return c.json(await sendInvitationMail({ env, mailer, logger }, memberId, mail), 201);
        },
      )
      .delete(
        '/care-plans/:planId/circle/:memberId',
        allow.own(CIRCLE_MATRIX),
        validate('param', memberParams),
        async (c) => {
          const { planId, memberId } = c.req.valid('param');
          return c.json(await circle.endCircleMembership(db, viewerOf(c), planId, memberId));
        },
      )
      // The contact card: the village reads what the family shares; only the family chooses.
      .get('/care-plans/:planId/contacts', allow.own(CIRCLE_MATRIX), validate('param', planParam), async (c) =>
        c.json(await contacts.contactCard(db, viewerOf(c), c.req.valid('param').planId)),
      )
      .put(
        '/care-plans/:planId/contacts/sharing',
        allow.own(CIRCLE_MATRIX),
        validate('param', planParam),
        validate('json', contactSharingSchema),
        async (c) =>
          c.json(await contacts.setContactSharing(db, viewerOf(c), c.req.valid('param').planId, c.req.valid('json'))),
      )
      .get('/circles', allow('signed-in'), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await circle.myCircles(db, viewerOf(c)));
      })
      .post(
        '/circle-invitations/:invitationId/accept',
        allow.own(CIRCLE_MATRIX),
        validate('param', invitationParam),
        async (c) => {
          return c.json(
            await circle.answerCircleInvitation(db, viewerOf(c), c.req.valid('param').invitationId, 'accepted'),
          );
        },
      )
      .post(
        '/circle-invitations/:invitationId/decline',
        allow.own(CIRCLE_MATRIX),
        validate('param', invitationParam),
        async (c) => {
          return c.json(
            await circle.answerCircleInvitation(db, viewerOf(c), c.req.valid('param').invitationId, 'declined'),
          );
        },
      )
      .get(
        '/care-plans/:planId/help-requests',
        allow.own(CIRCLE_MATRIX),
        validate('param', planParam),
        validate('query', whenQuery),
        async (c) =>
          c.json(await help.listHelpRequests(db, viewerOf(c), c.req.valid('param').planId, c.req.valid('query').when)),
      )
      .post(
        '/care-plans/:planId/help-requests',
        allow.own(CIRCLE_MATRIX),
        validate('param', planParam),
        validate('json', helpRequestInputSchema),
        async (c) => {
          const result = await help.createHelpRequest(
            db,
            viewerOf(c),
            c.req.valid('param').planId,
            c.req.valid('json'),
          );
          return c.json(result, result.created ? 201 : 200);
        },
      )
      .post('/help-requests/:requestId/cancel', allow.own(CIRCLE_MATRIX), validate('param', requestParam), async (c) =>
        c.json(await help.cancelHelpRequest(db, viewerOf(c), c.req.valid('param').requestId)),
      )
      .post('/help-requests/:requestId/signups', allow.own(CIRCLE_MATRIX), validate('param', requestParam), async (c) =>
        c.json(await help.signUp(db, viewerOf(c), c.req.valid('param').requestId), 201),
      )
      .post(
        '/help-signups/:signupId/cancel',
        allow.own(CIRCLE_MATRIX),
        validate('param', signupParam),
        validate('json', helpCancelInputSchema),
        async (c) =>
          c.json(await help.cancelSignup(db, viewerOf(c), c.req.valid('param').signupId, c.req.valid('json').note)),
      )
      .post('/help-signups/:signupId/done', allow.own(CIRCLE_MATRIX), validate('param', signupParam), async (c) =>
        c.json(await help.markSignupDone(db, viewerOf(c), c.req.valid('param').signupId)),
      )
      .post(
        '/help-signups/:signupId/thanks',
        allow.own(CIRCLE_MATRIX),
        validate('param', signupParam),
        validate('json', helpThanksInputSchema),
        async (c) =>
          c.json(await help.thankHelper(db, viewerOf(c), c.req.valid('param').signupId, c.req.valid('json').message)),
      )
      .get('/help-tasks', allow('signed-in'), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json({ tasks: await help.myHelpTasks(db, viewerOf(c)) });
      })
  );
}
