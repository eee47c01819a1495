import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CarePlanInput } from '@tavara/shared/care-plans/care-plans';
import type { InvitationInput } from '@tavara/shared/care-team/care-team';
import { api, unwrap } from '@/lib/api-client';

/**
 * The care-plan API (issue 16) as TanStack Query hooks. Every change invalidates the whole
 * `care` key: plans, schedule, assignment and dashboard figures all read the same rows.
 */
export const careKeys = {
  all: ['care'] as const,
  plans: () => ['care', 'plans'] as const,
  plan: (id: string, week?: string) => ['care', 'plan', id, week ?? ''] as const,
  schedule: (view: string, date: string) => ['care', 'schedule', view, date] as const,
  assignment: (id: string) => ['care', 'assignment', id] as const,
  invitations: () => ['care', 'invitations'] as const,
  figures: () => ['care', 'figures'] as const,
  feed: () => ['care', 'feed'] as const,
  professionals: (q: string, region: string, careType: string) =>
    ['care', 'professionals', q, region, careType] as const,
};

const fetchPlans = () => unwrap(api['care-plans'].$get());
const fetchPlan = (planId: string, week?: string) =>
  unwrap(api['care-plans'][':planId'].$get({ param: { planId }, query: week ? { week } : {} }));
const fetchSchedule = (view: 'day' | 'week' | 'month', date?: string) =>
  unwrap(api.professional.schedule.$get({ query: { view, ...(date ? { date } : {}) } }));
const fetchAssignment = (planId: string) => unwrap(api.professional.assignments[':planId'].$get({ param: { planId } }));

export type PlanSummary = Awaited<ReturnType<typeof fetchPlans>>['plans'][number];
export type TeamPlanSummary = Awaited<ReturnType<typeof fetchPlans>>['teams'][number];
export type PlanDetail = Awaited<ReturnType<typeof fetchPlan>>;
export type ShiftItem = PlanDetail['week']['shifts'][number];
export type TeamMember = PlanDetail['team'][number];
export type Schedule = Awaited<ReturnType<typeof fetchSchedule>>;
export type ScheduleShift = Schedule['shifts'][number];
export type Assignment = Awaited<ReturnType<typeof fetchAssignment>>;

/** The family's saved registration, to prefill the person receiving care. */
export const fetchOwnRegistration = () => unwrap(api.registration.me.$get());

export function usePlans(enabled = true) {
  return useQuery({ queryKey: careKeys.plans(), queryFn: fetchPlans, enabled, retry: 1 });
}

export function usePlan(planId: string, week?: string) {
  return useQuery({
    queryKey: careKeys.plan(planId, week),
    queryFn: () => fetchPlan(planId, week),
    retry: false,
    placeholderData: (previous) => previous,
  });
}

export function useSchedule(view: 'day' | 'week' | 'month', date?: string) {
  return useQuery({
    queryKey: careKeys.schedule(view, date ?? ''),
    queryFn: () => fetchSchedule(view, date),
    retry: 1,
    placeholderData: (previous) => previous,
  });
}

export function useAssignment(planId: string) {
  return useQuery({ queryKey: careKeys.assignment(planId), queryFn: () => fetchAssignment(planId), retry: false });
}

export function useInvitations(enabled = true) {
  return useQuery({
    queryKey: careKeys.invitations(),
    queryFn: () => unwrap(api.invitations.$get()),
    enabled,
    retry: 1,
  });
}

export function useCareFigures(enabled = true) {
  return useQuery({
    queryKey: careKeys.figures(),
    queryFn: () => unwrap(api['care-plans'].figures.$get()),
    enabled,
    retry: 1,
  });
}

export function useCalendarFeed() {
  return useQuery({ queryKey: careKeys.feed(), queryFn: () => unwrap(api['calendar-feed'].$get()), retry: 1 });
}

export function useProfessionalSearch(q: string, region: string, careType: string, enabled: boolean) {
  return useQuery({
    queryKey: careKeys.professionals(q, region, careType),
    queryFn: () =>
      unwrap(
        api['care-plans'].professionals.$get({
          query: { ...(q ? { q } : {}), ...(region ? { region } : {}), ...(careType ? { careType } : {}) },
        }),
      ),
    enabled,
    staleTime: 30_000,
  });
}

/** A mutation that refreshes every care view when it succeeds. */
function useCareMutation<Vars, Result>(fn: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careKeys.all }),
  });
}

export const useCreatePlan = () =>
  useCareMutation((json: CarePlanInput) => unwrap(api['care-plans'].$post({ json: json as never })));
export const useUpdatePlan = (planId: string) =>
  useCareMutation((json: CarePlanInput) =>
    unwrap(api['care-plans'][':planId'].$put({ param: { planId }, json: json as never })),
  );
export const useSetPlanStatus = (planId: string) =>
  useCareMutation((status: 'active' | 'paused' | 'completed') =>
    unwrap(api['care-plans'][':planId'].status.$post({ param: { planId }, json: { status } })),
  );
export const useArchivePlan = (planId: string) =>
  useCareMutation(() => unwrap(api['care-plans'][':planId'].$delete({ param: { planId } })));
export const useRestorePlan = (planId: string) =>
  useCareMutation(() => unwrap(api['care-plans'][':planId'].restore.$post({ param: { planId } })));
export const useInvite = (planId: string) =>
  useCareMutation((json: InvitationInput) =>
    unwrap(api['care-plans'][':planId'].invitations.$post({ param: { planId }, json: json as never })),
  );
export const useEndMembership = (planId: string) =>
  useCareMutation((memberId: string) =>
    unwrap(api['care-plans'][':planId'].members[':memberId'].$delete({ param: { planId, memberId } })),
  );
export const useAnswerInvitation = () =>
  useCareMutation(({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
    unwrap(
      answer === 'accept'
        ? api.invitations[':invitationId'].accept.$post({ param: { invitationId: id } })
        : api.invitations[':invitationId'].decline.$post({ param: { invitationId: id } }),
    ),
  );
export const useGenerateShifts = (planId: string) =>
  useCareMutation((json: { from?: string; to?: string }) =>
    unwrap(api['care-plans'][':planId'].shifts.generate.$post({ param: { planId }, json })),
  );
export const useAddShift = (planId: string) =>
  useCareMutation((json: { start: string; end: string; note?: string | null }) =>
    unwrap(api['care-plans'][':planId'].shifts.$post({ param: { planId }, json: json as never })),
  );

type ShiftAction =
  | { kind: 'claim' | 'check-in'; shiftId: string }
  | { kind: 'check-out' | 'done'; shiftId: string; note?: string | null }
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
      return unwrap(shifts['check-in'].$post({ param }));
    case 'check-out':
      return unwrap(shifts['check-out'].$post({ param, json: { note: action.note ?? null } as never }));
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
export const useShiftAction = () => useCareMutation(runShiftAction);

export const useCreateFeed = () => useCareMutation(() => unwrap(api['calendar-feed'].$post()));
export const useRevokeFeed = () => useCareMutation(() => unwrap(api['calendar-feed'].$delete()));
