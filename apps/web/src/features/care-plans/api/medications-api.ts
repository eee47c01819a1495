import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DoseCorrectionInput,
  DoseRecordInput,
  MedicationInput,
  ReportPeriod,
  SupplyInput,
} from '@tavara/shared/medications/medications';
import { api, unwrap } from '@/lib/api-client';
import { careKeys } from './care-plans-api';

/**
 * The medications API (issue 17) as TanStack Query hooks, under the care views' `care` key: a
 * recorded dose refreshes the day, the list, the report and the dashboard figures together.
 */
export const medicationKeys = {
  all: ['care', 'medications'] as const,
  list: (planId: string, days: number) => ['care', 'medications', planId, 'list', days] as const,
  day: (planId: string, date: string) => ['care', 'medications', planId, 'day', date] as const,
  report: (planId: string, days: number) => ['care', 'medications', planId, 'report', days] as const,
  history: (recordId: string) => ['care', 'medications', 'history', recordId] as const,
  figures: () => ['care', 'medications', 'figures'] as const,
};

const plan = api['care-plans'][':planId'];
const fetchList = (planId: string, days: ReportPeriod) =>
  unwrap(plan.medications.$get({ param: { planId }, query: { days: String(days) } as never }));
const fetchDay = (planId: string, date?: string) =>
  unwrap(plan.doses.$get({ param: { planId }, query: date ? { date } : {} }));
const fetchReport = (planId: string, days: ReportPeriod) =>
  unwrap(plan.medications.report.$get({ param: { planId }, query: { days: String(days) } as never }));

export type MedicationList = Awaited<ReturnType<typeof fetchList>>;
export type MedicationItem = MedicationList['medications'][number];
export type DoseDay = Awaited<ReturnType<typeof fetchDay>>;
export type DoseItem = DoseDay['doses'][number];
export type DoseRecord = NonNullable<DoseItem['record']>;
export type AdherenceReport = Awaited<ReturnType<typeof fetchReport>>;

export function useMedications(planId: string, days: ReportPeriod) {
  return useQuery({
    queryKey: medicationKeys.list(planId, days),
    queryFn: () => fetchList(planId, days),
    retry: false,
    placeholderData: (previous) => previous,
  });
}

export function useDoseDay(planId: string, date?: string) {
  return useQuery({
    queryKey: medicationKeys.day(planId, date ?? ''),
    queryFn: () => fetchDay(planId, date),
    retry: false,
    placeholderData: (previous) => previous,
  });
}

export function useAdherenceReport(planId: string, days: ReportPeriod) {
  return useQuery({
    queryKey: medicationKeys.report(planId, days),
    queryFn: () => fetchReport(planId, days),
    retry: false,
    placeholderData: (previous) => previous,
  });
}

export function useRecordHistory(recordId: string | null) {
  return useQuery({
    queryKey: medicationKeys.history(recordId ?? ''),
    queryFn: () => unwrap(api['dose-records'][':recordId'].history.$get({ param: { recordId: recordId! } })),
    enabled: recordId !== null,
  });
}

/** Where the CSV of a report downloads from (a plain link: the browser saves the file). */
export const reportCsvUrl = (planId: string, days: ReportPeriod) =>
  `/api/care-plans/${encodeURIComponent(planId)}/medications/report.csv?days=${days}`;

function useCareMutation<Vars, Result>(fn: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careKeys.all }),
  });
}

export const useAddMedication = (planId: string) =>
  useCareMutation((json: MedicationInput) =>
    unwrap(plan.medications.$post({ param: { planId }, json: json as never })),
  );
export const useUpdateMedication = () =>
  useCareMutation(({ id, json }: { id: string; json: MedicationInput }) =>
    unwrap(api.medications[':medicationId'].$put({ param: { medicationId: id }, json: json as never })),
  );
export const useStopMedication = () =>
  useCareMutation((id: string) => unwrap(api.medications[':medicationId'].stop.$post({ param: { medicationId: id } })));
/** A record was written, or the server asks first (a record within 2 hours, an as-needed limit). */
export type RecordAnswer =
  | { outcome: 'recorded'; record: DoseRecord }
  | { outcome: 'ask'; conflict: { record: DoseRecord; message: string } | null; warnings: string[] };
export const useRecordDose = (planId: string) =>
  useCareMutation((json: DoseRecordInput) =>
    unwrap<RecordAnswer>(plan.doses.$post({ param: { planId }, json: json as never }) as never),
  );
export const useMorningRound = (planId: string) =>
  useCareMutation((date: string) =>
    unwrap(plan.doses.bulk.$post({ param: { planId }, json: { date, period: 'morning' } })),
  );
export const useCorrectRecord = () =>
  useCareMutation(({ id, json }: { id: string; json: DoseCorrectionInput }) =>
    unwrap(api['dose-records'][':recordId'].correct.$post({ param: { recordId: id }, json: json as never })),
  );
/** Units on hand (a refill or a count), what a dose takes, and when to remind (issue 28). */
export const useRecordSupply = () =>
  useCareMutation(({ id, json }: { id: string; json: SupplyInput }) =>
    unwrap(api.medications[':medicationId'].supply.$put({ param: { medicationId: id }, json })),
  );
