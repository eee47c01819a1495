import { useCallback, useEffect, type ComponentProps } from 'react';
import { useLocation } from 'react-router';
import type { PublicRole } from '@tavara/shared/roles';
import { PageLoadError } from '@/components/errors/page-load-error';
import { RoleDashboardPage } from '@/features/dashboard/components/role-dashboard-page';
import type { MatchingVisibilityCard as VisibilityCard } from '@/features/matching/components/visibility-card';
import { chatUi } from '@/features/registration-chat/chat-ui-store';
import { useAuth } from '@/lib/auth';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { useOwnDashboardRedirect } from './use-own-dashboard-redirect';

const ROLE_BY_PATH: Readonly<Record<string, PublicRole>> = {
  '/dashboard/family': 'family',
  '/dashboard/professional': 'professional',
  '/dashboard/community': 'community',
};

/**
 * The side cards of a signed-in dashboard, from other features. Only a signed-in dashboard shows
 * them, so the prerendered signed-out view does not carry their code (issue 23); they download
 * as soon as someone is signed in here, alongside the dashboard's own code.
 */
const loadTrainingCard = () => import('@/features/training/components/training-progress-card');
const loadVisibilityCard = () => import('@/features/matching/components/visibility-card');
const loadHelpCard = () => import('@/features/care-circle/components/my-help-card');
const MyHelpCard = lazyWithRetry<object>(
  () => loadHelpCard().then((module) => ({ default: module.MyHelpCard })),
  PageLoadError,
  'Help card',
);
const loadCommunityHelp = () => import('@/features/care-circle/components/community-help-cards');
const CommunityHelpCards = lazyWithRetry<object>(
  () => loadCommunityHelp().then((module) => ({ default: module.CommunityHelpCards })),
  PageLoadError,
  'Community help',
);
const TrainingProgressCard = lazyWithRetry<object>(
  () => loadTrainingCard().then((module) => ({ default: module.TrainingProgressCard })),
  PageLoadError,
  'Training card',
);
const MatchingVisibilityCard = lazyWithRetry<ComponentProps<typeof VisibilityCard>>(
  () => loadVisibilityCard().then((module) => ({ default: module.MatchingVisibilityCard })),
  PageLoadError,
  'Visibility card',
);

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
  const { user, offline } = useAuth();
  const signedIn = user !== null;
  useEffect(() => {
    // Offline (issue 29) these cards have nothing to ask the server: their code waits for the
    // dashboard's own, which shows the day's doses, instead of running beside it.
    if (!signedIn || offline) return;
    if (role === 'professional') loadTrainingCard().catch(() => undefined);
    if (role !== 'community') loadVisibilityCard().catch(() => undefined);
    if (role === 'community') loadCommunityHelp().catch(() => undefined);
    loadHelpCard().catch(() => undefined);
  }, [signedIn, offline, role]);
  // Keyed by role: moving between two dashboards starts the second one afresh.
  return (
    <RoleDashboardPage
      key={role}
      role={role}
      onStartChat={startChat}
      main={role === 'community' ? <CommunityHelpCards /> : undefined}
      extra={
        role === 'professional' ? (
          <>
            <MyHelpCard />
            <TrainingProgressCard />
            <MatchingVisibilityCard role="professional" />
          </>
        ) : role === 'family' ? (
          <>
            <MyHelpCard />
            <MatchingVisibilityCard role="family" />
          </>
        ) : (
          <MyHelpCard />
        )
      }
    />
  );
}
