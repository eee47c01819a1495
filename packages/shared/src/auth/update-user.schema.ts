import { z } from 'zod';
import { hasLinkOrEmail, PERSON_NAME_MESSAGES } from '../validation/person-name';
import { safeString } from '../validation/safe-text';
import { AUTH_MESSAGES } from './auth-messages';

/** Longest name part the app keeps (a first, last or full name). */
export const MAX_NAME_CHARS = 100;

const namePart = safeString({ error: AUTH_MESSAGES.signUpRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.signUpRequired })
  .max(MAX_NAME_CHARS, { error: `A name can be at most ${MAX_NAME_CHARS} characters.` })
  // Issue 32: a name opens mails to other people; it may not carry a link or an address.
  .refine((value) => !hasLinkOrEmail(value), { error: PERSON_NAME_MESSAGES.noLinks });

/**
 * What `POST /api/auth/update-user` may change (issue 13): the name, by the same rules as
 * sign-up, and nothing else — the profile photo has its own checked upload, so `image` may only
 * be cleared. The server validates this before Better Auth sees the request.
 */
export const updateUserBodySchema = z
  .object({
    name: namePart.optional(),
    firstName: namePart.optional(),
    lastName: namePart.optional(),
    image: z.null({ error: 'The profile photo is changed with the photo upload.' }).optional(),
  })
  .strict();
