import { z } from 'zod';

/** Issue 29: what a device sends beside a dose record, a check-in or a check-out made offline. */

/** The key a device makes for one item of work (crypto.randomUUID). */
export const clientKeySchema = z.uuid({ message: 'Invalid request key.' });

/** An ISO instant with its offset, e.g. 2026-12-01T12:05:00.000Z. */
export const occurredAtSchema = z.iso.datetime({ offset: true, message: 'Invalid time.' });

export const offlineFieldsSchema = z.object({
  clientKey: clientKeySchema.optional(),
  occurredAt: occurredAtSchema.optional(),
});
