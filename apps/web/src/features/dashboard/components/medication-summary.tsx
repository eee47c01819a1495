import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Pill } from 'lucide-react';
import { Link } from 'react-router';
import { formatPlanShortDay, formatPlanTime } from '@tavara/shared/time/format';
import { medicationFiguresQuery } from '../api/dashboard-api';

/**
 * Medications on the dashboards (issue 17): for a family, doses due today and missed in the last
 * 7 days over their plans; for a professional, the next doses to give on the plans they are on.
 */
export function MedicationSummary({ role }: { role: 'family' | 'professional' }) {
  const figures = useQuery(medicationFiguresQuery());
  const data = figures.data;
  return (
    <section
      aria-labelledby="medication-summary-title"
      className="rounded-card border border-line bg-surface p-5 shadow-sm"
    >
      <h2 id="medication-summary-title" className="flex items-center gap-2 text-2xl font-bold">
        <Pill aria-hidden="true" className={role === 'family' ? 'size-6 text-family' : 'size-6 text-professional'} />
        Medications
      </h2>
      {figures.isPending ? (
        <p className="mt-3 text-ink-muted" role="status">
          Loading your figures...
        </p>
      ) : figures.isError || !data ? (
        <p className="mt-3 text-ink-muted">Your medication figures could not load. Open a care plan to see them.</p>
      ) : role === 'family' ? (
        <>
          <dl className="mt-4 grid gap-3 sm:grid-cols-2">
            <div className="rounded-lg bg-canvas p-3">
              <dt className="text-ink-muted">Doses due today</dt>
              <dd className="text-2xl font-bold">
                {data.family.dueToday}
                {data.family.dueToday > 0 && (
                  <span className="ml-2 text-base font-normal text-ink-muted">{data.family.givenToday} given</span>
                )}
              </dd>
            </div>
            <div className="rounded-lg bg-canvas p-3">
              <dt className="text-ink-muted">Missed in the last 7 days</dt>
              <dd className={data.family.missedLast7 > 0 ? 'text-2xl font-bold text-danger' : 'text-2xl font-bold'}>
                {data.family.missedLast7}
              </dd>
            </div>
          </dl>
          <Link
            to="/family/care-management"
            className="mt-4 inline-flex min-h-11 items-center gap-2 font-semibold text-brand underline-offset-4 hover:underline"
          >
            Open a care plan’s medications <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        </>
      ) : data.nextDoses.length === 0 ? (
        <p className="mt-3 text-ink-muted">No doses to give on your care teams’ plans in the next two days.</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-2" aria-label="Next doses to give">
          {data.nextDoses.map((d) => (
            <li key={`${d.medicationId}-${d.scheduledFor}`}>
              <Link
                to={`/professional/assignments/${d.planId}`}
                className="flex min-h-11 flex-wrap items-center justify-between gap-2 rounded-lg bg-canvas p-3 hover:bg-brand-soft"
              >
                <span>
                  <span className="font-semibold">
                    {formatPlanShortDay(d.scheduledFor)}, {formatPlanTime(d.scheduledFor)}
                  </span>{' '}
                  · {d.name} {d.dosage}
                </span>
                <span className="text-ink-muted">{d.planTitle}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
