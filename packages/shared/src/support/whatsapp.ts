import { PRODUCT_NAME } from '../product';

/**
 * WhatsApp Support's link, apart from the contact request's schemas: the support button, the FAQ
 * page and the chat open it, and importing it from there built every zod schema of the contact
 * form on pages that never show it (a long task on a phone, issue 23).
 */
export const WHATSAPP_GREETING = `Hello! I need some help with ${PRODUCT_NAME}.`;

/** `https://wa.me/<digits>?text=<greeting>` for the configured number. */
export function whatsAppLink(number: string, text: string = WHATSAPP_GREETING): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
