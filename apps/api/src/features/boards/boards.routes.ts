import {
  BOARDS,
  boardQuerySchema,
  MODERATION_ACTIONS,
  postInputSchema,
  replyInputSchema,
  reportInputSchema,
} from '@tavara/shared/boards/boards';
import { allow } from '../../auth/allow';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import { readSession } from '../../auth/require-user';
import type { Database } from '../../db/client';
import { validate } from '../../lib/validate';
import { createBoards } from './boards.service';

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_ONLY_THE_AUTHOR = { file: 'boards.test.ts', test: 'only the author edits or deletes a post' };

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_A_PRIVATE_CONVERSATION = {
  file: 'boards.test.ts',
  test: 'a private conversation is reachable only by its two people',
};

const boardParam = z.object({ board: z.enum(BOARDS, { message: 'No such board.' }) });
const idParam = z.object({ id: z.uuid({ message: 'Not a post id.' }) });
const threadParam = z.object({ id: z.uuid({ message: 'Not a conversation id.' }) });
const moderationSchema = z.object({ action: z.enum(MODERATION_ACTIONS) });

/**
 * Message boards (issue 20):
 *
 * - `GET    /boards/:board/posts?q=&type=&region=&urgency=&page=` — anyone; signed-out visitors
 *   get text with contact details removed → `{ posts, page, hasNext }`
 * - `GET    /boards/posts/mine` — family, professional: own posts (hidden ones too)
 * - `GET    /boards/posts/:id` — anyone; a hidden post only its author and admins
 * - `POST   /boards/posts` — family (care need, family discussion), professional (availability,
 *   professional discussion); rate-limited
 * - `PUT    /boards/posts/:id`, `DELETE /boards/posts/:id` — the author only
 * - `POST   /boards/posts/:id/replies` — the board's members and the author
 * - `POST   /boards/posts/:id/reports` — anyone signed in but the author; once per person
 * - `POST   /boards/posts/:id/threads` — the board's members: a private conversation with the author
 * - `GET    /boards/threads`, `GET /boards/threads/:id`, `POST /boards/threads/:id/messages` — the two people in it
 * - `GET    /admin/board-reports`, `POST /admin/board-posts/:id/moderation` — admins
 */
export function boardRoutes(db: Database) {
  const boards = createBoards(db);
  const viewerOf = (u: { id: string; role?: string | null }) => ({ id: u.id, role: u.role });

  return new Hono<AppBindings>()
    .get('/boards/posts/mine', allow.role('family', 'professional', 'community'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await boards.listMine(viewerOf(c.get('user'))));
    })
    .get(
      '/boards/:board/posts',
      allow('anyone'),
      validate('param', boardParam),
      validate('query', boardQuerySchema),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        const session = await readSession(c);
        const viewer = session ? viewerOf(session.user) : null;
        return c.json(await boards.list(viewer, c.req.valid('param').board, c.req.valid('query')));
      },
    )
    .get('/boards/posts/:id', allow('anyone'), validate('param', idParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      const session = await readSession(c);
      return c.json(await boards.get(session ? viewerOf(session.user) : null, c.req.valid('param').id));
    })
    .post(
      '/boards/posts',
      allow.role('family', 'professional', 'community'),
      validate('json', postInputSchema),
      async (c) => {
        return c.json({ post: await boards.create(viewerOf(c.get('user')), c.req.valid('json')) }, 201);
      },
    )
    .put(
      '/boards/posts/:id',
      allow.own(OWN_ONLY_THE_AUTHOR, 'family', 'professional', 'community'),
      validate('param', idParam),
      validate('json', postInputSchema),
      async (c) => {
        const post = await boards.update(viewerOf(c.get('user')), c.req.valid('param').id, c.req.valid('json'));
        return c.json({ post });
      },
    )
    .delete(
      '/boards/posts/:id',
      allow.own(OWN_ONLY_THE_AUTHOR, 'family', 'professional', 'community'),
      validate('param', idParam),
      async (c) => {
        await boards.remove(viewerOf(c.get('user')), c.req.valid('param').id);
        return c.json({ deleted: true });
      },
    )
    .post(
      '/boards/posts/:id/replies',
      allow.role('family', 'professional', 'community'),
      validate('param', idParam),
      validate('json', replyInputSchema),
      async (c) => {
        const reply = await boards.reply(viewerOf(c.get('user')), c.req.valid('param').id, c.req.valid('json').body);
        return c.json(reply, 201);
      },
    )
    .post(
      '/boards/posts/:id/reports',
      allow('signed-in'),
      validate('param', idParam),
      validate('json', reportInputSchema),
      async (c) => {
        const result = await boards.report(
          viewerOf(c.get('user')),
          c.req.valid('param').id,
          c.req.valid('json').reason,
        );
        return c.json(result, result.reported ? 201 : 200);
      },
    )
    .post(
      '/boards/posts/:id/threads',
      allow.role('family', 'professional'),
      validate('param', idParam),
      validate('json', replyInputSchema),
      async (c) => {
        const result = await boards.startThread(
          viewerOf(c.get('user')),
          c.req.valid('param').id,
          c.req.valid('json').body,
        );
        return c.json(result, 201);
      },
    )
    .get('/boards/threads', allow('signed-in'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await boards.listThreads(viewerOf(c.get('user'))));
    })
    .get('/boards/threads/:id', allow.own(OWN_A_PRIVATE_CONVERSATION), validate('param', threadParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await boards.getThread(viewerOf(c.get('user')), c.req.valid('param').id));
    })
    .post(
      '/boards/threads/:id/messages',
      allow.own(OWN_A_PRIVATE_CONVERSATION),
      validate('param', threadParam),
      validate('json', replyInputSchema),
      async (c) => {
        const result = await boards.sendMessage(
          viewerOf(c.get('user')),
          c.req.valid('param').id,
          c.req.valid('json').body,
        );
        return c.json(result, 201);
      },
    )
    .get('/admin/board-reports', allow.admin(), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await boards.moderationQueue());
    })
    .post(
      '/admin/board-posts/:id/moderation',
      allow.admin(),
      validate('param', idParam),
      validate('json', moderationSchema),
      async (c) => {
        const u = c.get('user');
        return c.json(
          await boards.moderate({ id: u.id, email: u.email }, c.req.valid('param').id, c.req.valid('json').action),
        );
      },
    );
}
