import { DEFAULT_REFILL_THRESHOLD_DAYS } from '@tavara/shared/medications/medication-codes';
import { FormTextField, useLazyZodForm } from '@/components/ui/form';
import { toast } from '@/lib/toast';
import { useRecordSupply, type MedicationItem } from '../api/medications-api';
import { CareFormDialog } from '@/domain/care-plans/care-dialog';

// The schema comes with the form's first use, not with the page: zod stays out of a signed-in
// page's start (issue 35; components/ui/form.tsx `useLazyZodForm`).
const loadSupplySchema = () => import('@tavara/shared/medications/medications').then((m) => m.supplyInputSchema);

/**
 * "Supply" (issue 28): how many are on hand now (after a refill, or counting the box), what one
 * dose takes, and how many days' supply left brings a refill reminder. Saving starts the count
 * again, so the reminder can come again when it falls.
 */
export function SupplyDialog({
  medication,
  open,
  onOpenChange,
}: {
  medication: MedicationItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useRecordSupply();
  const form = useLazyZodForm(loadSupplySchema, {
    defaultValues: {
      onHand: medication.supply.onHand ?? '',
      unitsPerDose: medication.supply.unitsPerDose,
      refillThresholdDays: medication.supply.refillThresholdDays ?? DEFAULT_REFILL_THRESHOLD_DAYS,
    },
  });
  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Supply of ${medication.name}`}
      description="Each dose recorded as given takes its amount off."
      form={form}
      failure="The supply could not be saved."
      busy={form.formState.isSubmitting}
      submitLabel="Save supply"
      onSubmit={async (json) => {
        await save.mutateAsync({ id: medication.id, json });
        toast.success('Supply saved.');
        onOpenChange(false);
      }}
    >
      <FormTextField
        control={form.control}
        name="onHand"
        label="On hand now (tablets, ml…)"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        required
      />
      <FormTextField
        control={form.control}
        name="unitsPerDose"
        label="One dose takes"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        required
      />
      <FormTextField
        control={form.control}
        name="refillThresholdDays"
        label="Remind me to refill when this many days are left"
        type="number"
        inputMode="numeric"
        min={1}
        max={90}
        required
      />
    </CareFormDialog>
  );
}
