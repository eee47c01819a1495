import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { formatPlanTime } from '@tavara/shared/time/format';
import { DOSE_STATUSES, DOSE_STATUS_LABELS, type ConflictChoice } from '@tavara/shared/medications/medication-codes';
import type { DoseRecordInput } from '@tavara/shared/medications/medications';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormChoiceGroup, FormField, FormTextareaField, FormTextField, useLazyZodForm } from '@/components/ui/form';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import {
  useCorrectRecord,
  useRecordDose,
  type DoseDay,
  type DoseItem,
  type DoseRecord,
  type RecordAnswer,
} from '../api/medications-api';
import { CareFormDialog } from '@/domain/care-plans/care-dialog';
import { keepOrSend, wasKept } from '@/domain/offline/offline-work';
import { OFFLINE_KEPT_MESSAGE } from '@tavara/shared/offline/offline-work';
import { useAuth } from '@/lib/auth';

// The schema comes with the form's first use, not with the page: zod stays out of a signed-in
// page's start (issue 35; components/ui/form.tsx `useLazyZodForm`).
const loadDoseRecordSchema = () =>
  import('@tavara/shared/medications/medications').then((m) => m.doseRecordInputSchema);
const loadDoseCorrectionSchema = () =>
  import('@tavara/shared/medications/medications').then((m) => m.doseCorrectionInputSchema);

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

const STATUS_CHOICES = DOSE_STATUSES.map((s) => ({ id: s, label: DOSE_STATUS_LABELS[s] }));

/**
 * One expected dose with details: what happened, when, a reason and a note — for a dose given at
 * another time than now, refused, or skipped (which needs a reason).
 */
export function DoseDetailsDialog({
  dose,
  now,
  check,
  onOpenChange,
}: {
  dose: DoseItem;
  now: string;
  check: ReturnType<typeof useRecordWithCheck>;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useLazyZodForm(loadDoseRecordSchema, {
    defaultValues: {
      medicationId: dose.medicationId,
      scheduledFor: dose.scheduledFor,
      status: 'given',
      givenAt: dose.scheduledFor < now ? dose.scheduledFor : now,
      note: '',
      reason: '',
      conflict: 'ask',
    },
  });
  const status = useWatch({ control: form.control, name: 'status' });
  return (
    <CareFormDialog
      onOpenChange={onOpenChange}
      title={`${dose.name} ${dose.dosage}`}
      description={`Due at ${timeOf(dose.scheduledFor)}. Times are in the care plan’s time zone.`}
      form={form}
      failure="The dose could not be recorded. Please try again."
      busy={check.busy}
      submitLabel="Record"
      onSubmit={async (values) => {
        await check.record(
          values,
          () => onOpenChange(false),
          `${dose.name} ${dose.dosage}, ${timeOf(dose.scheduledFor)}`,
        );
      }}
    >
      <FormChoiceGroup control={form.control} name="status" legend="What happened?" required choices={STATUS_CHOICES} />
      {(status === 'given' || status === 'refused') && (
        <FormTextField
          control={form.control}
          name="givenAt"
          label={status === 'given' ? 'Time given' : 'Time refused'}
          type="datetime-local"
          max={now}
          required
        />
      )}
      {status === 'skipped' && (
        <FormTextField control={form.control} name="reason" label="Why was it skipped?" required />
      )}
      <FormTextareaField control={form.control} name="note" label="Note (optional)" rows={2} />
    </CareFormDialog>
  );
}

/** An as-needed dose, or an extra dose of a scheduled medication. As-needed doses need a reason. */
export function ExtraDoseDialog({
  day,
  medicationId,
  check,
  onOpenChange,
}: {
  day: DoseDay;
  medicationId: string | null;
  check: ReturnType<typeof useRecordWithCheck>;
  onOpenChange: (open: boolean) => void;
}) {
  const first = medicationId ?? day.recordable[0]?.id ?? '';
  const form = useLazyZodForm(loadDoseRecordSchema, {
    defaultValues: {
      medicationId: first,
      scheduledFor: null,
      status: 'given',
      givenAt: day.date === day.today ? day.now : `${day.date}T12:00`,
      note: '',
      reason: '',
      conflict: 'ask',
    },
  });
  const chosen = useWatch({ control: form.control, name: 'medicationId' });
  const med = day.recordable.find((m) => m.id === chosen);
  const prn = day.asNeeded.find((p) => p.medicationId === chosen);
  const limits =
    prn && prn.schedule.kind === 'prn'
      ? [
          prn.schedule.minIntervalHours ? `at least ${prn.schedule.minIntervalHours} hours apart` : null,
          prn.schedule.maxPerDay ? `at most ${prn.schedule.maxPerDay} a day` : null,
        ].filter(Boolean)
      : [];
  return (
    <CareFormDialog
      onOpenChange={onOpenChange}
      title="Record a dose"
      description="For an as-needed dose, or a dose outside the usual times."
      form={form}
      failure="The dose could not be recorded. Please try again."
      busy={check.busy}
      submitLabel="Record dose"
      onSubmit={async (values) => {
        await check.record(values, () => onOpenChange(false));
      }}
    >
      <FormField
        control={form.control}
        name="medicationId"
        label="Medication"
        required
        render={({ control, field }) => (
          <select
            {...control}
            {...field}
            value={field.value as string}
            className="min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink"
          >
            {day.recordable.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} {m.dosage}
                {m.prn ? ' (as needed)' : ''}
              </option>
            ))}
          </select>
        )}
      />
      {prn && (
        <Notice tone="info">
          Given today: {prn.givenToday}
          {limits.length > 0 ? `. Take ${limits.join(', ')}.` : '.'} You will be warned if a limit would be broken.
        </Notice>
      )}
      <FormTextField
        control={form.control}
        name="givenAt"
        label="Time given"
        type="datetime-local"
        max={day.now}
        required
      />
      <FormTextField
        control={form.control}
        name="reason"
        label={med?.prn ? 'Why was it given?' : 'Reason (optional)'}
        hint={med?.prn ? 'For example: headache, fever, pain after exercise.' : undefined}
        required={med?.prn}
      />
      <FormTextareaField control={form.control} name="note" label="Note (optional)" rows={2} />
    </CareFormDialog>
  );
}

/** A correction: a new record that supersedes `record` (the earlier one stays in the history). */
export function CorrectRecordDialog({
  record,
  title,
  now,
  onOpenChange,
}: {
  record: DoseRecord;
  title: string;
  now: string;
  onOpenChange: (open: boolean) => void;
}) {
  const correct = useCorrectRecord();
  const form = useLazyZodForm(loadDoseCorrectionSchema, {
    defaultValues: {
      status: record.status,
      givenAt: record.givenAt ?? record.scheduledFor ?? now,
      note: record.note ?? '',
      reason: record.reason ?? '',
    },
  });
  const status = useWatch({ control: form.control, name: 'status' });
  return (
    <CareFormDialog
      onOpenChange={onOpenChange}
      title={`Correct: ${title}`}
      description={`Recorded as ${DOSE_STATUS_LABELS[record.status].toLowerCase()} by ${record.recordedBy}. A correction is kept beside the earlier record; nothing is erased.`}
      form={form}
      failure="The correction could not be saved."
      busy={correct.isPending}
      submitLabel="Save correction"
      onSubmit={async (values) => {
        await correct.mutateAsync({ id: record.id, json: values });
        toast.success('Correction recorded.');
        onOpenChange(false);
      }}
    >
      <FormChoiceGroup control={form.control} name="status" legend="What happened?" required choices={STATUS_CHOICES} />
      {(status === 'given' || status === 'refused') && (
        <FormTextField control={form.control} name="givenAt" label="Time" type="datetime-local" max={now} required />
      )}
      <FormTextField
        control={form.control}
        name="reason"
        label={status === 'skipped' ? 'Why was it skipped?' : 'Reason (optional)'}
        required={status === 'skipped'}
      />
      <FormTextareaField control={form.control} name="note" label="Note (optional)" rows={2} />
    </CareFormDialog>
  );
}
