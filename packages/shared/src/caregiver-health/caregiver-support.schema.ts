import { z } from 'zod';
import { codesOf, type CodeOption } from '../codes/code-option';
import { safeString } from '../validation/safe-text';

/**
 * Caregiver Health & Support (issue 20, /caregiver/health): the four kinds of support a carer
 * can ask for. A request reaches the admin support inbox with its kind and status; the person
 * sees their own requests and the team's replies.
 */
export const CAREGIVER_SUPPORT_KIND_OPTIONS = [
  {
    code: 'presence_support',
    label: 'Presence support',
    subtext: 'Someone to sit with your loved one so you can rest or step out.',
  },
  {
    code: 'errand_relief_circle',
    label: 'Errand and relief circle',
    subtext: 'Neighbours and volunteers who share errands, meals and pick-ups.',
  },
  {
    code: 'companion_matching',
    label: 'Companion matching',
    subtext: 'A companion for conversation, walks and outings.',
  },
  {
    code: 'emotional_co_care',
    label: 'Emotional co-care',
    subtext: 'Someone to talk to about how caring is going for you.',
  },
] as const satisfies readonly CodeOption[];
export const CAREGIVER_SUPPORT_KINDS = codesOf(CAREGIVER_SUPPORT_KIND_OPTIONS);
export type CaregiverSupportKind = (typeof CAREGIVER_SUPPORT_KINDS)[number];

/** How the person would like to be reached (the family contact methods of the product notes). */
export const SUPPORT_CONTACT_OPTIONS = [
  { code: 'phone', label: 'Phone' },
  { code: 'email', label: 'Email' },
  { code: 'whatsapp', label: 'WhatsApp' },
] as const satisfies readonly CodeOption[];
export const SUPPORT_CONTACT_CODES = codesOf(SUPPORT_CONTACT_OPTIONS);

export const MIN_SUPPORT_MESSAGE = 10;
export const MAX_SUPPORT_MESSAGE = 2000;
export const MAX_SUPPORT_REPLY = 4000;

export const CAREGIVER_SUPPORT_MESSAGES = {
  kindRequired: 'Please choose the kind of support you would like.',
  messageTooShort: `Please tell us a little more (at least ${MIN_SUPPORT_MESSAGE} characters).`,
  messageTooLong: `Please keep your message under ${MAX_SUPPORT_MESSAGE} characters.`,
  contactRequired: 'Please choose how we should contact you.',
  signIn: 'Please sign in to request support',
  sent: 'Your request was sent. Our team will contact you the way you chose.',
  replyRequired: 'Please write a reply.',
} as const;

export const caregiverSupportInputSchema = z.object({
  kind: z.enum(CAREGIVER_SUPPORT_KINDS, { message: CAREGIVER_SUPPORT_MESSAGES.kindRequired }),
  message: safeString()
    .trim()
    .min(MIN_SUPPORT_MESSAGE, { message: CAREGIVER_SUPPORT_MESSAGES.messageTooShort })
    .max(MAX_SUPPORT_MESSAGE, { message: CAREGIVER_SUPPORT_MESSAGES.messageTooLong }),
  preferredContact: z.enum(SUPPORT_CONTACT_CODES, { message: CAREGIVER_SUPPORT_MESSAGES.contactRequired }),
});
export type CaregiverSupportInput = z.infer<typeof caregiverSupportInputSchema>;

export const supportReplyInputSchema = z.object({
  body: safeString()
    .trim()
    .min(1, { message: CAREGIVER_SUPPORT_MESSAGES.replyRequired })
    .max(MAX_SUPPORT_REPLY, { message: `Please keep the reply under ${MAX_SUPPORT_REPLY} characters.` }),
});
