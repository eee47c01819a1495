import { z } from 'zod';

/**
 * A plan's updates feed (issue 30, item 4; decision 042): the family and the team post news for the
 * village — text and up to four photos, which the server re-encodes without their EXIF/GPS data.
 * The circle reads them, says "thank you" and comments. Limits shared by the composer and the API.
 */

export const UPDATE_LIMITS = {
  bodyMax: 5000,
  commentMax: 2000,
  photosMax: 4,
  /** Per photo, as picked: phones' photos are 2–6 MB; the server shrinks them to ≤ 1600 px. */
  photoBytesMax: 10 * 1024 * 1024,
  pageSize: 20,
} as const;

/** What a photo may be when picked; the server checks the bytes, not the name or declared type. */
export const UPDATE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const UPDATE_MESSAGES = {
  bodyRequired: 'Write what you want to share.',
  bodyTooLong: `Keep the update under ${UPDATE_LIMITS.bodyMax.toLocaleString('en')} characters.`,
  commentRequired: 'Write a comment first.',
  commentTooLong: `Keep the comment under ${UPDATE_LIMITS.commentMax.toLocaleString('en')} characters.`,
  tooManyPhotos: `An update can have up to ${UPDATE_LIMITS.photosMax} photos.`,
  photoTooLarge: `Each photo must be under ${UPDATE_LIMITS.photoBytesMax / 1024 / 1024} MB.`,
  photoWrongType: 'Photos must be JPEG, PNG or WebP pictures.',
  photoUnreadable: 'One of the photos could not be read. Please choose another picture.',
  updateGone: 'This update is no longer there.',
  commentGone: 'This comment is no longer there.',
  whoMayPost: 'Only the family and the care team post updates.',
  whoMayEdit: 'Only the person who posted this update can change it.',
  whoMayRemove: 'Only its author or the family can remove this.',
  whoMayReact: 'Admins read the feed but do not react or comment.',
  ownThanks: 'You cannot thank yourself for your own update.',
  badCursor: 'This page of updates could not be found. Please reload the feed.',
} as const;

/** No NUL, no other control characters than newlines and tabs: a body is read as text everywhere. */
const text = (max: number, required: string, tooLong: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((value) => ![...value].some(isControl), 'Remove the control characters.');

const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return code < 0x20 && char !== '\n' && char !== '\t' && char !== '\r';
};

export const updateBodySchema = text(UPDATE_LIMITS.bodyMax, UPDATE_MESSAGES.bodyRequired, UPDATE_MESSAGES.bodyTooLong);
export const commentInputSchema = z.object({
  body: text(UPDATE_LIMITS.commentMax, UPDATE_MESSAGES.commentRequired, UPDATE_MESSAGES.commentTooLong),
  clientKey: z.uuid().optional(),
});
export type CommentInput = z.input<typeof commentInputSchema>;

export const feedQuerySchema = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(UPDATE_LIMITS.pageSize),
});

/** The feed's keyset cursor: the last update's instant and id, opaque to the client. */
export function encodeFeedCursor(createdAt: Date, id: string): string {
  return `${createdAt.toISOString()}_${id}`;
}
export function decodeFeedCursor(cursor: string): { createdAt: Date; id: string } | null {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)_([0-9a-f-]{36})$/i.exec(cursor);
  if (!match) return null;
  const createdAt = new Date(match[1]!);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: match[2]!.toLowerCase() };
}

/** Checks a picked photo in the browser as the server will: type and size, with the field's message. */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!(UPDATE_PHOTO_TYPES as readonly string[]).includes(file.type)) return UPDATE_MESSAGES.photoWrongType;
  if (file.size > UPDATE_LIMITS.photoBytesMax) return UPDATE_MESSAGES.photoTooLarge;
  return null;
}
