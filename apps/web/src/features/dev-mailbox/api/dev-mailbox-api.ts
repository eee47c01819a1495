import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/lib/api-client';

/** New mail arrives while a developer waits for it: look again every few seconds. */
const MAILBOX_POLL_MS = 3_000;

/** The development outbox, newest first, optionally only the mail to `to`. 404 in production. */
export const mailboxQuery = (to: string | undefined) =>
  queryOptions({
    queryKey: ['dev-mailbox', { to }] as const,
    queryFn: () => unwrap(api.dev.mailbox.$get({ query: to ? { to } : {} })),
    refetchInterval: MAILBOX_POLL_MS,
    staleTime: 0,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
