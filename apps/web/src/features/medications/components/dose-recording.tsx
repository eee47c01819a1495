import { useState } from 'react';
import { formatPlanTime } from '@tavara/shared/time/format';
import { DOSE_STATUS_LABELS, type ConflictChoice } from '@tavara/shared/medications/medication-codes';
import type { DoseRecordInput } from '@tavara/shared/medications/medications';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRecordDose, type RecordAnswer } from '../api/medications-api';
import { keepOrSend, wasKept } from '@/domain/offline/offline-work';
import { OFFLINE_KEPT_MESSAGE } from '@tavara/shared/offline/offline-work';
import { useAuth } from '@/lib/auth';

// Recording a dose, as the day's list does with one tap and the dose dialogs do with details: a
// module of its own, so the list does not carry the dialogs' forms (decision 046).

type Ask = Extract<RecordAnswer, { outcome: 'ask' }>;

const failed = (error: unknown, fallback: string) => toast.error(error instanceof ApiError ? error.message : fallback);

/** "8:05 AM" from a plan-local `YYYY-MM-DDTHH:MM`. */
export const timeOf = (local: string) => formatPlanTime(local);

/**
 * Recording with the server's 2-hour check: `record(input)` writes, or opens the question
 * ("Record both", "Replace the earlier record", "Cancel") and re-sends with the answer.
 * `onDone` runs after a record is written (e.g. to close a details dialog).
 */
export function useRecordWithCheck(planId: string) {
  const mutation = useRecordDose(planId);
  const { user } = useAuth();
  const [pending, setPending] = useState<{ input: DoseRecordInput; ask: Ask; onDone?: () => void } | null>(null);

  /** `label` names the dose in the list of work waiting to send (issue 29), e.g. "Metformin 500 mg, 8:00 AM". */
  async function record(input: DoseRecordInput, onDone?: () => void, label?: string): Promise<void> {
    const answer = await keepOrSend(
      user?.id ?? '',
      {
        kind: 'dose',
        planId,
        targetId: input.medicationId,
        body: { ...input },
        label: `${label ?? 'Dose'}: ${DOSE_STATUS_LABELS[input.status].toLowerCase()}`,
      },
      (json) => mutation.mutateAsync(json as DoseRecordInput),
    );
    if (wasKept(answer)) {
      toast.success(OFFLINE_KEPT_MESSAGE);
      onDone?.();
      return;
    }
    if (answer.outcome === 'ask') {
      setPending({ input, ask: answer, onDone });
      return;
    }
    toast.success(`Recorded: ${DOSE_STATUS_LABELS[answer.record.status].toLowerCase()}.`);
    onDone?.();
  }

  async function answer(choice: Exclude<ConflictChoice, 'ask'>) {
    if (!pending) return;
    const { input, onDone } = pending;
    setPending(null);
    try {
      await record({ ...input, conflict: choice }, onDone);
    } catch (error) {
      failed(error, 'The dose could not be recorded. Please try again.');
    }
  }

  const dialog = (
    <AlertDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
      <AlertDialogContent>
        <AlertDialogTitle>{pending?.ask.conflict ? 'Recorded already?' : 'Check before recording'}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="mt-2 flex flex-col gap-2">
            {pending?.ask.conflict && <p>{pending.ask.conflict.message}</p>}
            {pending?.ask.warnings.map((w) => (
              <p key={w}>{w}</p>
            ))}
          </div>
        </AlertDialogDescription>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <AlertDialogCancel asChild>
            <Button variant="secondary">Cancel</Button>
          </AlertDialogCancel>
          {pending?.ask.conflict && (
            <Button variant="secondary" onClick={() => void answer('replace')}>
              Replace the earlier record
            </Button>
          )}
          <Button onClick={() => void answer('both')}>{pending?.ask.conflict ? 'Record both' : 'Record anyway'}</Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
  return { record, dialog, busy: mutation.isPending };
}
