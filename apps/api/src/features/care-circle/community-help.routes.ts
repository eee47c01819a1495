import { helpRegionsInputSchema, shareHelpRequestInputSchema } from '@tavara/shared/care-circle/community-help';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import { allow } from '../../auth/allow';
import type { Database } from '../../db/client';
import { viewerOf } from '../../domain/viewer';
import { validate } from '../../lib/validate';
import * as community from './community-help.service';

/**
 * Who may call each route (issue 30, item 3): a community member reads and changes only their own
 * regions and offers, and sees only shared requests in their regions; the family (the owner and
 * relatives on the team) shares a request and answers its offers. Asked of everyone — community
 * members in and out of the region, an accepted and a declined helper, the family, a circle member,
 * strangers and admins — in this matrix test.
 */
const COMMUNITY_MATRIX = {
  file: 'community-help-authorization.test.ts',
  test: 'community help routes: who may call them',
};

const requestParam = z.object({ requestId: z.string().min(1).max(100) });
const offerParam = z.object({ offerId: z.string().min(1).max(100) });

/**
 * GET|PUT /community/help-regions · GET /community/help-requests · GET /community/help ·
 * POST /help-requests/:requestId/offers · PUT /help-requests/:requestId/public ·
 * POST /help-offers/:offerId/withdraw|accept|decline
 */
export function communityHelpRoutes(deps: { db: Database }) {
  const { db } = deps;
  return (
    new Hono<AppBindings>()
      // What a community member is offered and has offered changes under them: never cached.
      .use('/community/*', async (c, next) => {
        await next();
        c.header('Cache-Control', 'no-store');
      })
      .get('/community/help-regions', allow.own(COMMUNITY_MATRIX, 'community'), async (c) =>
        c.json({ regions: await community.helpRegionsOf(db, viewerOf(c).id) }),
      )
      .put(
        '/community/help-regions',
        allow.own(COMMUNITY_MATRIX, 'community'),
        validate('json', helpRegionsInputSchema),
        async (c) => c.json(await community.setHelpRegions(db, viewerOf(c), c.req.valid('json').regions)),
      )
      .get('/community/help-requests', allow.own(COMMUNITY_MATRIX, 'community'), async (c) =>
        c.json(await community.publicHelpRequests(db, viewerOf(c))),
      )
      .get('/community/help', allow.own(COMMUNITY_MATRIX, 'community'), async (c) =>
        c.json(await community.myCommunityHelp(db, viewerOf(c))),
      )
      .post(
        '/help-requests/:requestId/offers',
        allow.own(COMMUNITY_MATRIX, 'community'),
        validate('param', requestParam),
        async (c) => c.json(await community.offerHelp(db, viewerOf(c), c.req.valid('param').requestId), 201),
      )
      .put(
        '/help-requests/:requestId/public',
        allow.own(COMMUNITY_MATRIX),
        validate('param', requestParam),
        validate('json', shareHelpRequestInputSchema),
        async (c) =>
          c.json(
            await community.shareHelpRequest(
              db,
              viewerOf(c),
              c.req.valid('param').requestId,
              c.req.valid('json').region,
            ),
          ),
      )
      .post(
        '/help-offers/:offerId/withdraw',
        allow.own(COMMUNITY_MATRIX, 'community'),
        validate('param', offerParam),
        async (c) => c.json(await community.withdrawOffer(db, viewerOf(c), c.req.valid('param').offerId)),
      )
      .post('/help-offers/:offerId/accept', allow.own(COMMUNITY_MATRIX), validate('param', offerParam), async (c) =>
        c.json(await community.answerOffer(db, viewerOf(c), c.req.valid('param').offerId, 'accepted')),
      )
      .post('/help-offers/:offerId/decline', allow.own(COMMUNITY_MATRIX), validate('param', offerParam), async (c) =>
        c.json(await community.answerOffer(db, viewerOf(c), c.req.valid('param').offerId, 'declined')),
      )
  );
}
