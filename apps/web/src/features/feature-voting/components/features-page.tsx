import { ThumbsUp } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useEffect } from 'react';
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
 * The features by category. Its own memoised component (issue 23): the list arrives from the API
 * and then renders in a transition (`useDeferredValue` below), which React can slice, instead of
 * one synchronous render of every card — and when the page renders again for something the list
 * does not show (the first session check ending, a signed-out visitor staying signed out), the
 * cards are not rendered again.
 */
const FeatureList = memo(function FeatureList({
  features,
  votedIds,
  busyId,
  onVote,
  skipOffscreen,
}: {
  features: readonly FeatureSummary[];
  votedIds: ReadonlySet<string> | undefined;
  busyId: string | null;
  onVote: (feature: FeatureSummary, voted: boolean) => void;
  /** False when the page scrolls to one card: the cards above it then need their real heights. */
  skipOffscreen: boolean;
}) {
  return FEATURE_CATEGORIES.map((category) => {
    const inCategory = features.filter((f) => f.category === category);
    if (inCategory.length === 0) return null;
    const headingId = `category-${category}`;
    return (
      <section key={category} aria-labelledby={headingId} className="mt-10">
        <h2 id={headingId} className="text-2xl font-bold">
          {FEATURE_CATEGORY_LABELS[category]}
        </h2>
        <ul className="mt-4 flex flex-col gap-3">
          {inCategory.map((feature) => {
            const voted = votedIds?.has(feature.id) ?? false;
            return (
              <li
                key={feature.id}
                id={feature.id}
                data-feature-id={feature.id}
                // `feature-card` (styles.css): a card off screen is neither laid out nor painted.
                className={cn(
                  skipOffscreen && 'feature-card',
                  'flex scroll-mt-24 flex-col gap-3 rounded-card border border-line bg-surface p-5 sm:flex-row sm:items-start',
                )}
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-lg font-semibold">{feature.title}</h3>
                    <StatusBadge status={feature.status} />
                  </div>
                  <p className="mt-1 text-ink-muted">{feature.description}</p>
                </div>
                <VoteButton
                  feature={feature}
                  voted={voted}
                  busy={busyId === feature.id}
                  onVote={() => onVote(feature, voted)}
                />
              </li>
            );
          })}
        </ul>
      </section>
    );
  });
});

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
  // The query's store updates React synchronously: the list's first render, when it arrives,
  // goes through a deferred copy instead, so that update only keeps the skeleton and React renders
  // the cards in a transition it can slice — a phone's main thread is not held for the whole list
  // at once (issue 23). From then on the latest data shows at once, as before (a vote's count).
  const arrived = useDeferredValue(features.data) !== undefined;
  const list = arrived ? features.data : undefined;
  const myVotes = useMyVotes(userId);
  const vote = useVoteMutation(userId);
  const requireAuth = useRequireAuth();
  const { hash } = useLocation();
  usePendingUpvote();

  // A link to one feature (`/features#care-team-chat`, from the overview pages) scrolls to it.
  useEffect(() => {
    if (!hash || !list) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'center' });
  }, [hash, list]);

  const { isPending: votePending, mutate: mutateVote } = vote;
  // Stable while nothing it uses changes, so FeatureList's memo holds across renders of the page.
  const onVote = useCallback(
    (feature: FeatureSummary, voted: boolean) => {
      if (votePending) return;
      if (!userId) {
        localStore.set(LOCAL_KEYS.pendingFeatureUpvote, feature.id);
        requireAuth(upvoteAction(feature.title), '/features');
        return;
      }
      mutateVote(
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
    },
    [votePending, userId, requireAuth, mutateVote],
  );

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-4xl font-bold tracking-tight">Shape Our Future Features</h1>
      <p className="mt-3 text-lg text-ink-muted">
        Vote for the features you need most and follow them from planned to launched. One vote per feature; press again
        to take your vote back.
      </p>
      {/* The prerendered page is the signed-out one: signed in, a note of the same size takes its
          place, so the list below does not jump up as the session is found (issue 31, layout shift). */}
      <Notice tone="info" className="mt-6">
        {user
          ? 'Your votes are saved to your account, and you can change them at any time: press a vote again to take it back.'
          : 'You can browse without an account. Voting asks you to sign in first — your vote is counted as soon as you are back.'}
      </Notice>

      {/* Until the deferred list has rendered, not only while the request runs: no empty gap between. */}
      {!list && !features.isError && (
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

      {list && (
        <FeatureList
          features={list}
          votedIds={myVotes.data}
          busyId={vote.isPending ? vote.variables.featureId : null}
          onVote={onVote}
          skipOffscreen={!hash}
        />
      )}
    </div>
  );
}
