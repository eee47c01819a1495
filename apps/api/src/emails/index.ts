/**
 * Every e-mail the server sends, as react-email templates in this folder (decision 039): one
 * template per mail renders both the HTML and the plain text (render.ts). Callers take the
 * templates through `emails()`: react-email and React load with the first mail, not with the
 * server (about 45 MB and 0.6 s a server that sends nothing never pays; decision 034, memory).
 */
export type { InviteMail } from './invitation';
export type { SecurityEvent } from './auth';
export type { MailContext } from './notification';
export type { SupportEmailInput } from './support-request';

import type * as templateModule from './templates';

type Templates = typeof templateModule;
let templates: Promise<Templates> | undefined;

export function emails(): Promise<Templates> {
  return (templates ??= import('./templates'));
}
