import { ROLE_LABELS, isRole } from '@tavara/shared/roles';
import { SUPPORT_REQUEST_STATUS_LABELS, SUPPORT_REQUEST_STATUSES } from '@tavara/shared/support/contact-request.schema';
import { History } from 'lucide-react';
import { useState } from 'react';
import { type AuditEntry, useAuditLog } from '../api/admin-api';
import { formatDateTime, VIEWER_TIME_ZONE } from '@tavara/shared/time/format';
import { Pager } from './pager';
import { PanelEmpty, QueryPanel } from '@/components/query-panel';

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
    case 'user.two_factor_reset':
      return `reset two-factor sign-in of ${String(details.targetEmail)} (${String(details.reason)})`;
    case 'user.self_deleted':
      return `deleted their own account ${String(details.targetEmail)} (${roleName(details.role)})`;
    case 'support_request.status_changed':
      return `marked support request #${entry.targetId.slice(0, 8)} as ${statusName(details.to)}`;
    case 'training_certificate.revoked':
      return `revoked training certificate ${String(details.code)} (${String(details.reason)})`;
    case 'training_certificate.reissue_allowed':
      return `allowed a new training certificate after revoking ${String(details.code)}`;
    case 'notification_job.retried':
      return `retried failed notification e-mail #${entry.targetId}`;
    case 'legacy_story.hidden':
      return `hid legacy story #${entry.targetId.slice(0, 8)} (${String(details.reason)})`;
    case 'legacy_story.unhidden':
      return `showed legacy story #${entry.targetId.slice(0, 8)} again`;
    case 'board_post.hidden':
      return `hid message-board post #${entry.targetId.slice(0, 8)} (${String(details.reportsClosed)} reports closed)`;
    case 'board_post.restored':
      return `restored message-board post #${entry.targetId.slice(0, 8)}`;
    case 'board_post.reports_dismissed':
      return `dismissed ${String(details.reportsClosed)} reports of message-board post #${entry.targetId.slice(0, 8)}`;
    case 'professional_document.verified':
      return `verified document #${entry.targetId.slice(0, 8)} of a professional`;
    case 'professional_document.unverified':
      return `removed the verification of document #${entry.targetId.slice(0, 8)}`;
    case 'support_request.replied':
      return `replied to support request #${entry.targetId.slice(0, 8)}`;
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
                  {formatDateTime(entry.createdAt, VIEWER_TIME_ZONE)}
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
