import { hideStoryBodySchema, legacyQuerySchema, storyBodySchema } from '@tavara/shared/family-story/family-story';
import { allow } from '../../auth/allow';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import { validate } from '../../lib/validate';
import {
  getLegacyStory,
  hideStory,
  listLegacyStories,
  listStories,
  planStory,
  saveStory,
  setShared,
} from './family-story.service';

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_WHO_MAY_READ = { file: 'people-cared-for.test.ts', test: 'who may read and change assessments and stories' };

const storyParam = z.object({ storyId: z.string().min(1).max(100) });
const planParam = z.object({ planId: z.string().min(1).max(100) });

/**
 * The family's story and the legacy page (issue 19, items 2–3):
 *
 * - `GET  /family-stories` — family: their recipients' stories → `StoryListResponse`
 * - `PUT  /family-stories` — family: saves one recipient's story (a draft is a save) → `FamilyStory`
 * - `POST|DELETE /family-stories/:storyId/share` — family, own story: share on / withdraw from
 *   the legacy page → `FamilyStory`
 * - `GET  /care-plans/:planId/story` — the plan's owner, accepted team and admins → `PlanStoryResponse`
 * - `GET  /legacy-stories?q=&page=`, `GET /legacy-stories/:storyId` — anyone: shared stories'
 *   public fields only (`publicStoryOf`)
 * - `POST|DELETE /admin/legacy-stories/:storyId/hide` — admin: hide with a reason / show again,
 *   both in the audit log
 */
export function familyStoryRoutes(db: Database) {
  return new Hono<AppBindings>()
    .get('/family-stories', allow.own(OWN_WHO_MAY_READ, 'family'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await listStories(db, c.get('user').id));
    })
    .put('/family-stories', allow.own(OWN_WHO_MAY_READ, 'family'), validate('json', storyBodySchema), async (c) => {
      return c.json(await saveStory(db, c.get('user').id, c.req.valid('json')));
    })
    .post(
      '/family-stories/:storyId/share',
      allow.own(OWN_WHO_MAY_READ, 'family'),
      validate('param', storyParam),
      async (c) => {
        return c.json(await setShared(db, c.get('user').id, c.req.valid('param').storyId, true));
      },
    )
    .delete(
      '/family-stories/:storyId/share',
      allow.own(OWN_WHO_MAY_READ, 'family'),
      validate('param', storyParam),
      async (c) => {
        return c.json(await setShared(db, c.get('user').id, c.req.valid('param').storyId, false));
      },
    )
    .get('/care-plans/:planId/story', allow.own(OWN_WHO_MAY_READ), validate('param', planParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      const user = c.get('user');
      return c.json(await planStory(db, { id: user.id, role: user.role }, c.req.valid('param').planId));
    })
    .get('/legacy-stories', allow('anyone'), validate('query', legacyQuerySchema), async (c) => {
      const { q, page } = c.req.valid('query');
      return c.json(await listLegacyStories(db, q, page));
    })
    .get('/legacy-stories/:storyId', allow('anyone'), validate('param', storyParam), async (c) => {
      return c.json({ story: await getLegacyStory(db, c.req.valid('param').storyId) });
    })
    .post(
      '/admin/legacy-stories/:storyId/hide',
      allow.admin(),
      validate('param', storyParam),
      validate('json', hideStoryBodySchema),
      async (c) => {
        const user = c.get('user');
        await hideStory(
          db,
          { id: user.id, email: user.email },
          c.req.valid('param').storyId,
          c.req.valid('json').reason,
        );
        return c.json({ hidden: true });
      },
    )
    .delete('/admin/legacy-stories/:storyId/hide', allow.admin(), validate('param', storyParam), async (c) => {
      const user = c.get('user');
      await hideStory(db, { id: user.id, email: user.email }, c.req.valid('param').storyId, null);
      return c.json({ hidden: false });
    });
}
