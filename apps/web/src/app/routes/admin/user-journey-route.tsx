import { LockKeyhole } from 'lucide-react';
import { UserJourneyPage } from '@/features/user-journey/components/user-journey-page';
import { AdminOnly } from './admin-only';

/** /admin/user-journey: the registration funnel and timelines (issue 8) behind the admin gate. */
export default function UserJourneyRoute() {
  return (
    <AdminOnly
      title="User Journey"
      icon={LockKeyhole}
      description="How people move through the registration chat and on to the registration form: for the team that runs the service. Sign in as an admin to continue."
    >
      {() => <UserJourneyPage />}
    </AdminOnly>
  );
}
