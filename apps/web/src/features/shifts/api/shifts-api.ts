import { queryOptions } from '@tanstack/react-query';
import { careKeys } from '@/domain/query-keys';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, earlyOr, unwrap } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { keepOrSend } from '@/domain/offline/offline-work';

/**
 * Shifts (issue 16): making them from a plan's coverage, one-off shifts, the actions on one shift
 * (claim, check in and out, done, cancel, assign, change), a professional's schedule and the
 * calendar feed. A plan's week of shifts comes with the plan (`planQuery` in the domain layer).
 */
export const SCHEDULE_VIEWS = ['day', 'week', 'month'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

/**
 * The schedule's view and date from its address (`?view=`, `?date=`): read by the page and by the
 * route's prefetch as navigation starts (app/schedule-route-query.ts), so both ask for the same data.
 */
export function readScheduleParams(params: URLSearchParams): { view: ScheduleView; date: string | undefined } {
  const view = params.get('view');
  return {
    view: (SCHEDULE_VIEWS as readonly string[]).includes(view ?? '') ? (view as ScheduleView) : 'week',
    date: params.get('date') ?? undefined,
  };
}
const fetchSchedule = (view: ScheduleView, date?: string) => {
  const call = () => api.professional.schedule.$get({ query: { view, ...(date ? { date } : {}) } });
  // This week's schedule is what the app shell's boot script asks for as the page starts.
  return unwrap(view === 'week' && !date ? earlyOr('/api/professional/schedule?view=week', call) : call());
};
export type Schedule = Awaited<ReturnType<typeof fetchSchedule>>;
export type ScheduleShift = Schedule['shifts'][number];

export const scheduleQuery = (view: ScheduleView, date?: string) =>
  queryOptions({
    queryKey: careKeys.schedule(view, date ?? ''),
    queryFn: () => fetchSchedule(view, date),
    retry: 1,
    placeholderData: (previous) => previous,
  });

export const calendarFeedQuery = () =>
  queryOptions({ queryKey: careKeys.feed(), queryFn: () => unwrap(api['calendar-feed'].$get()), retry: 1 });

export const useGenerateShifts = (planId: string) =>
  useRefreshingMutation('shift', (json: { from?: string; to?: string }) =>
    unwrap(api['care-plans'][':planId'].shifts.generate.$post({ param: { planId }, json })),
  );
export const useAddShift = (planId: string) =>
  useRefreshingMutation('shift', (json: { start: string; end: string; note?: string | null }) =>
    unwrap(api['care-plans'][':planId'].shifts.$post({ param: { planId }, json: json as never })),
  );

/** A check-in or check-out's device key and instant (issue 29: it may have been recorded offline). */
type Step = { clientKey?: string; occurredAt?: string };

export type ShiftAction =
  | { kind: 'claim'; shiftId: string }
  | { kind: 'check-in'; shiftId: string; step?: Step }
  | { kind: 'check-out' | 'done'; shiftId: string; note?: string | null; step?: Step }
  | { kind: 'cancel'; shiftId: string; reason: string }
  | { kind: 'assign'; shiftId: string; userId: string | null; mode?: 'assign' | 'offer'; reassign?: boolean }
  | { kind: 'edit'; shiftId: string; start: string; end: string; reason: string };

function runShiftAction(action: ShiftAction) {
  const shifts = api.shifts[':shiftId'];
  const param = { shiftId: action.shiftId };
  switch (action.kind) {
    case 'claim':
      return unwrap(shifts.claim.$post({ param }));
    case 'check-in':
      return unwrap(shifts['check-in'].$post({ param, json: { ...action.step } }));
    case 'check-out':
      return unwrap(shifts['check-out'].$post({ param, json: { note: action.note ?? null, ...action.step } as never }));
    case 'done':
      return unwrap(shifts.done.$post({ param, json: { note: action.note ?? null } as never }));
    case 'cancel':
      return unwrap(shifts.cancel.$post({ param, json: { reason: action.reason } }));
    case 'assign':
      return unwrap(
        shifts.assign.$post({
          param,
          json: { userId: action.userId, mode: action.mode ?? 'assign', reassign: action.reassign ?? false },
        }),
      );
    case 'edit':
      return unwrap(shifts.$patch({ param, json: { start: action.start, end: action.end, reason: action.reason } }));
  }
}
export const useShiftAction = () => useRefreshingMutation('shift', runShiftAction);

/**
 * Checking in and out (issue 29): sent at once when online, kept on this device and sent when the
 * connection is back otherwise — with the instant it happened and a key made here, so it is
 * recorded once however often it is sent. Answers `{ kept: true }` when kept.
 */
export function useShiftStep() {
  const action = useShiftAction();
  const { user } = useAuth();
  const run = (
    kind: 'check-in' | 'check-out',
    shift: { id: string; planId: string },
    label: string,
    note: string | null = null,
  ) =>
    keepOrSend(
      user?.id ?? '',
      { kind, planId: shift.planId, targetId: shift.id, body: kind === 'check-out' ? { note } : {}, label },
      ({ clientKey, occurredAt }) =>
        action.mutateAsync({ kind, shiftId: shift.id, note, step: { clientKey, occurredAt } }),
    );
  return { run, isPending: action.isPending };
}

export const useCreateFeed = () => useRefreshingMutation('shift', () => unwrap(api['calendar-feed'].$post()));
export const useRevokeFeed = () => useRefreshingMutation('shift', () => unwrap(api['calendar-feed'].$delete()));
