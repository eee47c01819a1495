import { invitationInputSchema } from '@tavara/shared/care-team/care-team';
import { allow, PLAN_MATRIX } from '../../auth/allow';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { validate } from '../../lib/validate';
import * as team from '../care-team/care-team.service';
import { sendInvitationMail } from '../../emails/send-invitation';
import { viewerOf } from '../../domain/viewer';
import { listMyInvitations } from '../../domain/plan-team';

const planParam = z.object({ planId: z.string().min(1).max(100) });
const memberParams = z.object({ planId: z.string().min(1).max(100), memberId: z.string().min(1).max(100) });
const invitationParam = z.object({ invitationId: z.string().min(1).max(100) });
const searchQuery = z.object({
  q: z.string().trim().max(100).optional(),
  region: z.string().trim().max(100).optional(),
  careType: z.string().trim().max(100).optional(),
});

/**
 * A plan's team (issue 16): inviting, removing and leaving are the owner's and the member's;
 * answering an invitation is the invitee's alone.
 *
 * GET /care-plans/professionals · POST /care-plans/:planId/invitations ·
 * DELETE /care-plans/:planId/members/:memberId · GET /invitations ·
 * POST /invitations/:invitationId/accept|decline
 */
export function careTeamRoutes(deps: { env: Env; db: Database; mailer: Mailer; logger: Logger }) {
  const { env, db, mailer, logger } = deps;
  const plan = allow.plans(db, PLAN_MATRIX);
  return (
    new Hono<AppBindings>()
      // Plan data is private and changes under the reader: never cached (every router under /care-plans).
      .use('/care-plans/*', async (c, next) => {
        await next();
        c.header('Cache-Control', 'no-store');
      })
      .get('/care-plans/professionals', allow.role('family'), validate('query', searchQuery), async (c) => {
        return c.json({ professionals: await team.searchProfessionals(db, c.req.valid('query')) });
      })
      .post(
        '/care-plans/:planId/invitations',
        plan.owner(),
        validate('param', planParam),
        validate('json', invitationInputSchema),
        async (c) => {
          const { memberId, mail } = await team.inviteMember(
            db,
            viewerOf(c),
            c.req.valid('param').planId,
            c.req.valid('json'),
          );
          return c.json(await sendInvitationMail({ env, mailer, logger }, memberId, mail), 201);
        },
      )
      .delete('/care-plans/:planId/members/:memberId', plan.member(), validate('param', memberParams), async (c) => {
        const { planId, memberId } = c.req.valid('param');
        return c.json(await team.endMembership(db, viewerOf(c), planId, memberId));
      })
      .get('/invitations', allow('signed-in'), async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json({ invitations: await listMyInvitations(db, viewerOf(c)) });
      })
      // Answered by the person invited, who is not on the team yet: their own invitation rows only
      // (the plan matrix asks it as every kind of person; everyone else hears "not found").
      .post(
        '/invitations/:invitationId/accept',
        allow.own(PLAN_MATRIX),
        validate('param', invitationParam),
        async (c) => {
          return c.json(await team.answerInvitation(db, viewerOf(c), c.req.valid('param').invitationId, 'accepted'));
        },
      )
      .post(
        '/invitations/:invitationId/decline',
        allow.own(PLAN_MATRIX),
        validate('param', invitationParam),
        async (c) => {
          return c.json(await team.answerInvitation(db, viewerOf(c), c.req.valid('param').invitationId, 'declined'));
        },
      )
  );
}
