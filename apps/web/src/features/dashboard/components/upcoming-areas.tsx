import { Construction, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router';
import { UPCOMING_AREAS } from '@tavara/shared/dashboard/dashboard';
import type { PublicRole } from '@tavara/shared/roles';
import { featureVotePath } from '../dashboard-links';

/**
 * The parts of this role's dashboard that are not built yet, said plainly, each with the feature
 * to vote for. `votedIds`: the user's votes, to say which they already asked for.
 */
export function UpcomingAreas({ role, votedIds }: { role: PublicRole; votedIds?: ReadonlySet<string> }) {
  return (
    <section aria-labelledby="upcoming-heading">
      <h2 id="upcoming-heading" className="text-2xl font-bold">
        Not built yet
      </h2>
      <p className="mt-1 text-ink-muted">
        These parts of the {role} dashboard do not exist yet. Vote for the ones you need, and we will build the most
        wanted first.
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {UPCOMING_AREAS[role].map((area) => (
          <li
            key={area.title}
            className="flex flex-col rounded-card border border-dashed border-line-strong bg-surface p-5"
          >
            <h3 className="text-lg font-semibold">{area.title}</h3>
            <span className="mt-1 inline-flex items-center gap-1 self-start rounded-full border border-line-strong bg-canvas px-2.5 py-0.5 text-sm font-semibold text-ink-muted">
              <Construction aria-hidden="true" className="size-4" />
              Not built yet
            </span>
            <p className="mt-2 flex-1 text-ink-muted">{area.description}</p>
            {area.featureId ? (
              <Link
                to={featureVotePath(area.featureId)}
                className="mt-3 inline-flex min-h-11 items-center gap-2 self-start font-semibold text-brand underline-offset-4 hover:underline"
              >
                <ThumbsUp aria-hidden="true" className="size-5" />
                {votedIds?.has(area.featureId) ? 'You voted for' : 'Vote for'} {area.title.toLowerCase()}
              </Link>
            ) : (
              <p className="mt-3 text-sm text-ink-muted">Not on the vote list yet.</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
