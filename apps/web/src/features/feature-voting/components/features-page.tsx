import { ThumbsUp } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import {
  FEATURE_CATEGORIES,
  FEATURE_CATEGORY_LABELS,
  upvoteAction,
  VOTE_MESSAGES,
  type FeatureSummary,
} from '@tavara/shared/feature-voting/feature-voting';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useAuth, useRequireAuth } from '@/lib/auth';
import { LOCAL_KEYS, localStore } from '@/lib/browser-storage';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useFeatures, useMyVotes, useVoteMutation } from '../api/features-api';
import { usePendingUpvote } from '../hooks/use-pending-upvote';
import { StatusBadge } from './status-badge';

function VoteButton({
  feature,
  voted,
  busy,
  onVote,
}: {
  feature: FeatureSummary;
  voted: boolean;
  busy: boolean;
  onVote: () => void;
}) {
  // The name is built from the visible words (WCAG 2.5.3): "Upvote 3 votes for Care Team Chat";
  // on phones only the count shows, and the word is still read.
  return (
    <button
      type="button"
      onClick={onVote}
      aria-pressed={voted}
      aria-disabled={busy || undefined}
      className={cn(
        'inline-flex min-h-11 shrink-0 items-center gap-2 self-start rounded-lg border px-3 font-semibold transition-colors aria-disabled:cursor-wait aria-disabled:opacity-70',
        voted
          ? 'border-brand bg-brand text-white hover:bg-brand-strong'
          : 'border-line-strong bg-surface text-ink hover:bg-brand-soft',
      )}
    >
      <ThumbsUp aria-hidden="true" className="size-5" />
      <span className="sr-only md:not-sr-only">{voted ? 'Voted' : 'Upvote'}</span>
      <span data-vote-count>{feature.voteCount}</span>
      <span className="sr-only">
        {feature.voteCount === 1 ? 'vote' : 'votes'} for {feature.title}
      </span>
    </button>
  );
}

/**
 * `/features` — spec §2 "Shape Our Future Features": the server's features grouped by category,
 * each with its status and vote count. Voting needs sign-in: signed out, the feature is kept as
 * the pending upvote and requireAuth sends the visitor to sign in; back here, it is processed.
 * A second press withdraws the vote.
 */
export function FeaturesPage() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const features = useFeatures();
  const myVotes = useMyVotes(userId);
  const vote = useVoteMutation(userId);
  const requireAuth = useRequireAuth();
  const { hash } = useLocation();
  usePendingUpvote();

  // A link to one feature (`/features#care-team-chat`, from the overview pages) scrolls to it.
  useEffect(() => {
    if (!hash || !features.data) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'center' });
  }, [hash, features.data]);

  const onVote = (feature: FeatureSummary, voted: boolean) => {
    if (vote.isPending) return;
    if (!userId) {
      localStore.set(LOCAL_KEYS.pendingFeatureUpvote, feature.id);
      requireAuth(upvoteAction(feature.title), '/features');
      return;
    }
    vote.mutate(
      { featureId: feature.id, withdraw: voted },
      {
        onSuccess: (result) => {
          if (voted) toast.success(VOTE_MESSAGES.withdrawn);
          else if (result.recorded) toast.success(VOTE_MESSAGES.recorded);
          else toast.info(VOTE_MESSAGES.alreadyVoted);
        },
        onError: (error) => toast.error(error instanceof ApiError ? error.message : VOTE_MESSAGES.failed),
      },
    );
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-4xl font-bold tracking-tight">Shape Our Future Features</h1>
      <p className="mt-3 text-lg text-ink-muted">
        Vote for the features you need most and follow them from planned to launched. One vote per feature; press again
        to take your vote back.
      </p>
      {!user && (
        <Notice tone="info" className="mt-6">
          You can browse without an account. Voting asks you to sign in first — your vote is counted as soon as you are
          back.
        </Notice>
      )}

      {features.isPending && (
        <div className="mt-8 space-y-3" role="status" aria-label="Loading features">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      )}
      {features.isError && (
        <Notice tone="error" role="alert" className="mt-8" title="The features could not load">
          {features.error instanceof ApiError ? features.error.message : 'Please refresh the page.'}
        </Notice>
      )}

      {features.data &&
        FEATURE_CATEGORIES.map((category) => {
          const inCategory = features.data.filter((f) => f.category === category);
          if (inCategory.length === 0) return null;
          const headingId = `category-${category}`;
          return (
            <section key={category} aria-labelledby={headingId} className="mt-10">
              <h2 id={headingId} className="text-2xl font-bold">
                {FEATURE_CATEGORY_LABELS[category]}
              </h2>
              <ul className="mt-4 flex flex-col gap-3">
                {inCategory.map((feature) => {
                  const voted = myVotes.data?.has(feature.id) ?? false;
                  const busy = vote.isPending && vote.variables.featureId === feature.id;
                  return (
                    <li
                      key={feature.id}
                      id={feature.id}
                      data-feature-id={feature.id}
                      className="flex scroll-mt-24 flex-col gap-3 rounded-card border border-line bg-surface p-5 sm:flex-row sm:items-start"
                    >
                      <div className="min-w-0 flex-1">
                        <div className="flex flex-wrap items-center gap-2">
                          <h3 className="text-lg font-semibold">{feature.title}</h3>
                          <StatusBadge status={feature.status} />
                        </div>
                        <p className="mt-1 text-ink-muted">{feature.description}</p>
                      </div>
                      <VoteButton feature={feature} voted={voted} busy={busy} onVote={() => onVote(feature, voted)} />
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
    </div>
  );
}
