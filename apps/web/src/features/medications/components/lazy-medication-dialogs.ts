import { lazyDialog } from '@/components/ui/lazy-dialog';

// The medication and dose dialogs come with their first use, not with the medications page
// (components/ui/lazy-dialog.tsx, decision 046).
const doseDialogs = () => import('./dose-dialogs');

export const MedicationFormDialog = lazyDialog(
  () => import('./medication-form-dialog').then((m) => m.MedicationFormDialog),
  'The medication form',
);
export const SupplyDialog = lazyDialog(() => import('./supply-dialog').then((m) => m.SupplyDialog), 'The supply form');
export const DoseDetailsDialog = lazyDialog(() => doseDialogs().then((m) => m.DoseDetailsDialog), 'The dose form');
export const ExtraDoseDialog = lazyDialog(() => doseDialogs().then((m) => m.ExtraDoseDialog), 'The dose form');
export const CorrectRecordDialog = lazyDialog(
  () => doseDialogs().then((m) => m.CorrectRecordDialog),
  'The correction form',
);
