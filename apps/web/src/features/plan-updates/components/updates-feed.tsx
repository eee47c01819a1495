import { useInfiniteQuery } from '@tanstack/react-query';
import { Newspaper, PenLine } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/domain/care-plans/care-ui';
import { feedQuery, type FeedUpdate } from '../api/plan-updates-api';
import { UpdateCard } from './update-card';
import { UpdateComposer } from './update-composer';

/**
 * A plan's updates feed (issue 30, item 4), on the circle page: newest first, twenty at a time,
 * with the composer for the family and the team.
 */
export function UpdatesFeed({ planId, zone }: { planId: string; zone: string }) {
  const feed = useInfiniteQuery(feedQuery(planId));
  const [composing, setComposing] = useState(false);
  const [editing, setEditing] = useState<FeedUpdate | null>(null);
  const you = feed.data?.pages[0]?.you;
  const updates = feed.data?.pages.flatMap((p) => p.updates) ?? [];
  // Reached by "Updates" from the plan or the assignment (…#updates): shown once it has loaded.
  const loaded = !feed.isPending;
  useEffect(() => {
    if (loaded && window.location.hash === '#updates') document.getElementById('updates')?.scrollIntoView();
  }, [loaded]);
  return (
    <section id="updates" aria-labelledby="updates-title" className="flex scroll-mt-20 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="updates-title" className="text-xl font-semibold">
          Updates
        </h2>
        {you?.canPost && (
          <Button onClick={() => setComposing(true)}>
            <PenLine aria-hidden="true" className="size-5" /> Post an update
          </Button>
        )}
      </div>
      {feed.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Loading updates...</span>
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : feed.isError && updates.length === 0 ? (
        <LoadError
          title="The updates could not load"
          error={feed.error}
          onRetry={() => void feed.refetch()}
          retrying={feed.isFetching}
        />
      ) : updates.length === 0 ? (
        <div className="rounded-card border border-dashed border-line-strong bg-surface p-6 text-center">
          <Newspaper aria-hidden="true" className="mx-auto size-10 text-community" />
          {you?.canPost ? (
            <>
              <p className="mt-2 font-semibold">No updates yet.</p>
              <p className="text-ink-muted">
                Share how things are going — “Mum had a good night” — with a photo or two.
              </p>
              <Button className="mt-4" onClick={() => setComposing(true)}>
                Post the first update
              </Button>
            </>
          ) : (
            <>
              <p className="mt-2 font-semibold">No updates yet.</p>
              <p className="text-ink-muted">
                When the family or the team shares news, it appears here and you are told.
              </p>
            </>
          )}
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-4">
            {updates.map((u) => (
              <UpdateCard key={u.id} update={u} zone={zone} canReact={you?.canReact ?? false} onEdit={setEditing} />
            ))}
          </div>
          {feed.hasNextPage && (
            <Button
              variant="secondary"
              className="self-center"
              aria-disabled={feed.isFetchingNextPage || undefined}
              onClick={() => !feed.isFetchingNextPage && void feed.fetchNextPage()}
            >
              {feed.isFetchingNextPage ? 'Loading older updates...' : 'Show older updates'}
            </Button>
          )}
          {feed.isFetchNextPageError && (
            <p role="alert" className="text-center text-danger">
              The older updates could not load. Please try again.
            </p>
          )}
        </>
      )}
      {you?.canPost && <UpdateComposer planId={planId} open={composing} onOpenChange={setComposing} />}
      {editing && (
        <UpdateComposer
          key={editing.id}
          planId={planId}
          open
          editing={editing}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
    </section>
  );
}
