import { z } from 'zod';
import { CARE_TIME_ZONE } from '../time/format';
import { formatAgo, formatTimeIn } from '../time/relative';

/**
 * Notifications (issue 18): the kinds of event a person is told about, what each one says, and
 * the per-kind e-mail preference. The in-app inbox always shows every kind; e-mail is per kind
 * "now", "daily digest" or "off".
 *
 * E-mail subjects and previews are the generic sentences below, never a plan title, a person
 * cared for or a health detail: the details are behind sign-in (issue 18, "Rules").
 */
export const NOTIFICATION_KINDS = [
  'invitation_received',
  'invitation_accepted',
  'invitation_declined',
  'shift_offered',
  'shift_assigned',
  'shift_changed',
  'shift_cancelled',
  'shift_not_checked_in',
  'dose_due',
  'dose_missed',
  'refill_due',
  'support_answered',
  'match_interest',
  'board_reply',
  'board_message',
  'circle_invitation',
  'help_signed_up',
  'help_cancelled',
  'help_reminder',
  'help_thanked',
  'plan_update',
  'plan_update_comment',
  'help_offered',
  'help_offer_answered',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const EMAIL_PREFERENCES = ['now', 'digest', 'off'] as const;
export type EmailPreference = (typeof EMAIL_PREFERENCES)[number];

export const EMAIL_PREFERENCE_LABELS: Record<EmailPreference, string> = {
  now: 'E-mail me right away',
  digest: 'Once a day, in a digest',
  off: 'No e-mail',
};

export interface NotificationKindInfo {
  /** The preferences page's name for the kind, and the unsubscribe page's. */
  label: string;
  /** The e-mail subject: generic, no names, plans or health details. */
  subject: string;
  /** The e-mail's first sentence (also what mail apps show as the preview). Generic as well. */
  preview: string;
  /** Sent even in quiet hours: someone may be left without care. */
  urgent: boolean;
}

export const NOTIFICATION_KIND_INFO: Record<NotificationKind, NotificationKindInfo> = {
  invitation_received: {
    label: 'Invitations to join a care team',
    subject: 'You are invited to join a care team on Tavara',
    preview: 'You have a new invitation to join a care team.',
    urgent: false,
  },
  invitation_accepted: {
    label: 'Someone accepted your invitation',
    subject: 'An invitation to your care team was accepted',
    preview: 'Someone accepted your invitation to join your care team.',
    urgent: false,
  },
  invitation_declined: {
    label: 'Someone declined your invitation',
    subject: 'An invitation to your care team was declined',
    preview: 'Someone declined your invitation to join your care team.',
    urgent: false,
  },
  shift_offered: {
    label: 'Shifts offered to you',
    subject: 'A shift was offered to you',
    preview: 'A family offered you a shift on their care plan.',
    urgent: false,
  },
  shift_assigned: {
    label: 'Shifts assigned or taken',
    subject: 'A shift on a care plan was assigned',
    preview: 'A shift on one of your care plans was assigned.',
    urgent: false,
  },
  shift_changed: {
    label: 'Changes to your shifts',
    subject: 'One of your shifts was changed',
    preview: 'The times of one of your shifts were changed.',
    urgent: false,
  },
  shift_cancelled: {
    label: 'Cancelled shifts',
    subject: 'One of your shifts was cancelled',
    preview: 'One of your shifts was cancelled.',
    urgent: false,
  },
  shift_not_checked_in: {
    label: 'Nobody checked in for a shift',
    subject: 'Nobody has checked in for a shift yet',
    preview: 'A shift has started and nobody has checked in.',
    urgent: true,
  },
  dose_due: {
    label: 'Dose-time reminders',
    subject: 'A dose is due for your care plan',
    preview: 'A dose is due for a care plan you look after.',
    urgent: true,
  },
  dose_missed: {
    label: 'Doses not recorded after the grace period',
    subject: 'A dose was not recorded on your care plan',
    preview: 'A dose has not been recorded on a care plan you look after.',
    urgent: true,
  },
  refill_due: {
    label: 'Refill reminders',
    subject: 'A medication on your care plan needs a refill soon',
    preview: 'The supply of a medication on your care plan is running low.',
    urgent: false,
  },
  support_answered: {
    label: 'Answers to your support requests',
    subject: 'Your support request was answered',
    preview: 'Our team has answered your support request.',
    urgent: false,
  },
  match_interest: {
    label: 'Professionals interested in caring for your family',
    subject: 'A care professional is interested in your family',
    preview: 'A care professional saw your care needs on Tavara and would like to help.',
    urgent: false,
  },
  board_reply: {
    label: 'Replies to your message-board posts',
    subject: 'Someone replied to your post on Tavara',
    preview: 'There is a new reply to your post on the message board.',
    urgent: false,
  },
  board_message: {
    label: 'Private messages from the message board',
    subject: 'You have a new private message on Tavara',
    preview: 'Someone sent you a private message about a message-board post.',
    urgent: false,
  },
  circle_invitation: {
    label: 'Invitations to join a care circle',
    subject: 'You are invited to join a care circle on Tavara',
    preview: 'You have a new invitation to join a care circle.',
    urgent: false,
  },
  help_signed_up: {
    label: 'Someone signed up to help',
    subject: 'Someone signed up to help on Tavara',
    preview: 'Someone from your care circle signed up for a help request.',
    urgent: false,
  },
  help_cancelled: {
    label: 'A helper cancelled',
    subject: 'A helper cancelled on Tavara',
    preview: 'Someone who signed up for a help request can no longer come.',
    urgent: false,
  },
  help_reminder: {
    label: 'Reminders the day before you help',
    subject: 'A reminder: you are helping tomorrow',
    preview: 'You signed up to help tomorrow.',
    urgent: false,
  },
  help_thanked: {
    label: 'Thanks for your help',
    subject: 'A family thanked you on Tavara',
    preview: 'A family thanked you for your help.',
    urgent: false,
  },
  plan_update: {
    label: 'New updates from a family you help',
    subject: 'There is a new update on Tavara',
    preview: 'Someone posted an update for the people who help.',
    urgent: false,
  },
  plan_update_comment: {
    label: 'Comments on your updates',
    subject: 'Someone commented on your update on Tavara',
    preview: 'Someone commented on an update you posted.',
    urgent: false,
  },
  help_offered: {
    label: 'A community member offered to help',
    subject: 'Someone offered to help on Tavara',
    preview: 'A community member offered to help with a request you shared.',
    urgent: false,
  },
  help_offer_answered: {
    label: 'Answers to your offers of help',
    subject: 'A family answered your offer on Tavara',
    preview: 'A family answered your offer to help.',
    urgent: false,
  },
};

/**
 * The first sentence of a notification's e-mail and push, worded at SENDING time (issue 28): the
 * kind's generic words with the true time of the event in the reader's zone and how long ago it
 * was ("3 doses were due at 8 AM (1 hour 50 minutes ago) …"). No names or health details.
 */
export function notificationSentence(
  kind: NotificationKind,
  event: { eventAt: Date | string | null; count: number },
  now: Date,
  zone: string,
): string {
  if (!event.eventAt) return NOTIFICATION_KIND_INFO[kind].preview;
  const time = formatTimeIn(event.eventAt, zone);
  const ago = formatAgo(event.eventAt, now);
  const doses = event.count === 1 ? 'A dose' : `${event.count} doses`;
  switch (kind) {
    case 'shift_not_checked_in':
      return `A shift started at ${time} (${ago}) and nobody has checked in.`;
    case 'dose_due':
      return `${doses} ${event.count === 1 ? 'is' : 'are'} due at ${time}${ago === 'just now' ? '' : ` (${ago})`} for a care plan you look after.`;
    case 'dose_missed':
      return `${doses} due at ${time} (${ago}) ${event.count === 1 ? 'has' : 'have'} not been recorded on a care plan you look after.`;
    default:
      return NOTIFICATION_KIND_INFO[kind].preview;
  }
}

/**
 * What a push shows on a lock screen by default: the kind in generic words and who it is about
 * as the family names them ("A dose is due for Mum — open Tavara"), never a medicine or condition.
 */
export function lockScreenText(kind: NotificationKind, about: string | null, count: number): string {
  const forWhom = about ? ` for ${about}` : '';
  switch (kind) {
    case 'dose_due':
      return `${count > 1 ? `${count} doses are` : 'A dose is'} due${forWhom} — open Tavara`;
    case 'dose_missed':
      return `${count > 1 ? `${count} doses were` : 'A dose was'} not recorded${forWhom} — open Tavara`;
    case 'shift_not_checked_in':
      return `Nobody has checked in for a shift${forWhom} — open Tavara`;
    case 'refill_due':
      return `A refill is needed soon${forWhom} — open Tavara`;
    default:
      return `${NOTIFICATION_KIND_INFO[kind].subject} — open Tavara`;
  }
}

/** Quiet hours (issue 18): non-urgent mail waits until they end, in the person's zone. */
export const DEFAULT_QUIET_HOURS = { start: '21:00', end: '07:00' } as const;
/** When the daily digest goes out, in the person's zone (as quiet hours end). */
export const DIGEST_LOCAL_TIME = '07:00';
/** A person's zone until they choose another: the care zone. */
export const DEFAULT_NOTIFICATION_TIME_ZONE = CARE_TIME_ZONE;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationPreferencesInputSchema = z.object({
  email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.enum(EMAIL_PREFERENCES)),
  /** Push per kind (issue 28); missing kinds keep their choice (on by default). */
  push: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()).optional(),
  quietHours: z.boolean(),
  /** Medicine names on this person's lock screens (off by default). */
  pushDetail: z.boolean().optional(),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  createdAt: string;
  readAt: string | null;
  /** The instant the event is about (a dose's time, a shift's start): the inbox words "N minutes ago" from it. */
  eventAt: string | null;
  /** When its cause went away, and how ("Marcus Joseph checked in at 10:02 AM"). */
  resolvedAt: string | null;
  resolution: string | null;
}

export const NOTIFICATION_MESSAGES = {
  notFound: 'This notification is not there any more.',
  unsubscribeInvalid: 'This unsubscribe link does not work. Open your notification settings instead.',
  jobNotFound: 'This job is not in the queue any more.',
  jobNotFailed: 'Only a failed job can be retried.',
  pushEndpointRefused:
    'This browser’s push service is not one Tavara sends to. Try Chrome, Edge, Firefox or Safari, or use e-mail.',
  deviceNotFound: 'This device is not on your list any more.',
} as const;

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/**
 * A browser's `PushSubscription.toJSON()` (issue 28): the push service's URL and the keys the
 * payload is encrypted to — p256dh a 65-byte P-256 point, auth 16 bytes (RFC 8291).
 */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2_000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(86, 90), auth: base64url(21, 25) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;
export const pushUnsubscribeInputSchema = z.object({ endpoint: z.string().min(1).max(2_000) });

export interface PushDevice {
  id: string;
  label: string;
  createdAt: string;
  lastSentAt: string | null;
  thisDevice: boolean;
}

/** The settings page's form: every kind chosen, quiet hours as a two-way choice; sends the API's input. */
export const notificationSettingsFormSchema = z
  .object({
    email: z.record(z.enum(NOTIFICATION_KINDS), z.enum(EMAIL_PREFERENCES)),
    push: z.record(z.enum(NOTIFICATION_KINDS), z.boolean()),
    quietHours: z.enum(['on', 'off']),
    pushDetail: z.enum(['on', 'off']),
  })
  .transform((v): NotificationPreferencesInput => ({
    email: v.email,
    push: v.push,
    quietHours: v.quietHours === 'on',
    pushDetail: v.pushDetail === 'on',
  }));
