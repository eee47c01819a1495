import {
  familyFiltersSchema,
  matchingVisibilityInputSchema,
  professionalFiltersSchema,
} from '@tavara/shared/matching/matching';
import { allow } from '../../auth/allow';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { validate } from '../../lib/validate';
import * as matching from './matching.service';

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_OWNER_VS_OTHER = {
  file: 'matching.test.ts',
  test: 'owner vs other: the switch, the interests and the needs are the caller’s own',
};

const professionalParam = z.object({ professionalId: z.string().min(1).max(100) });
const familyParam = z.object({ familyId: z.uuid('Unknown family.') });

/**
 * Matching both ways (issue 19, items 4 and 5; decision 026). Everything is for families or
 * professionals only (community and admin 403, signed out 401), and only ever about people who
 * chose to be found:
 *
 * - `GET /matching/visibility` · `PUT /matching/visibility` — the caller's own "listed" (professional)
 *   or "findable" (family) switch → `{ visible }`
 * - `GET /matching/professionals?careType&condition&shift&minExperience&region&maxKm&rateMin&rateMax&page`
 *   — family: listed professionals scored against the family's needs → `CaregiverMatchingResponse`
 * - `GET /matching/professionals/:professionalId/photo` — family: a listed professional's photo
 * - `GET /matching/interests` — family: professionals who said they are interested
 * - `GET /matching/families?careType&shift&region&maxKm&page` — professional: findable families,
 *   without names or health details → `FamilyMatchingResponse`
 * - `POST /matching/families/:familyId/interest` — professional: once per pair (201, then 200)
 */
export function matchingRoutes(env: Env, db: Database) {
  return new Hono<AppBindings>()
    .get('/matching/visibility', allow.own(OWN_OWNER_VS_OTHER, 'family', 'professional'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await matching.getVisibility(db, c.get('user')));
    })
    .put(
      '/matching/visibility',
      allow.own(OWN_OWNER_VS_OTHER, 'family', 'professional'),
      validate('json', matchingVisibilityInputSchema),
      async (c) => {
        return c.json(await matching.setVisibility(db, c.get('user'), c.req.valid('json').visible));
      },
    )
    .get(
      '/matching/professionals',
      allow.own(OWN_OWNER_VS_OTHER, 'family'),
      validate('query', professionalFiltersSchema),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await matching.matchProfessionals(db, c.get('user'), c.req.valid('query')));
      },
    )
    .get(
      '/matching/professionals/:professionalId/photo',
      allow.role('family'),
      validate('param', professionalParam),
      async (c) => {
        const { bytes, type } = await matching.readListedPhoto(
          db,
          env.DATA_DIR,
          c.get('user'),
          c.req.valid('param').professionalId,
        );
        return c.body(new Uint8Array(bytes), 200, {
          'Content-Type': type,
          'Cache-Control': 'private, max-age=3600',
          'Content-Disposition': 'inline',
        });
      },
    )
    .get('/matching/interests', allow.own(OWN_OWNER_VS_OTHER, 'family'), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ interests: await matching.listInterests(db, c.get('user')) });
    })
    .get('/matching/families', allow.role('professional'), validate('query', familyFiltersSchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await matching.matchFamilies(db, c.get('user'), c.req.valid('query')));
    })
    .post(
      '/matching/families/:familyId/interest',
      allow.own(OWN_OWNER_VS_OTHER, 'professional'),
      validate('param', familyParam),
      async (c) => {
        const result = await matching.expressInterest(db, c.get('user'), c.req.valid('param').familyId);
        return c.json(result, result.created ? 201 : 200);
      },
    );
}
