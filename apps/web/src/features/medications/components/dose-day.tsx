import { useQuery } from '@tanstack/react-query';
import { Check, ChevronLeft, ChevronRight, Moon, Pill, Plus, Sunrise, Utensils, X } from 'lucide-react';
import { useState } from 'react';
import { CARE_TIME_ZONE, formatPlanLongDay } from '@tavara/shared/time/format';
import { formatTimeIn } from '@tavara/shared/time/relative';
import { useWaitingWork, waitingItem } from '@/domain/offline/offline-work';
import { WaitingPill } from '@/domain/offline/waiting-pill';
import { DOSE_STATUS_LABELS, type DoseStatus } from '@tavara/shared/medications/medication-codes';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { doseDayQuery, useMorningRound, type DoseDay, type DoseItem, type DoseRecord } from '../api/medications-api';
import { planQueryGate } from '@/domain/care-plans/care-ui';
import { timeOf, useRecordWithCheck } from './dose-recording';
import {
  CorrectRecordDialog,
  DoseDetailsDialog,
  ExtraDoseDialog,
  MedicationFormDialog,
} from './lazy-medication-dialogs';

const TONES: Record<DoseStatus | 'due', string> = {
  due: 'bg-brand-soft text-brand border-brand/30',
  given: 'bg-success-soft text-success border-success/30',
  missed: 'bg-danger-soft text-danger border-danger/30',
  refused: 'bg-warning-soft text-warning border-warning/30',
  skipped: 'bg-canvas text-ink-muted border-line',
};

export function DoseStatePill({ state }: { state: DoseStatus | 'due' }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-medium', TONES[state])}
    >
      {DOSE_STATUS_LABELS[state]}
    </span>
  );
}

function recordLine(r: DoseRecord): string {
  const when = r.givenAt ? ` at ${timeOf(r.givenAt)}` : '';
  const why = r.reason ? ` (${r.reason})` : '';
  return `${DOSE_STATUS_LABELS[r.status]} by ${r.recordedBy}${when}${why}`;
}

function DoseRow({
  dose,
  day,
  check,
  onDetails,
  onCorrect,
}: {
  dose: DoseItem;
  day: DoseDay;
  check: ReturnType<typeof useRecordWithCheck>;
  onDetails: (dose: DoseItem) => void;
  onCorrect: (record: DoseRecord, title: string) => void;
}) {
  // Recorded on this device without a connection, not sent yet (issue 29).
  const waiting = waitingItem(useWaitingWork().items, 'dose', dose.medicationId, dose.scheduledFor);
  const canAct = day.canRecord && day.date <= day.today && !dose.stopped && !waiting;
  const label = `${dose.name} ${dose.dosage}, ${timeOf(dose.scheduledFor)}`;
  // Today, "Given" means given now. For an earlier day the time is asked (prefilled with the
  // due time), so a dose recorded the next morning is not stored as given a day late.
  const tap = (status: 'given' | 'missed') =>
    status === 'given' && day.date < day.today
      ? onDetails(dose)
      : check
          .record(
            { medicationId: dose.medicationId, scheduledFor: dose.scheduledFor, status, conflict: 'ask' },
            undefined,
            label,
          )
          .catch((error: unknown) =>
            toast.error(
              error instanceof ApiError ? error.message : 'The dose could not be recorded. Please try again.',
            ),
          );
  return (
    <li className="rounded-lg border border-line bg-surface p-3 sm:p-4" aria-label={label}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-lg font-semibold break-words">
            <span className="mr-2 tabular-nums">{timeOf(dose.scheduledFor)}</span>
            {dose.name}
          </p>
          <p className="text-ink-muted">
            {dose.dosage}
            {dose.withFood && (
              <span className="ml-2 inline-flex items-center gap-1">
                <Utensils aria-hidden="true" className="size-4" /> with food
              </span>
            )}
            {dose.beforeBed && (
              <span className="ml-2 inline-flex items-center gap-1">
                <Moon aria-hidden="true" className="size-4" /> before bed
              </span>
            )}
          </p>
        </div>
        {waiting ? <WaitingPill /> : <DoseStatePill state={dose.state} />}
      </div>
      {waiting && (
        <p className="mt-2">
          {waiting.state === 'waiting' ? 'Recorded on this phone' : waiting.message}: {waiting.label.split(': ').pop()}{' '}
          at {formatTimeIn(waiting.occurredAt, CARE_TIME_ZONE)}
        </p>
      )}
      {dose.record && <p className="mt-2">{recordLine(dose.record)}</p>}
      {dose.record?.note && <p className="mt-1 text-ink-muted">Note: {dose.record.note}</p>}
      {dose.stopped && <p className="mt-1 text-ink-muted">This medication has been stopped.</p>}
      {dose.alsoRecorded.map((r) => (
        <p key={r.id} className="mt-1 text-ink-muted">
          Also recorded: {recordLine(r)}
        </p>
      ))}
      {canAct && (
        <div className="mt-3 flex flex-wrap gap-2">
          {!dose.recorded ? (
            <>
              <Button
                size="sm"
                aria-label={`Given: ${label}`}
                aria-disabled={check.busy || undefined}
                onClick={() => !check.busy && void tap('given')}
              >
                <Check aria-hidden="true" className="size-4" /> Given
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Missed: ${label}`}
                aria-disabled={check.busy || undefined}
                onClick={() => !check.busy && void tap('missed')}
              >
                <X aria-hidden="true" className="size-4" /> Missed
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Refused, skipped or another time: ${label}`}
                onClick={() => onDetails(dose)}
              >
                Refused, skipped or another time
              </Button>
            </>
          ) : (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Correct this record: ${label}`}
              onClick={() => onCorrect(dose.record!, label)}
            >
              Correct this record
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The day's doses (the schedule tab): every expected dose with its state and one tap to record
 * it, the morning round, as-needed medications and extra doses. Days come from the server in the
 * plan's zone; the web only formats them.
 */
export function DoseDayView({
  planId,
  date,
  setDate,
  medicationCount,
  canManage = false,
}: {
  planId: string;
  date?: string;
  setDate: (date: string) => void;
  /** Medications on the plan, stopped ones included: none, and the empty day leads to adding one. */
  medicationCount?: number;
  canManage?: boolean;
}) {
  const query = useQuery(doseDayQuery(planId, date));
  const check = useRecordWithCheck(planId);
  const round = useMorningRound(planId);
  const [details, setDetails] = useState<DoseItem | null>(null);
  const [correcting, setCorrecting] = useState<{ record: DoseRecord; title: string } | null>(null);
  const [extra, setExtra] = useState<{ medicationId: string | null } | null>(null);
  const [adding, setAdding] = useState(false);
  const gate = planQueryGate(query, {
    loading: 'Loading the day’s doses...',
    failed: 'The doses could not load',
    back: { to: '/family/care-management', label: 'Back to care management' },
  });
  if (gate || !query.data) return gate;
  const day = query.data;
  const canAct = day.canRecord && day.date <= day.today;
  const morningLeft = day.doses.filter((d) => d.morning && !d.recorded && !d.stopped).length;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button variant="secondary" aria-label="Previous day" onClick={() => setDate(day.previous)}>
            <ChevronLeft aria-hidden="true" className="size-5" />
          </Button>
          <h2 className="text-xl font-semibold" aria-live="polite">
            {day.date === day.today ? 'Today, ' : ''}
            {formatPlanLongDay(day.date)}
          </h2>
          <Button variant="secondary" aria-label="Next day" onClick={() => setDate(day.next)}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </Button>
        </div>
        <div className="flex flex-wrap gap-2">
          {day.date !== day.today && (
            <Button variant="ghost" onClick={() => setDate(day.today)}>
              Back to today
            </Button>
          )}
          {canAct && morningLeft > 0 && (
            <Button
              variant="secondary"
              aria-disabled={round.isPending || undefined}
              onClick={() =>
                !round.isPending &&
                round.mutate(day.date, {
                  onSuccess: (r) =>
                    toast.success(
                      r.left.length > 0
                        ? `${r.recorded} recorded. ${r.left.length} left to check one by one (recorded less than 2 hours ago).`
                        : `${r.recorded} morning ${r.recorded === 1 ? 'dose' : 'doses'} recorded as given.`,
                    ),
                  onError: (error) =>
                    toast.error(error instanceof ApiError ? error.message : 'The morning round could not be recorded.'),
                })
              }
            >
              <Sunrise aria-hidden="true" className="size-5" />
              {round.isPending ? 'Recording...' : `Mark all morning doses given (${morningLeft})`}
            </Button>
          )}
          {canAct && day.recordable.length > 0 && (
            <Button onClick={() => setExtra({ medicationId: null })}>
              <Plus aria-hidden="true" className="size-5" /> Record a dose
            </Button>
          )}
        </div>
      </div>
      {!day.canRecord && (
        <p className="text-ink-muted">You can see the doses; the family and the care team record them.</p>
      )}
      {day.canRecord && day.date > day.today && (
        <p className="text-ink-muted">Doses can be recorded from the day they are due.</p>
      )}
      {day.doses.length === 0 && day.asNeeded.length === 0 && medicationCount === 0 ? (
        // An empty plan: the day has nothing because nothing was added yet (issue 31, item 6).
        <div className="rounded-card border border-dashed border-line p-6 text-center">
          <Pill aria-hidden="true" className="mx-auto size-8 text-family" />
          <p className="mt-2 text-lg font-semibold">No medications on this plan yet</p>
          <p className="text-ink-muted">
            {canManage
              ? 'Add a medication with its doses and times; each day’s doses then show here for the team to record.'
              : 'The family has not added any medications to this plan yet.'}
          </p>
          {canManage && (
            <Button className="mt-4" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" className="size-5" /> Add a medication
            </Button>
          )}
        </div>
      ) : day.doses.length === 0 && day.asNeeded.length === 0 ? (
        <p className="flex items-center gap-2 rounded-lg border border-dashed border-line p-4 text-ink-muted">
          <Pill aria-hidden="true" className="size-5" /> No doses are due this day.
        </p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Doses this day">
          {day.doses.map((dose) => (
            <DoseRow
              key={`${dose.medicationId}-${dose.scheduledFor}`}
              dose={dose}
              day={day}
              check={check}
              onDetails={setDetails}
              onCorrect={(record, title) => setCorrecting({ record, title })}
            />
          ))}
        </ol>
      )}
      {day.asNeeded.length > 0 && (
        <section aria-labelledby="prn-title">
          <h3 id="prn-title" className="mb-2 text-lg font-semibold">
            As needed
          </h3>
          <ul className="flex flex-col gap-2">
            {day.asNeeded.map((p) => (
              <li
                key={p.medicationId}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line bg-surface p-3"
              >
                <div>
                  <p className="font-semibold">
                    {p.name} {p.dosage}
                  </p>
                  <p className="text-ink-muted">Given this day: {p.givenToday}</p>
                </div>
                {canAct && (
                  <Button size="sm" variant="secondary" onClick={() => setExtra({ medicationId: p.medicationId })}>
                    Record a dose of {p.name}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {day.extras.length > 0 && (
        <section aria-labelledby="extras-title">
          <h3 id="extras-title" className="mb-2 text-lg font-semibold">
            Other doses recorded this day
          </h3>
          <ul className="flex flex-col gap-2">
            {day.extras.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line bg-surface p-3"
              >
                <div className="min-w-0">
                  <p className="font-semibold">
                    {r.name} {r.dosage}
                  </p>
                  <p>{recordLine(r)}</p>
                  {r.note && <p className="text-ink-muted">Note: {r.note}</p>}
                </div>
                {canAct && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setCorrecting({ record: r, title: `${r.name} ${r.dosage}` })}
                    aria-label={`Correct this record: ${r.name} ${r.dosage}`}
                  >
                    Correct this record
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {details && (
        <DoseDetailsDialog
          dose={details}
          now={day.now}
          check={check}
          onOpenChange={(open) => !open && setDetails(null)}
        />
      )}
      {extra && (
        <ExtraDoseDialog
          day={day}
          medicationId={extra.medicationId}
          check={check}
          onOpenChange={(open) => !open && setExtra(null)}
        />
      )}
      {correcting && (
        <CorrectRecordDialog
          record={correcting.record}
          title={correcting.title}
          now={day.now}
          onOpenChange={(open) => !open && setCorrecting(null)}
        />
      )}
      {adding && (
        <MedicationFormDialog
          planId={planId}
          today={day.today}
          medication={null}
          open
          onOpenChange={(open) => !open && setAdding(false)}
        />
      )}
      {check.dialog}
    </div>
  );
}
