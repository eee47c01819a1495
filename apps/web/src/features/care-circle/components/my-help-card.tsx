import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { HELP_KIND_LABELS } from '@tavara/shared/care-circle/circle-codes';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { helpTasksQuery } from '../api/care-circle-api';
import { helpWindow } from './help-request-card';

/** The help the signed-in person signed up for, soonest first (their circles page and dashboard). */
export function MyHelpList() {
  const tasks = useQuery(helpTasksQuery());
  const { role } = useAuth();
  if (tasks.isPending)
    return (
      <div role="status">
        <span className="sr-only">Loading your help...</span>
        <Skeleton className="h-20 w-full" />
      </div>
    );
  if (tasks.isError)
    return (
      <p role="alert" className="text-danger">
        Your help could not load. Check your connection and try again.
      </p>
    );
  if (tasks.data.tasks.length === 0)
    return (
      <p className="text-ink-muted">
        {/* A community member's next step is usually the requests shared with their regions
            (the card beside this one on their dashboard); anyone else's, the circles they are in. */}
        {role === 'community'
          ? 'You have not signed up to help yet. Offer to help with a request near you, or open a circle you belong to.'
          : 'You have not signed up to help yet. Open one of your circles to see what is needed.'}
      </p>
    );
  return (
    <ul className="flex flex-col gap-2">
      {tasks.data.tasks.map((task) => (
        <li key={task.signupId}>
          <Link
            // A community member's accepted offer: they are not in the circle; its card is on their dashboard.
            to={task.fromCommunity ? '/dashboard/community#your-offers' : `/circle/${task.planId}`}
            className="flex min-h-11 flex-col rounded-lg border border-line bg-surface p-3 hover:border-brand"
          >
            <span className="font-semibold break-words">
              {task.title} <span className="font-normal text-ink-muted">· {HELP_KIND_LABELS[task.kind]}</span>
            </span>
            <span>{helpWindow(task.start, task.end, task.timeZone)}</span>
            {task.place && (
              <span className="flex items-start gap-1 text-ink-muted">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> {task.place}
              </span>
            )}
            {!task.fromCommunity && <span className="text-sm text-ink-muted">For {task.planTitle}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The dashboard's card: the person's own help, and the way to their circles. */
export function MyHelpCard() {
  return (
    <section
      aria-labelledby="my-help-card"
      className="flex flex-col gap-3 rounded-card border border-line bg-surface p-5"
    >
      <h2 id="my-help-card" className="text-xl font-semibold">
        Your help
      </h2>
      <MyHelpList />
      <Link to="/circles" className="inline-flex min-h-11 items-center font-semibold text-brand underline">
        Your care circles
      </Link>
    </section>
  );
}
