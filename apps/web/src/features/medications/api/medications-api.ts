import { queryOptions } from '@tanstack/react-query';
import { REPORT_PERIODS, type ReportPeriod } from '@tavara/shared/medications/medication-codes';
import type {
  DoseCorrectionInput,
  DoseRecordInput,
  MedicationInput,
  SupplyInput,
} from '@tavara/shared/medications/medications';
import { careKeys } from '@/domain/query-keys';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, earlyOr, unwrap } from '@/lib/api-client';

/**
 * The medications of a plan (issue 17): a recorded dose refreshes the day, the list, the report
 * and the dashboard figures together (`REFRESHES.medication`).
 */
const keys = careKeys.medications;
const plan = api['care-plans'][':planId'];
// The week's list and today's doses are what the app shell's boot script asks for as the
// medications page starts (lib/api-client.ts `earlyOr`).
const fetchList = (planId: string, days: ReportPeriod) => {
  const call = () => plan.medications.$get({ param: { planId }, query: { days: String(days) } as never });
  return unwrap(days === 7 ? earlyOr(`/api/care-plans/${planId}/medications?days=7`, call) : call());
};
const fetchDay = (planId: string, date?: string) => {
  const call = () => plan.doses.$get({ param: { planId }, query: date ? { date } : {} });
  return unwrap(date ? call() : earlyOr(`/api/care-plans/${planId}/doses`, call));
};
const fetchReport = (planId: string, days: ReportPeriod) =>
  unwrap(plan.medications.report.$get({ param: { planId }, query: { days: String(days) } as never }));

export type MedicationList = Awaited<ReturnType<typeof fetchList>>;
export type MedicationItem = MedicationList['medications'][number];
export type DoseDay = Awaited<ReturnType<typeof fetchDay>>;
export type DoseItem = DoseDay['doses'][number];
export type DoseRecord = NonNullable<DoseItem['record']>;
export type AdherenceReport = Awaited<ReturnType<typeof fetchReport>>;

const MEDICATIONS_TABS = ['today', 'medications', 'report'] as const;
export type MedicationsTab = (typeof MEDICATIONS_TABS)[number];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What the medications page shows, read from its address (`?tab=`, `?days=`, `?date=`): by the
 * page, and by the route's prefetch as navigation starts (app/medications-route-query.ts) — the same keys.
 */
export function readMedicationsPageParams(params: URLSearchParams): {
  tab: MedicationsTab;
  days: ReportPeriod;
  date: string | undefined;
} {
  const tabParam = params.get('tab');
  const tab = (MEDICATIONS_TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as MedicationsTab) : 'today';
  const daysParam = Number(params.get('days'));
  const days = (REPORT_PERIODS as readonly number[]).includes(daysParam)
    ? (daysParam as ReportPeriod)
    : tab === 'report'
      ? 30
      : 7;
  const dateParam = params.get('date');
  return { tab, days, date: dateParam && ISO_DATE.test(dateParam) ? dateParam : undefined };
}

export const medicationsQuery = (planId: string, days: ReportPeriod) =>
  queryOptions({
    queryKey: keys.list(planId, days),
    queryFn: () => fetchList(planId, days),
    retry: false,
    placeholderData: (previous) => previous,
  });

/** One day of doses (`date` a plan-local day; none: today). */
export const doseDayQuery = (planId: string, date?: string) =>
  queryOptions({
    queryKey: keys.day(planId, date ?? ''),
    queryFn: () => fetchDay(planId, date),
    retry: false,
    placeholderData: (previous) => previous,
  });

export const adherenceReportQuery = (planId: string, days: ReportPeriod) =>
  queryOptions({
    queryKey: keys.report(planId, days),
    queryFn: () => fetchReport(planId, days),
    retry: false,
    placeholderData: (previous) => previous,
  });

/** Where the CSV of a report downloads from (a plain link: the browser saves the file). */
export const reportCsvUrl = (planId: string, days: ReportPeriod) =>
  `/api/care-plans/${encodeURIComponent(planId)}/medications/report.csv?days=${days}`;

export const useAddMedication = (planId: string) =>
  useRefreshingMutation('medication', (json: MedicationInput) =>
    unwrap(plan.medications.$post({ param: { planId }, json: json as never })),
  );
export const useUpdateMedication = () =>
  useRefreshingMutation('medication', ({ id, json }: { id: string; json: MedicationInput }) =>
    unwrap(api.medications[':medicationId'].$put({ param: { medicationId: id }, json: json as never })),
  );
export const useStopMedication = () =>
  useRefreshingMutation('medication', (id: string) =>
    unwrap(api.medications[':medicationId'].stop.$post({ param: { medicationId: id } })),
  );
/** A record was written, or the server asks first (a record within 2 hours, an as-needed limit). */
export type RecordAnswer =
  | { outcome: 'recorded'; record: DoseRecord }
  | { outcome: 'ask'; conflict: { record: DoseRecord; message: string } | null; warnings: string[] };
export const useRecordDose = (planId: string) =>
  useRefreshingMutation('medication', (json: DoseRecordInput) =>
    unwrap<RecordAnswer>(plan.doses.$post({ param: { planId }, json: json as never }) as never),
  );
export const useMorningRound = (planId: string) =>
  useRefreshingMutation('medication', (date: string) =>
    unwrap(plan.doses.bulk.$post({ param: { planId }, json: { date, period: 'morning' } })),
  );
export const useCorrectRecord = () =>
  useRefreshingMutation('medication', ({ id, json }: { id: string; json: DoseCorrectionInput }) =>
    unwrap(api['dose-records'][':recordId'].correct.$post({ param: { recordId: id }, json: json as never })),
  );
/** Units on hand (a refill or a count), what a dose takes, and when to remind (issue 28). */
export const useRecordSupply = () =>
  useRefreshingMutation('medication', ({ id, json }: { id: string; json: SupplyInput }) =>
    unwrap(api.medications[':medicationId'].supply.$put({ param: { medicationId: id }, json })),
  );
