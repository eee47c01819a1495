import { occurredAtProblem } from '@tavara/shared/offline/offline-work';
import { AppError } from '../lib/app-error';

/**
 * The instant a piece of care work happened (issue 29): `now`, or the device's instant for work
 * recorded offline and sent later — accepted within 72 hours before now and never after, so a
 * wrong phone clock or an old queue cannot rewrite the record of the day.
 */
export function occurredInstant(occurredAt: string | undefined, now: Date): Date {
  if (!occurredAt) return now;
  const at = new Date(occurredAt);
  const problem = occurredAtProblem(at, now);
  if (problem) throw new AppError('validation_failed', problem, { occurredAt: problem });
  return at;
}
