import { Bell, CircleCheck, Settings } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { NotificationItem } from '@tavara/shared/notifications/notifications';
import { formatAgo } from '@tavara/shared/time/relative';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useMarkAllRead, useMarkRead, useNotificationList, useUnreadCount } from '../api/notifications-api';
import { timeAgo } from './time-ago';

export const NOTIFICATION_SETTINGS_PATH = '/settings/notifications';

function countLabel(n: number) {
  return n === 0 ? 'Notifications, none unread' : `Notifications, ${n} unread`;
}

/**
 * The bell in the navigation bar (issue 18): the unread count, polled cheaply, and a panel of
 * the newest notifications with links. Opening one marks it read and goes to the thing; "Mark
 * all as read" clears the count. Radix Popover: Escape and a click outside close it, focus
 * returns to the bell.
 */
export default function NotificationBell() {
  const [open, setOpen] = useState(false);
  const count = useUnreadCount();
  const unread = count.data?.unread ?? 0;
  const shown = unread > 99 ? '99+' : String(unread);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="ghost" className="relative w-11 shrink-0 px-0!" aria-label={countLabel(unread)}>
          <Bell aria-hidden="true" className="size-6 shrink-0" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="unread-badge"
              className="absolute top-1 right-0.5 min-w-5 rounded-full bg-danger px-1 text-center text-xs leading-5 font-bold text-white"
            >
              {shown}
            </span>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 flex max-h-[min(32rem,80dvh)] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border border-line bg-surface shadow-lg"
        >
          {open && <NotificationPanel unread={unread} onClose={() => setOpen(false)} />}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationPanel({ unread, onClose }: { unread: number; onClose: () => void }) {
  const list = useNotificationList(true);
  // "Due N minutes ago" as of when the list was read (the panel refetches each time it opens).
  const now = list.dataUpdatedAt;
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const navigate = useNavigate();

  const open = (item: NotificationItem) => {
    if (!item.readAt) {
      markRead.mutate(item.id, {
        onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Could not mark it as read.'),
      });
    }
    onClose();
    void navigate(item.link);
  };

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-2">
        <h2 className="text-lg font-bold">Notifications</h2>
        <Button
          variant="link"
          size="sm"
          aria-disabled={unread === 0 || markAll.isPending || undefined}
          onClick={() => {
            if (unread === 0 || markAll.isPending) return;
            markAll.mutate(undefined, {
              onError: (error) =>
                toast.error(error instanceof ApiError ? error.message : 'Could not mark them as read.'),
            });
          }}
        >
          Mark all as read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <div role="status" className="flex flex-col gap-3 p-4">
            <span className="sr-only">Loading notifications...</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : list.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 p-4">
            <p>{list.error instanceof ApiError ? list.error.message : 'Your notifications could not be loaded.'}</p>
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data.items.length === 0 ? (
          <p className="p-6 text-center text-ink-muted">You have no notifications yet.</p>
        ) : (
          <ul className="divide-y divide-line">
            {list.data.items.map((item) => (
              <li key={item.id}>
                <a
                  href={item.link}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                    event.preventDefault();
                    open(item);
                  }}
                  className={cn(
                    'flex min-h-11 gap-3 px-4 py-3 hover:bg-brand-soft focus-visible:bg-brand-soft',
                    !item.readAt && 'bg-brand-soft/40',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn('mt-2 size-2.5 shrink-0 rounded-full', item.readAt ? 'bg-transparent' : 'bg-brand')}
                  />
                  <span className="flex min-w-0 flex-col gap-0.5">
                    <span className={cn('break-words', !item.readAt && 'font-semibold')}>
                      {!item.readAt && <span className="sr-only">Unread: </span>}
                      {item.title}
                    </span>
                    {item.body && <span className="text-sm break-words text-ink-muted">{item.body}</span>}
                    {item.resolution ? (
                      // The cause went away (issue 28): said plainly, so an old alert never looks current.
                      <span className="flex items-center gap-1 text-sm font-semibold text-success">
                        <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
                        Resolved: {item.resolution}
                      </span>
                    ) : (
                      item.eventAt && (
                        <span className="text-sm text-ink">
                          {item.kind === 'shift_not_checked_in' ? 'Started' : 'Due'} {formatAgo(item.eventAt, now)}
                        </span>
                      )
                    )}
                    <span className="text-sm text-ink-muted">{timeAgo(item.createdAt)}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-line px-2 py-1">
        <Link
          to={NOTIFICATION_SETTINGS_PATH}
          onClick={onClose}
          className="flex min-h-11 items-center gap-2 rounded-lg px-2 font-semibold text-brand hover:bg-brand-soft"
        >
          <Settings aria-hidden="true" className="size-5" />
          Notification settings
        </Link>
      </div>
    </>
  );
}
