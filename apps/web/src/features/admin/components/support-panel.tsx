import { getCodeLabel } from '@tavara/shared/codes/code-option';
import { CAREGIVER_SUPPORT_KIND_OPTIONS } from '@tavara/shared/caregiver-health/caregiver-support.schema';
import {
  SUPPORT_REQUEST_STATUS_LABELS,
  SUPPORT_REQUEST_STATUSES,
  type SupportRequestStatus,
} from '@tavara/shared/support/contact-request.schema';
import { Image, Inbox, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { useSupportRequests } from '../api/admin-api';
import { formatDateTime, VIEWER_TIME_ZONE } from '@tavara/shared/time/format';
import { Pager, usePageInRange } from './pager';
import { PanelEmpty, QueryPanel } from '@/components/query-panel';
import { SupportRequestDialog } from './support-request-dialog';
import { SupportStatusBadge } from './support-status-badge';

const FILTERS: Array<{ value: SupportRequestStatus | ''; label: string }> = [
  { value: '', label: 'All' },
  ...SUPPORT_REQUEST_STATUSES.map((status) => ({ value: status, label: SUPPORT_REQUEST_STATUS_LABELS[status] })),
];

/** The support inbox (issue 8): contact requests, newest first, filtered by status. */
export function SupportPanel() {
  const [filters, setFilters] = useState<{ status: SupportRequestStatus | ''; page: number }>({
    status: 'new',
    page: 1,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const requests = useSupportRequests(filters);
  usePageInRange(requests.data, filters.page, (page) => setFilters((f) => ({ ...f, page })));
  const counts = requests.data?.counts;

  const body = (
    <QueryPanel
      query={requests}
      loadingLabel="Loading support requests..."
      errorTitle="The support requests could not be loaded"
      isEmpty={(data) => data.requests.length === 0}
      empty={
        <PanelEmpty
          icon={<Inbox aria-hidden="true" className="size-8" />}
          title={
            filters.status
              ? `No ${SUPPORT_REQUEST_STATUS_LABELS[filters.status].toLowerCase()} requests`
              : 'No support requests yet'
          }
        >
          Requests sent with the Contact Support form appear here, with any screenshot and chat attached.
        </PanelEmpty>
      }
    >
      {(data) => (
        <>
          <ul className="flex flex-col gap-3">
            {data.requests.map((request) => (
              <li key={request.id}>
                {/* The whole card opens the request, but the button is the name (its ::after covers the
                    card): a name that is the visible text, not a label that contradicts it. */}
                <div className="relative flex w-full flex-col gap-2 rounded-card border border-line bg-surface p-4 text-left hover:border-brand has-[:focus-visible]:border-brand">
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <button
                      type="button"
                      onClick={() => setOpenId(request.id)}
                      className="text-left font-semibold break-words after:absolute after:inset-0 after:rounded-card"
                    >
                      {request.name}
                      <span className="sr-only">
                        , {SUPPORT_REQUEST_STATUS_LABELS[request.status]}: open the request
                      </span>
                    </button>
                    <SupportStatusBadge status={request.status} />
                  </span>
                  <span className="text-sm break-all text-ink-muted">
                    {request.email} · {formatDateTime(request.createdAt, VIEWER_TIME_ZONE)}
                    {request.kind &&
                      ` · Caregiver support: ${getCodeLabel(CAREGIVER_SUPPORT_KIND_OPTIONS, request.kind) ?? request.kind}`}
                    {request.preferredContact && ` · contact by ${request.preferredContact}`}
                  </span>
                  <span className="break-words">{request.message}</span>
                  {(request.hasScreenshot || request.hasChat) && (
                    <span className="flex flex-wrap gap-4 text-sm text-ink-muted">
                      {request.hasScreenshot && (
                        <span className="inline-flex items-center gap-1.5">
                          <Image aria-hidden="true" className="size-4" />
                          Screenshot
                        </span>
                      )}
                      {request.hasChat && (
                        <span className="inline-flex items-center gap-1.5">
                          <MessageSquare aria-hidden="true" className="size-4" />
                          Chat attached
                        </span>
                      )}
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <Pager
            label="Support request pages"
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </>
      )}
    </QueryPanel>
  );

  return (
    <section aria-labelledby="support-heading">
      <h2 id="support-heading" className="text-xl font-semibold">
        Support requests
      </h2>
      <div role="group" aria-label="Show requests" className="mt-4 mb-5 flex flex-wrap gap-2">
        {FILTERS.map((filter) => {
          const count = filter.value && counts ? counts[filter.value] : null;
          const active = filters.status === filter.value;
          return (
            <button
              key={filter.value || 'all'}
              type="button"
              aria-pressed={active}
              onClick={() => setFilters({ status: filter.value, page: 1 })}
              className={cn(
                'min-h-11 rounded-full border px-4 font-semibold',
                active
                  ? 'border-brand bg-brand text-white'
                  : 'border-line-strong bg-surface text-ink hover:bg-brand-soft',
              )}
            >
              {filter.label}
              {count !== null && ` (${count})`}
            </button>
          );
        })}
      </div>
      {body}
      {openId && <SupportRequestDialog id={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}
