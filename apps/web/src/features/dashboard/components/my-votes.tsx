import { ThumbsUp } from 'lucide-react';
import { Link } from 'react-router';
import { FEATURE_STATUS_LABELS } from '@tavara/shared/feature-voting/feature-voting';
import type { DashboardVote } from '@tavara/shared/dashboard/dashboard';
import { featureVotePath } from '../dashboard-links';

const linkClass = 'inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline';

/** The features this user voted for, each linking to it on the features page; or the way to vote. */
export function MyVotes({ votes }: { votes: readonly DashboardVote[] }) {
  return (
    <section aria-labelledby="votes-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
      <h2 id="votes-heading" className="flex items-center gap-2 text-xl font-bold">
        <ThumbsUp aria-hidden="true" className="size-5 text-brand" />
        Your feature votes
      </h2>
      {votes.length === 0 ? (
        <>
          <p className="mt-2 text-ink-muted">
            You have not voted yet. Tell us which features you need most — we build the most wanted first.
          </p>
          <Link to="/features" className={linkClass}>
            See the features and vote
          </Link>
        </>
      ) : (
        <>
          <p className="mt-2 text-ink-muted">
            You voted for {votes.length === 1 ? 'one feature' : `${votes.length} features`}. We will tell you as they
            move from planned to launched.
          </p>
          <ul className="mt-3 divide-y divide-line" aria-label="Features you voted for">
            {votes.map((vote) => (
              <li key={vote.id} className="flex flex-wrap items-center justify-between gap-x-3 py-1">
                <Link to={featureVotePath(vote.id)} className={linkClass}>
                  {vote.title}
                </Link>
                <span className="text-sm text-ink-muted">{FEATURE_STATUS_LABELS[vote.status]}</span>
              </li>
            ))}
          </ul>
          <Link to="/features" className={linkClass}>
            Change your votes
          </Link>
        </>
      )}
    </section>
  );
}
