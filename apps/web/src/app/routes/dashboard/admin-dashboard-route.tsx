import { ShieldCheck } from 'lucide-react';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { AdminOnly } from '../admin/admin-only';

/** /dashboard/admin: the admin area (issue 8) behind the admin gate. */
export default function AdminDashboardRoute() {
  return (
    <AdminOnly
      title="Admin Dashboard"
      icon={ShieldCheck}
      description="This area is for the people who run the service: managing accounts, answering support requests and seeing which features families, care professionals and community members ask for. Sign in with an admin account to continue."
    >
      {(currentUserId) => <AdminDashboard currentUserId={currentUserId} />}
    </AdminOnly>
  );
}
