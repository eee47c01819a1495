import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useUnsubscribe, useUnsubscribeInfo } from '../api/notifications-api';
import { NOTIFICATION_SETTINGS_PATH } from './notification-bell';

const INVALID = 'This unsubscribe link does not work. Open your notification settings instead.';

/**
 * /notifications/unsubscribe?token= (issue 18): the page an e-mail's "Stop these e-mails" link
 * opens, signed in or not. It asks before changing anything — link scanners open links — and
 * then stops e-mail for that one kind; mail apps use the one-click header instead (RFC 8058).
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe();

  let body;
  if (!token || info.isError) {
    body = (
      <Notice tone="error" role="alert" title="This link does not work">
        <p>{info.error instanceof ApiError ? info.error.message : INVALID}</p>
      </Notice>
    );
  } else if (info.isPending) {
    body = (
      <div role="status">
        <span className="sr-only">Checking the link...</span>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (unsubscribe.isSuccess) {
    body = (
      <Notice tone="success" role="status" title="You are unsubscribed">
        <p>
          You will not get e-mails about “{info.data.label}” any more. They still appear under the bell when you sign
          in.
        </p>
      </Notice>
    );
  } else {
    body = (
      <section className="rounded-card border border-line bg-surface p-6 shadow-sm">
        <p className="text-lg">
          Stop e-mails about <strong>{info.data.label}</strong>?
        </p>
        {unsubscribe.isError && (
          <p role="alert" className="mt-3 text-danger">
            {unsubscribe.error instanceof ApiError ? unsubscribe.error.message : 'That did not work. Please try again.'}
          </p>
        )}
        <Button
          className="mt-4"
          aria-disabled={unsubscribe.isPending || undefined}
          onClick={() => !unsubscribe.isPending && unsubscribe.mutate(token)}
        >
          {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
        </Button>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-10">
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <MailX aria-hidden="true" className="size-8 text-brand" />
        Unsubscribe
      </h1>
      <div className="mt-6">{body}</div>
      <p className="mt-6">
        <Link to={NOTIFICATION_SETTINGS_PATH} className="font-semibold text-brand underline underline-offset-4">
          Choose which e-mails you get
        </Link>
      </p>
    </div>
  );
}
