import { ROLE_LABELS, isRole } from '@tavara/shared/roles';
import { SUPPORT_REQUEST_STATUS_LABELS, SUPPORT_REQUEST_STATUSES } from '@tavara/shared/support/contact-request.schema';
import { History } from 'lucide-react';
import { useState } from 'react';
import { type AuditEntry, useAuditLog } from '../api/admin-api';
import { formatDateTime } from './admin-format';
import { Pager } from './pager';
import { PanelEmpty, QueryPanel } from './panel-states';

const roleName = (value: unknown) => (isRole(value) ? ROLE_LABELS[value] : String(value));
const statusName = (value: unknown) =>
  (SUPPORT_REQUEST_STATUSES as readonly unknown[]).includes(value)
    ? SUPPORT_REQUEST_STATUS_LABELS[value as (typeof SUPPORT_REQUEST_STATUSES)[number]]
    : String(value);

/** One entry in words an admin reads at a glance. */
export function describeAuditEntry(entry: AuditEntry): string {
  const { details } = entry;
  switch (entry.action) {
    case 'user.role_changed':
      return `changed the role of ${String(details.targetEmail)} from ${roleName(details.from)} to ${roleName(details.to)}`;
    case 'user.deleted':
      return `deleted the account ${String(details.targetEmail)} (${roleName(details.role)})`;
    case 'support_request.status_changed':
      return `marked support request #${entry.targetId.slice(0, 8)} as ${statusName(details.to)}`;
    default:
      return `${String(entry.action)} on ${entry.targetType} ${entry.targetId}`;
  }
}

/** The audit log (issue 8): every admin action, newest first. */
export function AuditLogPanel() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const body = (
    <QueryPanel
      query={log}
      loadingLabel="Loading the audit log..."
      errorTitle="The audit log could not be loaded"
      isEmpty={(data) => data.entries.length === 0}
      empty={
        <PanelEmpty icon={<History aria-hidden="true" className="size-8" />} title="No admin actions yet">
          Role changes, deleted accounts and support request updates will be listed here.
        </PanelEmpty>
      }
    >
      {(data) => (
        <>
          <ol className="flex flex-col divide-y divide-line rounded-card border border-line bg-surface">
            {data.entries.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
                <time dateTime={entry.createdAt} className="shrink-0 text-sm text-ink-muted sm:w-44">
                  {formatDateTime(entry.createdAt)}
                </time>
                <p className="min-w-0 break-words">
                  <span className="font-semibold">{entry.actorEmail}</span> {describeAuditEntry(entry)}
                </p>
              </li>
            ))}
          </ol>
          <Pager
            label="Audit log pages"
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={setPage}
          />
        </>
      )}
    </QueryPanel>
  );
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="text-xl font-semibold">
        Audit log
      </h2>
      <p className="mt-1 mb-4 text-ink-muted">Every change made in the admin area, who made it and when.</p>
      {body}
    </section>
  );
}
