import { z } from 'zod';
import { safeString } from '../validation/safe-text';
import {
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_CHAT_TRANSCRIPT_MESSAGES,
  MAX_CONTACT_EMAIL_LENGTH,
  MAX_CONTACT_MESSAGE_LENGTH,
  MAX_CONTACT_NAME_LENGTH,
  MIN_CONTACT_MESSAGE_LENGTH,
} from './contact-limits';

/**
 * Spec §2 "Support button" / §3 "Contact request": what the Contact Support dialog sends, checked
 * by the same schema in the form and on the server (which adds the screenshot's content check,
 * the size limits of the whole body and the rate limit).
 */
export {
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_CHAT_TRANSCRIPT_MESSAGES,
  MAX_CONTACT_EMAIL_LENGTH,
  MAX_CONTACT_MESSAGE_LENGTH,
  MAX_CONTACT_NAME_LENGTH,
  MAX_CONTACT_REQUEST_BYTES,
  MAX_SCREENSHOT_BYTES,
  MIN_CONTACT_MESSAGE_LENGTH,
  SCREENSHOT_TYPES,
  type ScreenshotType,
} from './contact-limits';

export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `Please keep your name under ${MAX_CONTACT_NAME_LENGTH} characters.`,
  emailInvalid: 'Please enter a valid email address so we can reply.',
  messageTooShort: `Please describe the issue in at least ${MIN_CONTACT_MESSAGE_LENGTH} characters.`,
  messageTooLong: `Please keep the description under ${MAX_CONTACT_MESSAGE_LENGTH} characters.`,
  screenshotTooLarge: 'The screenshot is larger than 5 MB. Please choose a smaller image.',
  screenshotNotImage: 'The screenshot must be a PNG, JPEG, GIF or WebP image.',
  sent: "Thank you — your message has been sent. We'll reply by email.",
  failed: 'Your message could not be sent.',
  chatIncluded: 'Including chat session data with your request',
} as const;

/** The three text fields of the Contact Support form. */
export const contactFieldsSchema = z.object({
  name: safeString()
    .trim()
    .min(1, { message: CONTACT_MESSAGES.nameRequired })
    .max(MAX_CONTACT_NAME_LENGTH, { message: CONTACT_MESSAGES.nameTooLong }),
  email: safeString()
    .trim()
    .max(MAX_CONTACT_EMAIL_LENGTH, { message: CONTACT_MESSAGES.emailInvalid })
    .pipe(z.email({ message: CONTACT_MESSAGES.emailInvalid })),
  message: safeString()
    .trim()
    .min(MIN_CONTACT_MESSAGE_LENGTH, { message: CONTACT_MESSAGES.messageTooShort })
    .max(MAX_CONTACT_MESSAGE_LENGTH, { message: CONTACT_MESSAGES.messageTooLong }),
});
export type ContactFields = z.infer<typeof contactFieldsSchema>;

/** Spec §3 contact request `chatData`: the current chat's role, session id and transcript. */
export const contactChatDataSchema = z.object({
  role: z.enum(['family', 'professional', 'community']).nullable(),
  sessionId: safeString().max(100),
  transcript: z
    .array(
      z.object({
        content: safeString().max(MAX_CHAT_MESSAGE_LENGTH),
        isUser: z.boolean(),
        timestamp: z.number().int().nonnegative(),
      }),
    )
    .max(MAX_CHAT_TRANSCRIPT_MESSAGES),
});
export type ContactChatData = z.infer<typeof contactChatDataSchema>;

/** Support request statuses (an admin moves a request along). */
export const SUPPORT_REQUEST_STATUSES = ['new', 'in_progress', 'resolved'] as const;
export type SupportRequestStatus = (typeof SUPPORT_REQUEST_STATUSES)[number];

export const SUPPORT_REQUEST_STATUS_LABELS: Record<SupportRequestStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  resolved: 'Resolved',
};

export const SUPPORT_ADMIN_PAGE_SIZE = 20;

export const SUPPORT_ADMIN_MESSAGES = {
  notFound: 'That support request no longer exists.',
} as const;

// The WhatsApp Support link lives in ./whatsapp.ts, free of zod; kept importable from here.
export { WHATSAPP_GREETING, whatsAppLink } from './whatsapp';
