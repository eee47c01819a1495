import { z } from 'zod';

/**
 * Text the database can store. PostgreSQL refuses U+0000 in `text` and `jsonb`; a NUL that
 * reached a query used to end as a 500 (issue 13). The server rejects it before any handler runs
 * (apps/api/src/lib/input-guard.ts); schemas both sides use can say so beside the field with
 * `safeString()`.
 */
export const NUL_CHARACTER_MESSAGE = 'This contains a character that is not allowed (U+0000). Please remove it.';

/** Whether `value` contains U+0000. */
export function hasNulCharacter(value: string): boolean {
  return value.includes('\u0000');
}

/** `z.string()` that refuses U+0000 with the shared message. Chain `.min()`/`.max()` etc. after it. */
export function safeString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasNulCharacter(value), { message: NUL_CHARACTER_MESSAGE });
}
