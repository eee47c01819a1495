import { Database, Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FORMER_TEAM_MEMBER } from '@tavara/shared/account/account';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { signOut } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { deleteAccount, downloadExport } from '../api/account-api';
import { AccountSection, messageOf } from './account-ui';
import { PasswordPrompt } from './password-prompt';

const needsPassword = (error: unknown) =>
  error instanceof ApiError && (error.code === 'reauth_required' || error.code === 'REAUTH_REQUIRED');

/** Your data (issue 22, item 5): everything as JSON, and deleting the account. */
export function DataSection({ requirePassword }: { requirePassword: (then: () => Promise<void>) => void }) {
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function exportNow() {
    setExporting(true);
    try {
      await downloadExport();
      toast.success('Your data was downloaded.');
    } catch (error) {
      if (needsPassword(error)) {
        requirePassword(async () => {
          await downloadExport();
          toast.success('Your data was downloaded.');
        });
        return;
      }
      toast.error(messageOf(error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <AccountSection
      id="your-data"
      title="Your data"
      icon={Database}
      description="Download everything Tavara holds about you, or delete your account."
    >
      <div className="flex flex-col gap-2">
        <p>
          One JSON file with your account, profile, registration, chats, the care plans you own with their teams and
          shifts, your shifts on other plans, votes, support requests and training. Passwords and codes are left out.
        </p>
        <div>
          <Button
            variant="secondary"
            aria-disabled={exporting || undefined}
            onClick={() => !exporting && void exportNow()}
          >
            <Download aria-hidden="true" className="size-5" />
            {exporting ? 'Preparing...' : 'Download my data'}
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-2 border-t border-line pt-4">
        <h3 className="font-semibold">Delete your account</h3>
        <ul className="list-disc pl-5 text-ink-muted">
          <li>Your account, profile, registration, chats, votes and training records are deleted.</li>
          <li>Care plans you own are deleted with their teams, shifts and records.</li>
          <li>
            On other families’ plans, shifts you worked are kept for their records, with your name replaced by “
            {FORMER_TEAM_MEMBER}”; shifts booked for you are opened for someone else.
          </li>
          <li>Every device is signed out. This cannot be undone.</li>
        </ul>
        <div>
          <Button className="bg-danger text-white hover:bg-danger/90" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" className="size-5" />
            Delete my account
          </Button>
        </div>
      </div>
      <PasswordPrompt
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete your account?"
        description="This deletes your account and everything listed on the page, for good. Enter your password to confirm."
        confirmLabel="Delete my account"
        busyLabel="Deleting..."
        danger
        onConfirm={async (password) => {
          await deleteAccount(password);
          await signOut();
          void navigate('/');
          toast.success('Your account was deleted.');
        }}
      />
    </AccountSection>
  );
}
