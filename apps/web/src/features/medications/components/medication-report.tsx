import { useQuery } from '@tanstack/react-query';
import { Download, Printer } from 'lucide-react';
import { formatPlanLongDay } from '@tavara/shared/time/format';
import { adherenceTone, REPORT_PERIODS, type ReportPeriod } from '@tavara/shared/medications/medication-codes';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { adherenceReportQuery, reportCsvUrl } from '../api/medications-api';
import { planQueryGate } from '@/domain/care-plans/care-ui';
import { AdherenceBadge } from './medication-list';

const BAR_TONES = { good: 'bg-success', fair: 'bg-warning', poor: 'bg-danger', none: 'bg-line' } as const;

/**
 * Adherence over 7 / 14 / 30 / 90 days: a bar per medication with its figures beside it, a
 * table, the CSV and a printable page (what a family brings to the doctor). `.print-report` is
 * the one part of the page a printer gets (styles.css).
 */
export function MedicationReport({
  planId,
  days,
  setDays,
}: {
  planId: string;
  days: ReportPeriod;
  setDays: (days: ReportPeriod) => void;
}) {
  const query = useQuery(adherenceReportQuery(planId, days));
  const gate = planQueryGate(query, {
    loading: 'Loading the report...',
    failed: 'The report could not load',
    back: { to: '/family/care-management', label: 'Back to care management' },
  });
  if (gate || !query.data) return gate;
  const report = query.data;
  const scheduled = report.medications.filter((m) => !m.asNeeded);
  const asNeeded = report.medications.filter((m) => m.asNeeded);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div role="group" aria-label="Report period" className="flex flex-wrap gap-2">
          {REPORT_PERIODS.map((d) => (
            <Button
              key={d}
              size="sm"
              variant={d === days ? 'primary' : 'secondary'}
              aria-pressed={d === days}
              onClick={() => setDays(d)}
            >
              {d} days
            </Button>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary">
            <a href={reportCsvUrl(planId, days)} download>
              <Download aria-hidden="true" className="size-5" /> Download CSV
            </a>
          </Button>
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-5" /> Print
          </Button>
        </div>
      </div>
      <section aria-labelledby="report-title" className="print-report rounded-card border border-line bg-surface p-5">
        <h2 id="report-title" className="text-2xl font-bold">
          Medication adherence for {report.plan.recipientName}
        </h2>
        <p className="mt-1 text-ink-muted">
          {formatPlanLongDay(report.from)} – {formatPlanLongDay(report.to)} ({report.days} days) · {report.plan.title}
        </p>
        {scheduled.length === 0 && asNeeded.length === 0 ? (
          <p className="mt-4 text-ink-muted">No doses were due in this period.</p>
        ) : (
          <>
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <p className="text-lg">
                Overall: <strong>{report.overall.given}</strong> of <strong>{report.overall.expected}</strong> expected
                doses given
              </p>
              <AdherenceBadge percent={report.overall.adherence} />
            </div>
            {scheduled.length > 0 && (
              <ul className="mt-5 flex flex-col gap-4" aria-label="Adherence by medication">
                {scheduled.map((m) => {
                  const tone = adherenceTone(m.adherence);
                  return (
                    <li key={m.medicationId} className="grid gap-2 md:grid-cols-[1fr_16rem] md:items-center">
                      <div>
                        <p className="font-semibold">
                          {m.name} <span className="font-normal text-ink-muted">{m.dosage}</span>
                        </p>
                        <div
                          className="mt-1 h-4 w-full overflow-hidden rounded-full bg-canvas print:border print:border-line"
                          aria-hidden="true"
                        >
                          <div
                            className={cn('h-full rounded-full', BAR_TONES[tone])}
                            style={{ width: `${m.adherence ?? 0}%` }}
                          />
                        </div>
                      </div>
                      <p className="text-ink-muted md:text-right">
                        <strong className="text-ink">{m.adherence === null ? '—' : `${m.adherence}%`}</strong> ·{' '}
                        {m.given} of {m.expected} given
                        {m.missed > 0 ? ` · ${m.missed} missed` : ''}
                      </p>
                    </li>
                  );
                })}
              </ul>
            )}
            <div className="mt-6 overflow-x-auto">
              <table className="w-full min-w-[36rem] border-collapse text-left">
                <caption className="sr-only">Doses by medication</caption>
                <thead>
                  <tr className="border-b border-line-strong">
                    {['Medication', 'Expected', 'Given', 'Missed', 'Refused', 'Skipped', 'Late', 'Adherence'].map(
                      (h) => (
                        <th key={h} scope="col" className="px-2 py-2 font-semibold">
                          {h}
                        </th>
                      ),
                    )}
                  </tr>
                </thead>
                <tbody>
                  {scheduled.map((m) => (
                    <tr key={m.medicationId} className="border-b border-line">
                      <th scope="row" className="px-2 py-2 font-medium">
                        {m.name} {m.dosage}
                        {m.stopped ? ' (stopped)' : ''}
                      </th>
                      {[m.expected, m.given, m.missed, m.refused, m.skipped, m.late].map((n, i) => (
                        <td key={i} className="px-2 py-2 tabular-nums">
                          {n}
                        </td>
                      ))}
                      <td className="px-2 py-2 tabular-nums">{m.adherence === null ? '—' : `${m.adherence}%`}</td>
                    </tr>
                  ))}
                  <tr className="font-semibold">
                    <th scope="row" className="px-2 py-2">
                      All medications
                    </th>
                    {[
                      report.overall.expected,
                      report.overall.given,
                      report.overall.missed,
                      report.overall.refused,
                      report.overall.skipped,
                      report.overall.late,
                    ].map((n, i) => (
                      <td key={i} className="px-2 py-2 tabular-nums">
                        {n}
                      </td>
                    ))}
                    <td className="px-2 py-2 tabular-nums">
                      {report.overall.adherence === null ? '—' : `${report.overall.adherence}%`}
                    </td>
                  </tr>
                </tbody>
              </table>
            </div>
            {asNeeded.length > 0 && (
              <p className="mt-4">
                As-needed doses given: {asNeeded.map((m) => `${m.name} ${m.dosage} × ${m.asNeededGiven}`).join('; ')}
              </p>
            )}
            <p className="mt-4 text-sm text-ink-muted">
              Adherence is doses given ÷ doses expected. Late means given more than an hour after it was due. A dose
              with no record more than an hour after it was due counts as missed. Printed from Tavara on{' '}
              {formatPlanLongDay(report.generatedAt.slice(0, 10))}.
            </p>
          </>
        )}
      </section>
    </div>
  );
}
