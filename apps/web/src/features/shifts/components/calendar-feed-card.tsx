import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Copy, Link2Off } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { calendarFeedQuery, useCreateFeed, useRevokeFeed } from '../api/shifts-api';
import { failedWith, LoadError } from '@/domain/care-plans/care-ui';

/**
 * The person's private calendar link (.ics): a professional's own shifts, a family's shifts of the
 * plans they organise. The same card on both sides; only the words about what it holds differ.
 */
export function CalendarFeedCard({ audience }: { audience: 'professional' | 'family' }) {
  const feed = useQuery(calendarFeedQuery());
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const [url, setUrl] = useState<string | null>(null);
  const busy = create.isPending || revoke.isPending;
  const holds =
    audience === 'family'
      ? 'the shifts of the care plans you organise, including the ones nobody has taken yet'
      : 'your shifts';
  return (
    <section aria-labelledby="feed-title" className="rounded-card border border-line bg-surface p-5">
      <h2 id="feed-title" className="flex items-center gap-2 text-xl font-semibold">
        <CalendarDays
          aria-hidden="true"
          className={cn('size-5', audience === 'family' ? 'text-family' : 'text-professional')}
        />
        {audience === 'family' ? 'Care shifts in your phone’s calendar' : 'Your shifts in your phone’s calendar'}
      </h2>
      <p className="mt-2 text-ink-muted">
        A private link for Google, Apple or Outlook calendars with {holds}. Each event carries the plan’s title, so
        anyone with the link sees it: keep the link to yourself. You can turn it off at any time.
      </p>
      {feed.isPending ? (
        <div role="status" className="mt-4">
          <span className="sr-only">Checking your calendar link...</span>
          <Skeleton className="h-11 w-56" />
        </div>
      ) : feed.isError ? (
        <div className="mt-4">
          <LoadError
            title="Your calendar link could not load"
            error={feed.error}
            onRetry={() => void feed.refetch()}
            retrying={feed.isFetching}
          />
        </div>
      ) : (
        <>
          {feed.data.active && !url && (
            <p className="mt-3 font-medium">
              Your link is on. It is shown only when made; make a new one if you need it again.
            </p>
          )}
          {url && (
            <div className="mt-3 flex flex-col gap-2">
              <label htmlFor="feed-url" className="font-semibold">
                Your calendar link (shown once)
              </label>
              <input
                id="feed-url"
                readOnly
                value={url}
                className="min-h-11 w-full rounded-lg border border-line-strong px-3"
                onFocus={(e) => e.target.select()}
              />
              <Button
                size="sm"
                variant="secondary"
                className="self-start"
                onClick={() =>
                  void navigator.clipboard?.writeText(url).then(
                    () => toast.success('Link copied.'),
                    () => toast.error('Copy the link by hand.'),
                  )
                }
              >
                <Copy aria-hidden="true" className="size-4" /> Copy link
              </Button>
            </div>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              size="sm"
              aria-disabled={busy || undefined}
              onClick={() =>
                !busy &&
                create.mutate(undefined, {
                  onSuccess: (r) => setUrl(r.url),
                  onError: failedWith('The link could not be made.'),
                })
              }
            >
              {create.isPending
                ? 'Making the link...'
                : feed.data.active
                  ? 'Make a new link (the old one stops)'
                  : 'Make my calendar link'}
            </Button>
            {feed.data.active && (
              <Button
                size="sm"
                variant="secondary"
                aria-disabled={busy || undefined}
                onClick={() =>
                  !busy &&
                  revoke.mutate(undefined, {
                    onSuccess: () => {
                      setUrl(null);
                      toast.success('The calendar link is off.');
                    },
                    onError: failedWith('That did not work.'),
                  })
                }
              >
                <Link2Off aria-hidden="true" className="size-4" />{' '}
                {revoke.isPending ? 'Turning it off...' : 'Turn the link off'}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
