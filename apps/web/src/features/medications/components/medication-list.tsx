import { useQuery } from '@tanstack/react-query';
import { Package, Pencil, Pill, Plus, Search, Square } from 'lucide-react';
import { useState } from 'react';
import { formatPlanLongDay, formatPlanShortDay, formatPlanTime } from '@tavara/shared/time/format';
import {
  adherenceTone,
  MEDICATION_TYPE_LABELS,
  REPORT_PERIODS,
  scheduleSummary,
  type ReportPeriod,
} from '@tavara/shared/medications/medication-codes';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { medicationsQuery, useStopMedication, type MedicationItem } from '../api/medications-api';
import { planQueryGate } from '@/domain/care-plans/care-ui';
import { MedicationFormDialog, SupplyDialog } from './lazy-medication-dialogs';

const ADHERENCE_TONES = {
  good: 'bg-success-soft text-success border-success/30',
  fair: 'bg-warning-soft text-warning border-warning/30',
  poor: 'bg-danger-soft text-danger border-danger/30',
  none: 'bg-canvas text-ink-muted border-line',
} as const;

/** Adherence as a badge: green ≥ 90 %, amber ≥ 70 %, red below (words and number, not colour alone). */
export function AdherenceBadge({ percent, className }: { percent: number | null; className?: string }) {
  const tone = adherenceTone(percent);
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold tabular-nums',
        ADHERENCE_TONES[tone],
        className,
      )}
    >
      {percent === null ? 'No doses due yet' : `${percent}% taken`}
    </span>
  );
}

function MedicationCard({
  med,
  canManage,
  onEdit,
  onStop,
  onSupply,
}: {
  med: MedicationItem;
  canManage: boolean;
  onEdit: (m: MedicationItem) => void;
  onStop: (m: MedicationItem) => void;
  onSupply: (m: MedicationItem) => void;
}) {
  const rows: Array<[string, string | null]> = [
    ['Schedule', scheduleSummary(med.schedule, formatPlanTime)],
    ['Type', MEDICATION_TYPE_LABELS[med.medicationType]],
    ['Instructions', med.instructions],
    ['Special instructions', med.specialInstructions],
    ['Prescriber', med.prescriber],
    [
      'Dates',
      `${formatPlanLongDay(med.startDate)} – ${med.endDate ? formatPlanLongDay(med.endDate) : med.stopped ? 'stopped' : 'ongoing'}`,
    ],
    [
      'Last dose',
      med.lastGiven?.givenAt
        ? `${formatPlanShortDay(med.lastGiven.givenAt)}, ${formatPlanTime(med.lastGiven.givenAt)} by ${med.lastGiven.recordedBy}`
        : 'None recorded',
    ],
  ];
  if (!med.stopped && med.schedule.kind === 'times')
    rows.push([
      'Next due',
      med.nextDue ? `${formatPlanShortDay(med.nextDue)}, ${formatPlanTime(med.nextDue)}` : 'None planned',
    ]);
  if (med.supply.onHand !== null)
    rows.push([
      'Supply',
      `${med.supply.onHand} on hand${
        med.supply.daysLeft === null
          ? ''
          : ` — about ${med.supply.daysLeft} day${med.supply.daysLeft === 1 ? '' : 's'} left`
      }`,
    ]);
  return (
    <li className="rounded-card border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold break-words">{med.name}</h3>
          <p className="text-ink-muted">{med.dosage}</p>
        </div>
        {med.schedule.kind === 'times' && <AdherenceBadge percent={med.adherence.adherence} />}
      </div>
      <dl className="mt-3 grid gap-2">
        {rows
          .filter(([, v]) => v)
          .map(([term, value]) => (
            <div key={term} className="grid gap-0.5 sm:grid-cols-[10rem_1fr]">
              <dt className="text-ink-muted">{term}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
      </dl>
      {canManage && !med.stopped && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" aria-label={`Edit ${med.name}`} onClick={() => onEdit(med)}>
            <Pencil aria-hidden="true" className="size-4" /> Edit
          </Button>
          <Button size="sm" variant="secondary" aria-label={`Supply of ${med.name}`} onClick={() => onSupply(med)}>
            <Package aria-hidden="true" className="size-4" /> Supply
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Stop ${med.name}`} onClick={() => onStop(med)}>
            <Square aria-hidden="true" className="size-4" /> Stop
          </Button>
        </div>
      )}
    </li>
  );
}

/** The plan's medications: search, adherence over a chosen period, stopped ones apart. */
export function MedicationList({
  planId,
  days,
  setDays,
}: {
  planId: string;
  days: ReportPeriod;
  setDays: (days: ReportPeriod) => void;
}) {
  const query = useQuery(medicationsQuery(planId, days));
  const stop = useStopMedication();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<MedicationItem | 'new' | null>(null);
  const [stopping, setStopping] = useState<MedicationItem | null>(null);
  const [supplying, setSupplying] = useState<MedicationItem | null>(null);
  const gate = planQueryGate(query, {
    loading: 'Loading the medications...',
    failed: 'The medications could not load',
    back: { to: '/family/care-management', label: 'Back to care management' },
  });
  if (gate || !query.data) return gate;
  const data = query.data;
  const term = search.trim().toLowerCase();
  const found = data.medications.filter(
    (m) => !term || m.name.toLowerCase().includes(term) || (m.prescriber ?? '').toLowerCase().includes(term),
  );
  const active = found.filter((m) => !m.stopped);
  const stopped = found.filter((m) => m.stopped);
  const card = (m: MedicationItem) => (
    <MedicationCard
      key={m.id}
      med={m}
      canManage={data.canManage}
      onEdit={setEditing}
      onStop={setStopping}
      onSupply={setSupplying}
    />
  );
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            label="Search medications"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="w-full sm:w-64"
            autoComplete="off"
          />
          <SelectField
            label="Adherence over"
            value={String(days)}
            options={REPORT_PERIODS.map((d) => ({ value: String(d), label: `Last ${d} days` }))}
            onChange={(e) => setDays(Number(e.target.value) as ReportPeriod)}
          />
        </div>
        {data.canManage && (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-5" /> Add a medication
          </Button>
        )}
      </div>
      {data.medications.length === 0 ? (
        <div className="rounded-card border border-dashed border-line p-6 text-center">
          <Pill aria-hidden="true" className="mx-auto size-8 text-family" />
          <p className="mt-2 text-lg font-semibold">No medications yet</p>
          <p className="text-ink-muted">
            {data.canManage
              ? 'Add the medications, their doses and times, and the team can record each dose.'
              : 'The family has not added any medications to this plan.'}
          </p>
        </div>
      ) : (
        <>
          {term && found.length === 0 && (
            <p className="flex items-center gap-2 text-ink-muted">
              <Search aria-hidden="true" className="size-5" /> No medication matches “{search}”.
            </p>
          )}
          {active.length > 0 && (
            // The cards' names are h3s: a heading above them keeps the outline whole (axe heading-order).
            <section aria-labelledby="current-title">
              <h2 id="current-title" className="mb-2 text-xl font-semibold">
                Current medications
              </h2>
              <ul className="grid gap-3 lg:grid-cols-2">{active.map(card)}</ul>
            </section>
          )}
          {stopped.length > 0 && (
            <section aria-labelledby="stopped-title">
              <h2 id="stopped-title" className="mb-2 text-xl font-semibold">
                Stopped
              </h2>
              <ul className="grid gap-3 opacity-90 lg:grid-cols-2">{stopped.map(card)}</ul>
            </section>
          )}
        </>
      )}
      {editing && (
        <MedicationFormDialog
          planId={planId}
          today={data.today}
          medication={editing === 'new' ? null : editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      {supplying && <SupplyDialog medication={supplying} open onOpenChange={(open) => !open && setSupplying(null)} />}
      <AlertDialog open={stopping !== null} onOpenChange={(open) => !open && setStopping(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Stop {stopping?.name}?</AlertDialogTitle>
          <AlertDialogDescription className="mt-2">
            No more doses will be expected from now on. Its records stay, and it is listed under “Stopped”.
          </AlertDialogDescription>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialogCancel asChild>
              <Button variant="secondary">Keep it</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button
                onClick={() =>
                  stopping &&
                  stop.mutate(stopping.id, {
                    onSuccess: () => toast.success('Medication stopped.'),
                    onError: (error) =>
                      toast.error(error instanceof ApiError ? error.message : 'The medication could not be stopped.'),
                  })
                }
              >
                Stop medication
              </Button>
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
