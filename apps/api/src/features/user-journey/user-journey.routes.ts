import {
  userJourneyFunnelQuerySchema,
  userJourneyLookupSchema,
  USER_JOURNEY_MESSAGES,
} from '@tavara/shared/admin/user-journey';
import { allow } from '../../auth/allow';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { createUserJourney } from './user-journey.service';

/**
 * The admin's registration funnel and journey timelines (issue 8). Admins only: 401 signed out,
 * 403 for any other role (the server-side role, `allow.admin()`). Answers are never cached.
 *
 * - `GET /admin/user-journey/funnel?from=&to=` — UTC days, inclusive, both optional (all time) →
 *   `UserJourneyFunnel`; a bad date is a 422 naming the field
 * - `GET /admin/user-journey/timeline?query=` — an e-mail, a user id or a chat session id →
 *   `UserJourneyTimeline`; 400 when empty or too long, 404 when nothing matches
 */
export function userJourneyRoutes(db: Database) {
  const journey = createUserJourney(db);
  return new Hono<AppBindings>()
    .get('/admin/user-journey/funnel', allow.admin(), validate('query', userJourneyFunnelQuerySchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await journey.getFunnel(c.req.valid('query')));
    })
    .get(
      '/admin/user-journey/timeline',
      allow.admin(),
      // A lookup is one field: a plain 400 with its message, not a form's 422.
      validator('query', (value) => {
        const parsed = userJourneyLookupSchema.safeParse(value);
        if (!parsed.success) {
          throw new AppError('bad_request', parsed.error.issues[0]?.message ?? USER_JOURNEY_MESSAGES.emptyLookup);
        }
        return parsed.data;
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await journey.getTimeline(c.req.valid('query').query));
      },
    );
}
