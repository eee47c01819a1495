import { z } from 'zod';
import { careTypeCodeSchema } from '../codes/care-types';
import { codesOf, type CodeOption } from '../codes/code-option';
import { ttRegionCodeSchema } from '../codes/tt-regions';
import { safeString } from '../validation/safe-text';

/**
 * Message boards (issue 20): one board per audience. Families read the family board, where
 * professionals post their availability; professionals read the professional board, where
 * families post care needs. Each audience may also start a discussion on its own board.
 */
export const BOARDS = ['family', 'professional'] as const;
export type Board = (typeof BOARDS)[number];

export const POST_TYPE_OPTIONS = [
  { code: 'care_need', label: 'Care need' },
  { code: 'availability', label: 'Availability' },
  { code: 'discussion', label: 'Discussion' },
] as const satisfies readonly CodeOption[];
export const POST_TYPES = codesOf(POST_TYPE_OPTIONS);
export type PostType = (typeof POST_TYPES)[number];

/** How soon: for a care need when care must start, for availability when the professional can. */
export const URGENCY_OPTIONS = [
  { code: 'today', label: 'Today' },
  { code: 'within_48_hours', label: 'Within 48 hours' },
  { code: 'this_weekend', label: 'This weekend' },
  { code: 'planned', label: 'Planned' },
] as const satisfies readonly CodeOption[];
export const URGENCY_CODES = codesOf(URGENCY_OPTIONS);
export type Urgency = (typeof URGENCY_CODES)[number];

/** The board a post of `type` by someone of `role` appears on, or null when that role may not post it. */
export function boardForPost(role: string | null | undefined, type: PostType): Board | null {
  if (role === 'family') return type === 'care_need' ? 'professional' : type === 'discussion' ? 'family' : null;
  if (role === 'professional') {
    return type === 'availability' ? 'family' : type === 'discussion' ? 'professional' : null;
  }
  // Issue 30, item 6: neighbours and volunteers share tips and questions with families.
  if (role === 'community') return type === 'discussion' ? 'family' : null;
  return null;
}

/** Community members take part in the family board's discussions (not its care offers or needs). */
export function mayJoinDiscussion(role: string | null | undefined, post: { board: Board; type: PostType }) {
  return role === 'community' && post.board === 'family' && post.type === 'discussion';
}

/** The post types a role may write (the form's choices). */
export function postTypesFor(role: string | null | undefined): PostType[] {
  return POST_TYPES.filter((type) => boardForPost(role, type) !== null);
}

/** The board a signed-in role belongs to (reads, replies to discussions); admins moderate both. */
export function boardOfRole(role: string | null | undefined): Board | null {
  return role === 'family' || role === 'professional' ? role : null;
}

export const BOARD_PAGE_SIZE = 20;
export const MAX_POST_TITLE = 120;
export const MIN_POST_DETAILS = 10;
export const MAX_POST_DETAILS = 4000;
export const MAX_REPLY = 2000;
export const MAX_REPORT_REASON = 500;
export const MAX_SEARCH = 100;
export const MAX_CARE_CODES = 9;

export const BOARD_MESSAGES = {
  titleRequired: 'Please give your post a title.',
  titleTooLong: `Please keep the title under ${MAX_POST_TITLE} characters.`,
  regionRequired: 'Please choose a region.',
  urgencyRequired: 'Please choose how soon.',
  detailsTooShort: `Please describe it in at least ${MIN_POST_DETAILS} characters.`,
  detailsTooLong: `Please keep the details under ${MAX_POST_DETAILS} characters.`,
  typeNotAllowed: 'You cannot post this kind of message on this board.',
  replyRequired: 'Please write a reply.',
  replyTooLong: `Please keep your reply under ${MAX_REPLY} characters.`,
  reasonRequired: 'Please say briefly what is wrong with this post.',
  reasonTooLong: `Please keep the reason under ${MAX_REPORT_REASON} characters.`,
  postNotFound: 'This post was not found. It may have been removed.',
  threadNotFound: 'This conversation was not found.',
  notAuthor: 'Only the author can change this post.',
  notAudience: 'Only members of this board can reply here.',
  ownPost: 'This is your own post.',
  alreadyReported: 'You have already reported this post. Our team will look at it.',
  signInToPost: 'Please sign in to post on the message board',
  signInToReply: 'Please sign in to reply',
  contactHidden: 'Contact details are shown to signed-in members.',
} as const;

const text = (min: number, max: number, minMessage: string, maxMessage: string) =>
  safeString().trim().min(min, { message: minMessage }).max(max, { message: maxMessage });

/** A post as the form and the API take it. */
export const postInputSchema = z.object({
  type: z.enum(POST_TYPES, { message: BOARD_MESSAGES.typeNotAllowed }),
  title: text(1, MAX_POST_TITLE, BOARD_MESSAGES.titleRequired, BOARD_MESSAGES.titleTooLong),
  region: ttRegionCodeSchema
    .or(z.literal(''))
    .refine((value) => value !== '', { message: BOARD_MESSAGES.regionRequired }),
  urgency: z
    .enum(URGENCY_CODES)
    .or(z.literal(''))
    .refine((value) => value !== '', { message: BOARD_MESSAGES.urgencyRequired }),
  details: text(MIN_POST_DETAILS, MAX_POST_DETAILS, BOARD_MESSAGES.detailsTooShort, BOARD_MESSAGES.detailsTooLong),
  careCodes: z.array(careTypeCodeSchema).max(MAX_CARE_CODES).default([]),
});
export type PostInput = z.input<typeof postInputSchema>;
export type PostValues = z.output<typeof postInputSchema>;

export const replyInputSchema = z.object({
  body: text(1, MAX_REPLY, BOARD_MESSAGES.replyRequired, BOARD_MESSAGES.replyTooLong),
});
export type ReplyInput = z.infer<typeof replyInputSchema>;

export const reportInputSchema = z.object({
  reason: text(1, MAX_REPORT_REASON, BOARD_MESSAGES.reasonRequired, BOARD_MESSAGES.reasonTooLong),
});

/** `GET /api/boards/:board/posts?q=&type=&region=&urgency=&page=`. */
export const boardQuerySchema = z.object({
  q: z.string().trim().max(MAX_SEARCH, `Search for at most ${MAX_SEARCH} characters.`).optional().default(''),
  type: z.enum(POST_TYPES).optional(),
  region: ttRegionCodeSchema.optional(),
  urgency: z.enum(URGENCY_CODES).optional(),
  page: z.coerce.number().int().min(1).max(500).optional().default(1),
});
export type BoardQuery = z.input<typeof boardQuerySchema>;

export const MODERATION_ACTIONS = ['hide', 'restore', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export interface BoardAuthor {
  id: string;
  /** First name and last initial; the full name only to signed-in members. */
  name: string;
  role: string;
}

export interface BoardPost {
  id: string;
  board: Board;
  type: PostType;
  title: string;
  region: string;
  urgency: Urgency;
  details: string;
  careCodes: string[];
  author: BoardAuthor;
  replyCount: number;
  isMine: boolean;
  hidden: boolean;
  createdAt: string;
  editedAt: string | null;
}

export interface BoardReply {
  id: string;
  body: string;
  author: BoardAuthor;
  isMine: boolean;
  createdAt: string;
}

export interface BoardThreadMessage {
  id: string;
  body: string;
  senderId: string;
  isMine: boolean;
  createdAt: string;
}

export interface BoardThreadSummary {
  id: string;
  postId: string;
  postTitle: string;
  board: Board;
  other: BoardAuthor;
  lastMessage: string;
  lastAt: string;
}

/** One piece of plain text: words as they are, or a web address to show as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) addresses and bare www. ones; trailing punctuation belongs to the sentence, not the link.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Splits plain text into text and links, so a page renders links as anchors and everything else
 * as text (no HTML from users ever reaches the page). Only http and https addresses become links.
 */
export function linkifyText(value: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of value.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const link = raw.replace(TRAILING, '');
    if (start > last) parts.push({ kind: 'text', text: value.slice(last, start) });
    const href = /^www\./i.test(link) ? `https://${link}` : link;
    parts.push({ kind: 'link', text: link, href });
    last = start + link.length;
  }
  if (last < value.length) parts.push({ kind: 'text', text: value.slice(last) });
  return parts;
}
