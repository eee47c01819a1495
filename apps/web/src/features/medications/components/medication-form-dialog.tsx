import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { WEEKDAYS } from '@tavara/shared/codes/shift-options';
import {
  MEDICATION_TYPES,
  MEDICATION_TYPE_LABELS,
  REPEATS,
  REPEAT_LABELS,
  WEEKDAY_LABELS,
  WEEKDAYS_FROM_MONDAY,
} from '@tavara/shared/medications/medication-codes';
import type { MedicationInput } from '@tavara/shared/medications/medications';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-message';
import {
  FormChoiceGroup,
  FormField,
  FormTextareaField,
  FormTextField,
  useFieldError,
  useLazyZodForm,
} from '@/components/ui/form';
import { toast } from '@/lib/toast';
import { useAddMedication, useUpdateMedication, type MedicationItem } from '../api/medications-api';
import { CareFormDialog } from '@/domain/care-plans/care-dialog';

// The schema comes with the form's first use, not with the page: zod stays out of a signed-in
// page's start (issue 35; components/ui/form.tsx `useLazyZodForm`).
const loadMedicationSchema = () =>
  import('@tavara/shared/medications/medications').then((m) => m.medicationInputSchema);

const SELECT_CLASS =
  'min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink aria-invalid:border-danger';

function blank(today: string): MedicationInput {
  return {
    name: '',
    dosage: '',
    medicationType: 'prescription',
    instructions: '',
    specialInstructions: '',
    prescriber: '',
    startDate: today,
    endDate: '',
    schedule: {
      kind: 'times',
      times: [{ time: '08:00', withFood: false, beforeBed: false }],
      repeat: 'daily',
      weekdays: [],
      intervalDays: '',
      minIntervalHours: '',
      maxPerDay: '',
    },
  };
}

function fromMedication(m: MedicationItem): MedicationInput {
  const s = m.schedule;
  return {
    name: m.name,
    dosage: m.dosage,
    medicationType: m.medicationType,
    instructions: m.instructions ?? '',
    specialInstructions: m.specialInstructions ?? '',
    prescriber: m.prescriber ?? '',
    startDate: m.startDate,
    endDate: m.endDate ?? '',
    schedule:
      s.kind === 'prn'
        ? {
            kind: 'prn',
            times: [{ time: '08:00', withFood: false, beforeBed: false }],
            repeat: 'daily',
            weekdays: [],
            intervalDays: '',
            minIntervalHours: s.minIntervalHours ?? '',
            maxPerDay: s.maxPerDay ?? '',
          }
        : {
            kind: 'times',
            times: s.times,
            repeat: s.repeat,
            weekdays: s.weekdays,
            intervalDays: s.intervalDays ?? '',
            minIntervalHours: '',
            maxPerDay: '',
          },
  };
}

/**
 * Add or edit a medication, on the form layer with the ONE schedule schema (the server parses the
 * same). Every message appears beside its field; nothing typed is lost on an error.
 */
export function MedicationFormDialog({
  planId,
  today,
  medication,
  open,
  onOpenChange,
}: {
  planId: string;
  today: string;
  medication: MedicationItem | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const add = useAddMedication(planId);
  const update = useUpdateMedication();
  const form = useLazyZodForm(loadMedicationSchema, {
    defaultValues: medication ? fromMedication(medication) : blank(today),
  });
  const times = useFieldArray({ control: form.control, name: 'schedule.times' });
  const kind = useWatch({ control: form.control, name: 'schedule.kind' });
  const repeat = useWatch({ control: form.control, name: 'schedule.repeat' });
  const timesError = useFieldError(form.control, 'schedule.times');
  const busy = form.formState.isSubmitting;
  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={medication ? `Edit ${medication.name}` : 'Add a medication'}
      description="Times are in the care plan’s time zone. Fields marked * are needed."
      form={form}
      failure="The medication could not be saved."
      busy={busy}
      submitLabel={medication ? 'Save changes' : 'Add medication'}
      onSubmit={async (values) => {
        // The form's values are the schema's input; the server parses them with the same schema.
        const json = form.getValues();
        if (medication) await update.mutateAsync({ id: medication.id, json });
        else await add.mutateAsync(json);
        toast.success(medication ? 'Medication saved.' : `${values.name} added.`);
        onOpenChange(false);
      }}
    >
      <FormTextField control={form.control} name="name" label="Medication name" required autoComplete="off" />
      <FormTextField
        control={form.control}
        name="dosage"
        label="Dosage"
        hint="For example 500 mg, 2 tablets or 5 ml."
        required
        autoComplete="off"
      />
      <FormField
        control={form.control}
        name="medicationType"
        label="Type"
        required
        render={({ control, field }) => (
          <select {...control} {...field} value={field.value as string} className={SELECT_CLASS}>
            {MEDICATION_TYPES.map((t) => (
              <option key={t} value={t}>
                {MEDICATION_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        )}
      />
      <FormTextareaField control={form.control} name="instructions" label="Instructions" rows={2} />
      <FormTextareaField
        control={form.control}
        name="specialInstructions"
        label="Special instructions"
        hint="For example: check blood sugar first."
        rows={2}
      />
      <FormTextField control={form.control} name="prescriber" label="Prescriber (optional)" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField control={form.control} name="startDate" label="Start date" type="date" required />
        <FormTextField control={form.control} name="endDate" label="End date (optional)" type="date" />
      </div>
      <FormChoiceGroup
        control={form.control}
        name="schedule.kind"
        legend="How is it taken?"
        required
        choices={[
          { id: 'times', label: 'At set times of day' },
          { id: 'prn', label: 'As needed (PRN)' },
        ]}
      />
      {kind === 'prn' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField
            control={form.control}
            name="schedule.minIntervalHours"
            label="Hours between doses (optional)"
            type="number"
            inputMode="numeric"
            min={1}
            max={72}
          />
          <FormTextField
            control={form.control}
            name="schedule.maxPerDay"
            label="Most doses in a day (optional)"
            type="number"
            inputMode="numeric"
            min={1}
            max={24}
          />
        </div>
      ) : (
        <>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1.5 font-semibold">Times of day</legend>
            {times.fields.map((item, index) => (
              <div key={item.id} className="rounded-lg border border-line p-3">
                <div className="flex items-end gap-2">
                  <FormTextField
                    control={form.control}
                    name={`schedule.times.${index}.time`}
                    label={`Time ${index + 1}`}
                    type="time"
                    required
                    className="flex-1"
                  />
                  {times.fields.length > 1 && (
                    <Button variant="ghost" aria-label={`Remove time ${index + 1}`} onClick={() => times.remove(index)}>
                      <Trash2 aria-hidden="true" className="size-5" />
                    </Button>
                  )}
                </div>
                <div className="mt-2 flex flex-wrap gap-x-5">
                  <label className="flex min-h-11 items-center gap-2">
                    <input type="checkbox" className="size-5" {...form.register(`schedule.times.${index}.withFood`)} />
                    With food
                  </label>
                  <label className="flex min-h-11 items-center gap-2">
                    <input type="checkbox" className="size-5" {...form.register(`schedule.times.${index}.beforeBed`)} />
                    Before bed
                  </label>
                </div>
              </div>
            ))}
            <FieldError id="schedule-times-error" message={timesError} />
            {times.fields.length < 12 && (
              <Button
                variant="secondary"
                className="self-start"
                onClick={() => times.append({ time: '', withFood: false, beforeBed: false })}
              >
                <Plus aria-hidden="true" className="size-5" /> Add a time
              </Button>
            )}
          </fieldset>
          <FormChoiceGroup
            control={form.control}
            name="schedule.repeat"
            legend="Which days?"
            required
            choices={REPEATS.map((r) => ({ id: r, label: REPEAT_LABELS[r] }))}
          />
          {repeat === 'weekdays' && (
            <FormChoiceGroup
              control={form.control}
              name="schedule.weekdays"
              legend="Days of the week"
              multiple
              required
              choices={WEEKDAYS_FROM_MONDAY.filter((d) => WEEKDAYS.includes(d)).map((d) => ({
                id: d,
                label: WEEKDAY_LABELS[d],
              }))}
            />
          )}
          {repeat === 'interval' && (
            <FormTextField
              control={form.control}
              name="schedule.intervalDays"
              label="Every how many days?"
              hint="Counted from the start date, from 2 to 30."
              type="number"
              inputMode="numeric"
              min={2}
              max={30}
              required
            />
          )}
        </>
      )}
    </CareFormDialog>
  );
}
