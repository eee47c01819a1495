/**
 * Where the chat's Thank You panel sends people. Placeholders with the same values as the
 * server's defaults (`WHATSAPP_NUMBER`, `SUPPORT_EMAIL` in apps/api/src/env.ts).
 * TODO: read both from the server's configuration once it exposes them to the web app; until
 * then a deployment that sets other values there must change them here too.
 */
export const WHATSAPP_NUMBER = '18685550100';
export const SUPPORT_EMAIL = 'support@localhost';

/** A wa.me link: digits only, country code first. */
export const WHATSAPP_URL = `https://wa.me/${WHATSAPP_NUMBER}`;
export const SUPPORT_EMAIL_URL = `mailto:${SUPPORT_EMAIL}`;
