import { useWatch } from 'react-hook-form';
import { DOSE_STATUSES, DOSE_STATUS_LABELS } from '@tavara/shared/medications/medication-codes';
import { FormChoiceGroup, FormField, FormTextareaField, FormTextField, useLazyZodForm } from '@/components/ui/form';
import { Notice } from '@/components/ui/notice';
import { toast } from '@/lib/toast';
import { useCorrectRecord, type DoseDay, type DoseItem, type DoseRecord } from '../api/medications-api';
import { CareFormDialog } from '@/domain/care-plans/care-dialog';
import { timeOf, type useRecordWithCheck } from './dose-recording';

// The schema comes with the form's first use, not with the page: zod stays out of a signed-in
// page's start (issue 35; components/ui/form.tsx `useLazyZodForm`).
const loadDoseRecordSchema = () =>
  import('@tavara/shared/medications/medications').then((m) => m.doseRecordInputSchema);
const loadDoseCorrectionSchema = () =>
  import('@tavara/shared/medications/medications').then((m) => m.doseCorrectionInputSchema);

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
