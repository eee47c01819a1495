import { useQuery } from '@tanstack/react-query';
import type { DashboardData } from '@tavara/shared/dashboard/dashboard';
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
export function useDashboard(userId: string | null) {
  return useQuery({
    queryKey: dashboardKeys.me(userId ?? ''),
    queryFn: fetchDashboard,
    enabled: userId !== null,
    staleTime: 0,
    refetchOnMount: 'always',
    retry: 1,
  });
}

/**
 * Care figures for the dashboard card (`GET /api/care-plans/figures`). Under the care views'
 * `care` key, so any change to plans, shifts or invitations refreshes it too.
 */
export function useCareFigures() {
  return useQuery({
    queryKey: ['care', 'figures'] as const,
    queryFn: () => unwrap(api['care-plans'].figures.$get()),
    retry: 1,
  });
}

/**
 * Medication figures for the dashboard card (`GET /api/medications/figures`, issue 17), under the
 * care views' key so a recorded dose refreshes it.
 */
export function useMedicationFigures() {
  return useQuery({
    queryKey: ['care', 'medications', 'figures'] as const,
    queryFn: () => unwrap(api.medications.figures.$get()),
    retry: 1,
  });
}
