import { getCodeLabel } from '@tavara/shared/codes/code-option';
import { TT_REGION_OPTIONS } from '@tavara/shared/codes/tt-region-options';
import { ShieldCheck } from 'lucide-react';
import { PanelEmpty, QueryPanel } from '@/components/query-panel';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { type ModerationItem, useModeratePost, useModerationQueue } from '../api/admin-api';
import { formatDateTime, VIEWER_TIME_ZONE } from '@tavara/shared/time/format';

const BOARD_NAMES = { family: 'Family board', professional: 'Professional board' } as const;

function QueueItem({ item }: { item: ModerationItem }) {
  const moderate = useModeratePost();
  // mutateAsync, not mutate's callbacks: the item leaves the queue (unmounts) when the queue
  // refreshes, and a finished mutation's per-call callbacks would then never run.
  const act = async (action: 'hide' | 'restore' | 'dismiss', done: string) => {
    try {
      await moderate.mutateAsync({ id: item.post.id, action });
      toast.success(done);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'That did not work. Please try again.');
    }
  };
  const busy = moderate.isPending || undefined;
  return (
    <li className="rounded-card border border-line bg-surface p-4">
      <p className="text-sm text-ink-muted">
        {BOARD_NAMES[item.post.board]} · {getCodeLabel(TT_REGION_OPTIONS, item.post.region) ?? item.post.region} ·{' '}
        {item.post.author.name} · {formatDateTime(item.post.createdAt, VIEWER_TIME_ZONE)}
        {item.post.hidden && ' · hidden'}
      </p>
      <h3 className="mt-1 text-lg font-semibold">{item.post.title}</h3>
      <p className="mt-1 break-words whitespace-pre-line">{item.post.details}</p>
      <h4 className="mt-3 font-semibold">
        {item.reports.length} {item.reports.length === 1 ? 'report' : 'reports'}
      </h4>
      <ul className="mt-1 list-disc pl-5 text-ink-muted">
        {item.reports.map((report, i) => (
          <li key={i}>
            “{report.reason}” · {formatDateTime(report.createdAt, VIEWER_TIME_ZONE)}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        {item.post.hidden ? (
          <Button
            variant="secondary"
            aria-disabled={busy}
            onClick={() => void act('restore', 'The post is visible again.')}
          >
            Restore
          </Button>
        ) : (
          <Button aria-disabled={busy} onClick={() => void act('hide', 'The post is hidden from the board.')}>
            Hide post
          </Button>
        )}
        <Button
          variant="secondary"
          aria-disabled={busy}
          onClick={() => void act('dismiss', 'The reports were dismissed.')}
        >
          Dismiss reports
        </Button>
      </div>
    </li>
  );
}

/** Reported message-board posts (issue 20): hide, restore or dismiss; each action is audited. */
export function ModerationPanel() {
  const queue = useModerationQueue();
  return (
    <section aria-labelledby="moderation-title">
      <h2 id="moderation-title" className="mb-4 text-2xl font-semibold">
        Reported posts
      </h2>
      <QueryPanel
        query={queue}
        loadingLabel="Loading reported posts..."
        errorTitle="The reported posts could not be loaded"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <PanelEmpty icon={<ShieldCheck aria-hidden="true" className="size-8" />} title="Nothing to review">
            Posts people report on the message boards appear here.
          </PanelEmpty>
        }
      >
        {(data) => (
          <ul className="flex flex-col gap-3">
            {data.items.map((item) => (
              <QueueItem key={item.post.id} item={item} />
            ))}
          </ul>
        )}
      </QueryPanel>
    </section>
  );
}
