import { Pill } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DoseDayView } from './dose-day';

/** The plan's doses for a day, recorded by the team member (issue 17). */
export function AssignmentMedications({ planId }: { planId: string }) {
  const [date, setDate] = useState<string | undefined>(undefined);
  return (
    <section aria-labelledby="medications-title" className="rounded-card border border-line bg-surface p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="medications-title" className="flex items-center gap-2 text-xl font-semibold">
          <Pill aria-hidden="true" className="size-5 text-professional" /> Medications
        </h2>
        <Link
          to={`/family/care-management/${planId}/medications?tab=medications`}
          className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
        >
          All medications and adherence
        </Link>
      </div>
      <DoseDayView planId={planId} date={date} setDate={setDate} />
    </section>
  );
}
