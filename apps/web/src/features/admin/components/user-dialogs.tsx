import { LoaderCircle } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { adminRoleChangeSchema } from '@tavara/shared/admin/admin';
import { ROLE_LABELS, ROLES } from '@tavara/shared/roles';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { applyFieldErrors, Form, FormChoiceGroup, useZodForm } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { type AdminUser, useChangeRole, useDeleteUser } from '../api/admin-api';

const displayName = (user: AdminUser) => user.name.trim() || user.email;
const ROLE_CHOICES = ROLES.map((role) => ({ id: role, label: ROLE_LABELS[role] }));

/** The users list's heading (users-panel.tsx): where focus lands when the row's button is gone. */
const usersHeading = () => document.getElementById('users-heading');

/**
 * Choose another role for `user`, on the form layer with the server's own schema; the server
 * refuses one's own role and audits the change. A 422 goes beside the choice, anything else
 * (409 own role, 404 gone) into a toast.
 */
export function ChangeRoleDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const changeRole = useChangeRole();
  const form = useZodForm(adminRoleChangeSchema, { defaultValues: { role: user.role } });
  const role = useWatch({ control: form.control, name: 'role' });
  const busy = form.formState.isSubmitting;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        // The list reloads after a change, re-creating the row's buttons: find this row's again.
        returnFocusTo={() =>
          document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(`Change role of ${user.email}`)}"]`) ??
          usersHeading()
        }
      >
        <DialogTitle>Change the role of {displayName(user)}</DialogTitle>
        <DialogDescription className="mt-2">
          The role decides which dashboard and registration form they get. Moving them to another family, professional
          or community role asks them to fill in that role’s registration form when they next sign in.
        </DialogDescription>
        <Form
          form={form}
          className="mt-5"
          onSubmit={async (values) => {
            if (values.role === user.role) return onClose();
            try {
              await changeRole.mutateAsync({ user, role: values.role });
              onClose();
            } catch (error) {
              // Field messages go beside the choice; the mutation has toasted every other failure.
              applyFieldErrors(form, error instanceof ApiError ? error.fields : undefined);
            }
          }}
        >
          <FormChoiceGroup
            control={form.control}
            name="role"
            legend="New role"
            hint={`Now: ${ROLE_LABELS[user.role]}`}
            choices={ROLE_CHOICES}
          />
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" aria-disabled={busy || undefined} disabled={role === user.role}>
              {busy && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
              Change role
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** Spec §6 admin_delete_user, behind a confirmation that says exactly what goes. */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const deleteUser = useDeleteUser();
  return (
    <AlertDialog open onOpenChange={(open) => !open && !deleteUser.isPending && onClose()}>
      {/* The deleted row and its buttons are gone: focus goes to the list's heading. */}
      <AlertDialogContent returnFocusTo={usersHeading}>
        <AlertDialogTitle>Delete the account of {displayName(user)}?</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="mt-2 flex flex-col gap-2">
            <p>
              This removes <strong className="text-ink">{user.email}</strong> for good: the account, every signed-in
              session, the profile and photo, registration details, chat history, feature votes and the support requests
              they sent while signed in.
            </p>
            <p>It cannot be undone. The audit log keeps a record that you did it.</p>
          </div>
        </AlertDialogDescription>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <AlertDialogCancel asChild>
            <Button variant="secondary">Cancel</Button>
          </AlertDialogCancel>
          {/* Not AlertDialog.Action: that closes at once; this stays open until the server answers. */}
          <Button
            className="bg-danger text-white hover:bg-danger/90"
            aria-disabled={deleteUser.isPending || undefined}
            onClick={() => {
              if (!deleteUser.isPending) deleteUser.mutate(user, { onSuccess: onClose });
            }}
          >
            {deleteUser.isPending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
            Delete account
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
