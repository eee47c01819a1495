/**
 * Care work recorded on a device without a connection (issue 29): each item carries a key made
 * on the device (a retry, a double tap or a second tab never records twice: the server keeps the
 * key under a unique constraint) and the instant it happened on the device, which the server
 * accepts within a bound — never in the future, never older than 72 hours.
 */

/** How long after it happened an item recorded offline may still be sent. */
export const OFFLINE_WORK_MAX_AGE_HOURS = 72;
/** A phone's clock may run a little ahead of the server's. */
export const OFFLINE_CLOCK_GRACE_MS = 60_000;

export const OFFLINE_MESSAGES = {
  future: 'The time it happened cannot be in the future.',
  tooOld: `This was recorded more than ${OFFLINE_WORK_MAX_AGE_HOURS} hours ago and can no longer be sent. Please tell the family.`,
  keyReused: 'This was already sent from another account.',
  shiftCancelled: 'This shift was cancelled, so the check-in was not recorded.',
  shiftReassigned: 'This shift is now assigned to someone else, so it was not recorded.',
} as const;

/**
 * Why `occurredAt` cannot be recorded at `now`, or null when it can. Shared so the device's queue
 * refuses what the server would refuse, without sending it.
 */
export function occurredAtProblem(occurredAt: Date, now: Date): string | null {
  if (occurredAt.getTime() > now.getTime() + OFFLINE_CLOCK_GRACE_MS) return OFFLINE_MESSAGES.future;
  if (now.getTime() - occurredAt.getTime() > OFFLINE_WORK_MAX_AGE_HOURS * 3_600_000) return OFFLINE_MESSAGES.tooOld;
  return null;
}

/** Issue 29: a dose recorded offline that someone else recorded meanwhile. */
export function alreadyRecordedMessage(earlier: { status: string; by: string; time: string }): string {
  return `Already recorded as ${earlier.status} by ${earlier.by} at ${earlier.time}`;
}

/** Said when a piece of work is kept on the device to send later. */
export const OFFLINE_KEPT_MESSAGE = 'Saved on this phone. It will be sent when the connection is back.';
