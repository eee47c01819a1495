import { BellRing, CheckCircle2, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useNotificationQueue, useRetryNotificationJob, type NotificationQueue } from '../api/admin-api';
import { PanelEmpty, QueryPanel } from '@/components/query-panel';
import { CARE_TIME_ZONE, formatDateTime } from '@tavara/shared/time/format';

const STATUS_LABELS: Array<[keyof NotificationQueue['counts'] | 'due', string]> = [
  ['due', 'Due now'],
  ['queued', 'Waiting (incl. quiet hours, digests)'],
  ['running', 'Sending'],
  ['failed', 'Failed'],
  ['sent', 'Sent'],
  ['skipped', 'Not needed'],
];

/** Queue times in Trinidad and Tobago's zone, where the e-mails' quiet hours and digests are set. */
const when = (iso: string) => formatDateTime(iso, CARE_TIME_ZONE);

/**
 * The notification queue for admins (issue 18): how many e-mails wait, are due, failed or went
 * out, and each failure with its last error and a Retry button (audited on the server).
 */
export function NotificationQueuePanel() {
  const queue = useNotificationQueue();
  const retry = useRetryNotificationJob();
  return (
    <section aria-labelledby="queue-title" className="flex flex-col gap-4">
      <h2 id="queue-title" className="text-2xl font-bold">
        Notification e-mails
      </h2>
      <QueryPanel
        query={queue}
        loadingLabel="Loading the notification queue..."
        errorTitle="The queue could not be loaded"
      >
        {(data) => (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {STATUS_LABELS.map(([key, label]) => (
                <div key={key} className="rounded-card border border-line bg-surface p-4">
                  <dt className="text-ink-muted">{label}</dt>
                  <dd className="text-2xl font-bold tabular-nums">{key === 'due' ? data.due : data.counts[key]}</dd>
                </div>
              ))}
            </dl>
            {data.oldestDueAt && <p className="text-ink-muted">Oldest due since {when(data.oldestDueAt)}.</p>}
            <h3 className="mt-2 text-xl font-bold">Failures</h3>
            {data.failures.length === 0 ? (
              <PanelEmpty icon={<CheckCircle2 aria-hidden="true" className="size-6" />} title="No failed e-mails">
                Every notification e-mail so far was sent or is on its way.
              </PanelEmpty>
            ) : (
              <ul className="flex flex-col gap-3">
                {data.failures.map((job) => (
                  <li
                    key={job.id}
                    className="flex flex-col gap-2 rounded-card border border-line bg-surface p-4 sm:flex-row sm:items-start sm:justify-between"
                  >
                    <div className="min-w-0">
                      <p className="font-semibold">
                        <BellRing aria-hidden="true" className="mr-2 inline size-5 text-danger" />
                        {job.label} to <span className="break-all">{job.recipient}</span>
                      </p>
                      <p className="mt-1 text-sm text-ink-muted">
                        #{job.id} · {job.attempts} attempts · failed {when(job.failedAt)}
                      </p>
                      <p className="mt-2 rounded-lg bg-danger-soft p-2 font-mono text-sm break-words text-danger">
                        {job.lastError ?? 'No error recorded'}
                      </p>
                    </div>
                    <Button
                      variant="secondary"
                      size="sm"
                      className="shrink-0"
                      aria-disabled={retry.isPending || undefined}
                      aria-label={`Retry e-mail #${job.id}`}
                      onClick={() => !retry.isPending && retry.mutate(job.id)}
                    >
                      <RotateCw aria-hidden="true" className="size-4" />
                      Retry
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryPanel>
    </section>
  );
}
