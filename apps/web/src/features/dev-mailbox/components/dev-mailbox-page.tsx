import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Inbox, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '@tavara/shared/product';
import { formatTimestamp, VIEWER_TIME_ZONE } from '@tavara/shared/time/format';
import { NotFoundPanel } from '@/components/errors/not-found-panel';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { mailboxQuery } from '../api/dev-mailbox-api';

/**
 * /dev/mailbox: the development outbox (every e-mail the server would have sent, newest first)
 * with each mail's links clickable, so a developer or a browser test can follow a confirmation
 * or reset link. The API answers 404 in production; then this is the not-found page.
 */
export function DevMailboxPage() {
  const [params] = useSearchParams();
  const to = params.get('to') ?? undefined;
  const mailbox = useQuery(mailboxQuery(to));
  const missing = mailbox.error instanceof ApiError && mailbox.error.status === 404;

  useEffect(() => {
    // The route is outside the spec's table, so the layout titles it 'Page not found'.
    if (mailbox.data) document.title = `Development mailbox · ${PRODUCT_NAME}`;
  }, [mailbox.data]);

  if (missing) return <NotFoundPanel />;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Development mailbox</h1>
          <p className="mt-2 text-ink-muted">
            E-mails the server would have sent{to ? ` to ${to}` : ''}, newest first. Only in development: production
            sends real e-mail.
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void mailbox.refetch()}
          aria-disabled={mailbox.isFetching || undefined}
        >
          <RefreshCw aria-hidden="true" className="size-5" />
          Refresh
        </Button>
      </div>

      <div className="mt-8">
        {mailbox.isPending && <p role="status">Loading the mailbox...</p>}
        {mailbox.error && !missing && (
          <Notice tone="error" role="alert" title="The mailbox could not be loaded">
            {mailbox.error.message}
          </Notice>
        )}
        {mailbox.data?.messages.length === 0 && (
          <div className="rounded-card border border-dashed border-line bg-surface p-8 text-center text-ink-muted">
            <Inbox aria-hidden="true" className="mx-auto mb-3 size-10" />
            No e-mails yet. Sign up or ask for a password reset and they appear here.
          </div>
        )}
        {mailbox.data && mailbox.data.messages.length > 0 && (
          <ol className="flex flex-col gap-4" aria-label="E-mails, newest first">
            {mailbox.data.messages.map((mail) => (
              <li key={mail.id}>
                <article
                  aria-labelledby={`mail-${mail.id}`}
                  className="rounded-card border border-line bg-surface p-5 shadow-sm"
                >
                  <h2 id={`mail-${mail.id}`} className="text-lg font-semibold">
                    {mail.subject}
                  </h2>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-ink-muted">
                    <dt>To</dt>
                    <dd className="wrap-anywhere text-ink">{mail.to}</dd>
                    <dt>Sent</dt>
                    <dd className="text-ink">
                      <time dateTime={mail.createdAt}>{formatTimestamp(mail.createdAt, VIEWER_TIME_ZONE)}</time>
                    </dd>
                  </dl>
                  {mail.links.length > 0 && (
                    <ul className="mt-3 flex flex-col gap-1" aria-label="Links in this e-mail">
                      {mail.links.map((href) => (
                        <li key={href}>
                          <a
                            href={href}
                            className="inline-flex min-h-11 items-start gap-2 py-2 font-semibold wrap-anywhere text-brand underline underline-offset-4"
                          >
                            <ExternalLink aria-hidden="true" className="mt-1 size-4 shrink-0" />
                            {href}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                  <details className="mt-3">
                    <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold">
                      Show the message
                    </summary>
                    <pre className="mt-2 overflow-x-auto rounded-lg bg-canvas p-3 text-sm whitespace-pre-wrap">
                      {mail.text}
                    </pre>
                  </details>
                </article>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
