/**
 * The contact request's limits (spec §2 "Support button", §3 "Contact request"), apart from its
 * zod schemas (contact-request.schema.ts re-exports them): the chat's transcript reader uses
 * them on pages that never show the contact form, and importing them from the schemas built
 * every schema there (issue 23).
 */
export const MAX_CONTACT_NAME_LENGTH = 100;
export const MAX_CONTACT_EMAIL_LENGTH = 254;
export const MIN_CONTACT_MESSAGE_LENGTH = 10;
export const MAX_CONTACT_MESSAGE_LENGTH = 5000;
/** The optional screenshot: an image of at most 5 MB. */
export const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024;
/** Image types the server accepts, recognised by their first bytes, not by the name or declared type. */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ScreenshotType = (typeof SCREENSHOT_TYPES)[number];
/** The attached chat transcript: at most this many messages, each at most this long. */
export const MAX_CHAT_TRANSCRIPT_MESSAGES = 200;
export const MAX_CHAT_MESSAGE_LENGTH = 2000;
/** The whole multipart request: screenshot, fields and transcript, with room for the envelope. */
export const MAX_CONTACT_REQUEST_BYTES = MAX_SCREENSHOT_BYTES + 1024 * 1024;
