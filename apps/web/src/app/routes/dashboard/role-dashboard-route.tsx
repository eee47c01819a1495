import { useCallback } from 'react';
import { useLocation } from 'react-router';
import type { PublicRole } from '@tavara/shared/roles';
import { RoleDashboardPage } from '@/features/dashboard/components/role-dashboard-page';
import { MatchingVisibilityCard } from '@/features/matching/components/visibility-card';
import { TrainingProgressCard } from '@/features/training/components/training-progress-card';
import { chatUi } from '@/features/registration-chat/chat-ui-store';
import { useOwnDashboardRedirect } from './use-own-dashboard-redirect';

const ROLE_BY_PATH: Readonly<Record<string, PublicRole>> = {
  '/dashboard/family': 'family',
  '/dashboard/professional': 'professional',
  '/dashboard/community': 'community',
};

/**
 * /dashboard/family, /dashboard/professional, /dashboard/community. The app joins the dashboard
 * with the registration chat (its "start the chat" buttons open the chat on the page's role) and
 * sends a signed-in user of another role to their own dashboard.
 */
export default function RoleDashboardRoute() {
  const { pathname } = useLocation();
  const role = ROLE_BY_PATH[pathname] ?? 'family';
  useOwnDashboardRedirect(role);
  const startChat = useCallback(() => chatUi.openFullScreen(role), [role]);
  // Keyed by role: moving between two dashboards starts the second one afresh.
  return (
    <RoleDashboardPage
      key={role}
      role={role}
      onStartChat={startChat}
      extra={
        role === 'professional' ? (
          <>
            <TrainingProgressCard />
            <MatchingVisibilityCard role="professional" />
          </>
        ) : role === 'family' ? (
          <MatchingVisibilityCard role="family" />
        ) : undefined
      }
    />
  );
}
