import { lazyDialog } from '@/components/ui/lazy-dialog';

// The shift dialogs come with their first use, not with the plan page or the schedule
// (components/ui/lazy-dialog.tsx, decision 046).
const dialogs = () => import('./shift-dialogs');

export const AddShiftDialog = lazyDialog(() => dialogs().then((m) => m.AddShiftDialog), 'The shift form');
export const GenerateShiftsDialog = lazyDialog(() => dialogs().then((m) => m.GenerateShiftsDialog), 'The shifts form');
export const AssignShiftDialog = lazyDialog(() => dialogs().then((m) => m.AssignShiftDialog), 'The assignment form');
export const EditShiftDialog = lazyDialog(() => dialogs().then((m) => m.EditShiftDialog), 'The shift form');
export const CancelShiftDialog = lazyDialog(() => dialogs().then((m) => m.CancelShiftDialog), 'The cancellation');
export const CheckOutDialog = lazyDialog(() => dialogs().then((m) => m.CheckOutDialog), 'The check-out form');
