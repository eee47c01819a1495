/**
 * The chat's schemas the hand-over checks this browser's saved chat with (chat-handover.ts).
 * A module of their own so they — and zod — load only when there is a saved chat to check, not
 * with /auth (issue 23).
 */
export { chatProgressSchema } from '@tavara/shared/registration-chat/chat-state';
export { registrationPrefillSchema } from '@tavara/shared/registration-chat/prefill';
