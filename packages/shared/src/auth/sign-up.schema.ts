import { z } from 'zod';
import { isValidChatSessionId } from '../registration-chat/chat-sync.schema';
import { DEFAULT_ROLE, PUBLIC_ROLES } from '../roles';
import { hasLinkOrEmail, PERSON_NAME_MESSAGES } from '../validation/person-name';
import { AUTH_MESSAGES } from './auth-messages';
import { newPasswordSchema, requiredEmailSchema, requiredTextSchema } from './password.schema';

/** A first or last name at sign-up: required, and no web or e-mail address in it (issue 32). */
function personNamePartSchema() {
  return requiredTextSchema(AUTH_MESSAGES.signUpRequired).refine((value) => !hasLinkOrEmail(value), {
    error: PERSON_NAME_MESSAGES.noLinks,
  });
}

/**
 * Sign-up (spec §2 /auth "Sign Up", §5): first name, last name, e-mail, password and one of the
 * three public roles (family by default). The server validates the same schema before Better
 * Auth sees the request; `admin` is never accepted here (it is granted, never chosen).
 */
export const signUpSchema = z.object({
  firstName: personNamePartSchema(),
  lastName: personNamePartSchema(),
  email: requiredEmailSchema(AUTH_MESSAGES.signUpRequired),
  password: newPasswordSchema({ required: AUTH_MESSAGES.signUpRequired, tooShort: AUTH_MESSAGES.passwordTooShort }),
  role: z.enum(PUBLIC_ROLES, { error: AUTH_MESSAGES.invalidRole }).default(DEFAULT_ROLE),
  /**
   * The registration chat this sign-up came from (issue 14): the server links it to the new
   * account. A malformed id is dropped rather than failing the sign-up — the account matters more.
   */
  chatSessionId: z
    .string()
    .optional()
    .transform((id) => (id !== undefined && isValidChatSessionId(id) ? id : undefined)),
});
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.output<typeof signUpSchema>;

/** The user's display name: first and last joined (spec §3 "full_name (first and last joined)"). */
export function fullNameOf(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}

/**
 * What the server adds to Better Auth's sign-up answer (`POST /api/auth/sign-up/email`). The
 * session token itself is never in the body (`token` is always null): it lives only in the
 * HttpOnly cookie.
 */
export interface SignUpResponseExtras {
  /** True when sign-up also signed the user in (AUTH_AUTO_CONFIRM); false while the address awaits confirmation. */
  signedIn: boolean;
  /** False when the confirmation e-mail could not be sent; the account is kept and `message` says what to do. */
  emailSent: boolean;
  message?: string;
}
