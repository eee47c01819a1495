import type { DoseStatus } from '@tavara/shared/medications/medication-codes';
import { alreadyRecordedMessage } from '@tavara/shared/offline/offline-work';
import { formatPlanTime } from '@tavara/shared/time/format';
import { api, ApiError, unwrap } from '@/lib/api-client';
import type { SendResult, WorkItem } from './work-queue';

/**
 * One waiting item to the server, with its device key and the instant it happened. The answer
 * becomes what the queue does next: done, a conflict or refusal to show with its reason, or
 * "try again later" when the server could not be reached (or was not itself: 5xx, 429).
 */
interface ConflictRecord {
  status: DoseStatus;
  recordedBy: string;
  givenAt: string | null;
  scheduledFor: string | null;
  recordedAt: string;
}
type DoseAnswer =
  { outcome: 'recorded' } | { outcome: 'ask'; conflict: { record: ConflictRecord } | null; warnings: string[] };

function post(item: WorkItem): Promise<unknown> {
  const json = { ...item.body, clientKey: item.key, occurredAt: item.occurredAt } as never;
  switch (item.kind) {
    case 'dose':
      return unwrap<DoseAnswer>(
        api['care-plans'][':planId'].doses.$post({ param: { planId: item.planId }, json }) as never,
      );
    case 'check-in':
      return unwrap(api.shifts[':shiftId']['check-in'].$post({ param: { shiftId: item.targetId }, json }));
    case 'check-out':
      return unwrap(api.shifts[':shiftId']['check-out'].$post({ param: { shiftId: item.targetId }, json }));
  }
}

export async function sendWork(item: WorkItem): Promise<SendResult> {
  try {
    const answer = (await post(item)) as DoseAnswer | object;
    if ('outcome' in answer && answer.outcome === 'ask') {
      const record = answer.conflict?.record;
      const message = record
        ? alreadyRecordedMessage({
            status: record.status,
            by: record.recordedBy,
            time: formatPlanTime(record.givenAt ?? record.scheduledFor ?? record.recordedAt),
          })
        : answer.warnings.join(' ');
      return { kind: 'conflict', message };
    }
    return { kind: 'sent' };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500)
      return { kind: 'retry' };
    return { kind: 'refused', message: error.message };
  }
}
