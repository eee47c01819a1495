import { z } from 'zod';
import { codesOf, type CodeOption } from './code-option';

/** Channels a community member would like to hear from us on. */
export const COMMUNICATION_PREFERENCE_OPTIONS = [
  { code: 'email', label: 'Email' },
  { code: 'newsletter', label: 'Newsletter' },
  { code: 'in_app', label: 'In-app notifications' },
  { code: 'text_whatsapp', label: 'Text / WhatsApp' },
  { code: 'social_media', label: 'Social media' },
  { code: 'forum', label: 'Community forum' },
] as const satisfies readonly CodeOption[];

export const COMMUNICATION_PREFERENCE_CODES = codesOf(COMMUNICATION_PREFERENCE_OPTIONS);
export const communicationPreferenceCodeSchema = z.enum(COMMUNICATION_PREFERENCE_CODES);
export type CommunicationPreferenceCode = z.infer<typeof communicationPreferenceCodeSchema>;
