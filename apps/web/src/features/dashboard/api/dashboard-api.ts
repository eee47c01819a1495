import { queryOptions } from '@tanstack/react-query';
import type { DashboardData } from '@tavara/shared/dashboard/dashboard';
import { careKeys } from '@/domain/query-keys';
import { api, unwrap } from '@/lib/api-client';

export const dashboardKeys = {
  me: (userId: string) => ['dashboard', 'me', { userId }] as const,
};

export async function fetchDashboard(): Promise<DashboardData> {
  return unwrap(api.dashboard.me.$get());
}

/**
 * The signed-in user's dashboard (`GET /api/dashboard/me`). Always refetched when the page
 * opens: the user has usually just come back from doing one of its steps (the form, a photo).
 */
export const dashboardQuery = (userId: string) =>
  queryOptions({
    queryKey: dashboardKeys.me(userId),
    queryFn: fetchDashboard,
    staleTime: 0,
    refetchOnMount: 'always',
    retry: 1,
  });

/**
 * Care figures for the dashboard card (`GET /api/care-plans/figures`). Under the care key, so
 * any change to plans, shifts or invitations refreshes it too (`REFRESHES` in the domain layer).
 */
export const careFiguresQuery = () =>
  queryOptions({ queryKey: careKeys.figures(), queryFn: () => unwrap(api['care-plans'].figures.$get()), retry: 1 });

/** Medication figures for the dashboard card (`GET /api/medications/figures`, issue 17). */
export const medicationFiguresQuery = () =>
  queryOptions({
    queryKey: careKeys.medications.figures(),
    queryFn: () => unwrap(api.medications.figures.$get()),
    retry: 1,
  });
