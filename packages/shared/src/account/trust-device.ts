/**
 * "Trust this device for 30 days" at the second sign-in step (issue 22): the server's cookie lasts
 * this long and the checkbox says so. In a module without zod, so /auth can show the label without
 * loading the account schemas (issue 23); account.ts re-exports it.
 */
export const TRUST_DEVICE_DAYS = 30;
