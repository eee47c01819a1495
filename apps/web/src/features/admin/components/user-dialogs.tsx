import { ROLE_LABELS, ROLES, type Role } from '@tavara/shared/roles';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { type AdminUser, useChangeRole, useDeleteUser } from '../api/admin-api';

const displayName = (user: AdminUser) => user.name.trim() || user.email;

/** Choose another role for `user`; the server refuses one's own role and audits the change. */
export function ChangeRoleDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const changeRole = useChangeRole();
  const groupId = useId();
  const submit = () => {
    if (role === user.role) return onClose();
    changeRole.mutate({ user, role }, { onSuccess: onClose });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Change the role of {displayName(user)}</DialogTitle>
        <DialogDescription className="mt-2">
          The role decides which dashboard and registration form they get. Moving them to another family, professional
          or community role asks them to fill in that role’s registration form when they next sign in.
        </DialogDescription>
        <form
          className="mt-5"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <fieldset aria-describedby={`${groupId}-current`}>
            <legend className="font-semibold">New role</legend>
            <p id={`${groupId}-current`} className="text-sm text-ink-muted">
              Now: {ROLE_LABELS[user.role]}
            </p>
            <div className="mt-3 flex flex-col gap-2">
              {ROLES.map((option) => (
                <label
                  key={option}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
                >
                  <input
                    type="radio"
                    name={`${groupId}-role`}
                    value={option}
                    checked={role === option}
                    onChange={() => setRole(option)}
                    className="size-5 accent-brand"
                  />
                  {ROLE_LABELS[option]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" aria-disabled={changeRole.isPending || undefined} disabled={role === user.role}>
              {changeRole.isPending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
              Change role
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Spec §6 admin_delete_user, behind a confirmation that says exactly what goes. */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const deleteUser = useDeleteUser();
  return (
    <AlertDialog open onOpenChange={(open) => !open && !deleteUser.isPending && onClose()}>
      <AlertDialogContent>
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
