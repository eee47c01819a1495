import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

/**
 * Ending a membership, as the care team and the care circle both offer it (issue 33: one rule for
 * both, as `domain/membership.ts` is on the api): a member leaves, the owner withdraws an
 * invitation or removes a member; the row stays as history.
 */
interface Membership {
  id: string;
  userId: string | null;
  name: string | null;
  email: string | null;
  status: string;
}

/** The button's words for `member`, seen by `viewerId` ("Leave the team", "Withdraw", "Remove"). */
export function endMembershipLabel(member: Membership, viewerId: string | undefined, group: 'team' | 'circle') {
  return member.userId === viewerId ? `Leave the ${group}` : member.status === 'invited' ? 'Withdraw' : 'Remove';
}

/** "Leave this care team?" or "Remove Ana?", and the confirming button; `onConfirm` ends it. */
export function EndMembershipDialog({
  ending,
  self,
  group,
  description,
  onConfirm,
  onClose,
}: {
  ending: Membership | null;
  self: boolean;
  group: 'care team' | 'care circle';
  description: string;
  onConfirm: (memberId: string) => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog open={ending !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>
          {self ? `Leave this ${group}?` : `Remove ${ending?.name ?? ending?.email ?? 'this person'}?`}
        </AlertDialogTitle>
        <AlertDialogDescription className="mt-2">{description}</AlertDialogDescription>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <AlertDialogCancel asChild>
            <Button variant="secondary">Cancel</Button>
          </AlertDialogCancel>
          <AlertDialogAction asChild>
            <Button onClick={() => ending && onConfirm(ending.id)}>{self ? 'Leave' : 'Remove'}</Button>
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
