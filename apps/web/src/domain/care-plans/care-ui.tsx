import { NotAvailableOffline } from '@/components/not-available-offline';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MEMBER_STATUS_LABELS, type MemberStatus } from '@tavara/shared/care-team/team-members';
import { PLAN_STATUS_LABELS, type PlanStatus } from '@tavara/shared/care-plans/plan-codes';
import { SHIFT_STATUS_LABELS, type ShiftStatus } from '@tavara/shared/shifts/shift-status';
import { initials } from '@tavara/shared/care-plans/display';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PanelError } from '@/components/query-panel';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

/** Small shared pieces of the care pages: status pills, avatars, gates and load states. */

/** An `onError` for a care action: the server's message, else `fallback`, as a toast. */
export const failedWith = (fallback: string) => (error: unknown) =>
  toast.error(error instanceof ApiError ? error.message : fallback);

const SHIFT_TONES: Record<ShiftStatus, string> = {
  open: 'bg-warning-soft text-warning border-warning/30',
  offered: 'bg-warning-soft text-warning border-warning/30',
  assigned: 'bg-family-soft text-family border-family/30',
  in_progress: 'bg-professional-soft text-professional border-professional/30',
  done: 'bg-success-soft text-success border-success/30',
  missed: 'bg-danger-soft text-danger border-danger/30',
  cancelled: 'bg-canvas text-ink-muted border-line',
};

export function ShiftStatusPill({ status }: { status: ShiftStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-medium',
        SHIFT_TONES[status],
      )}
    >
      {SHIFT_STATUS_LABELS[status]}
    </span>
  );
}

export function PlanStatusPill({ status, archived }: { status: PlanStatus; archived?: boolean }) {
  const tone = archived
    ? 'bg-canvas text-ink-muted border-line'
    : status === 'active'
      ? 'bg-success-soft text-success border-success/30'
      : status === 'paused'
        ? 'bg-warning-soft text-warning border-warning/30'
        : 'bg-canvas text-ink-muted border-line';
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-medium', tone)}>
      {archived ? 'Archived' : PLAN_STATUS_LABELS[status]}
    </span>
  );
}

export function MemberStatusPill({ status }: { status: MemberStatus }) {
  const tone =
    status === 'accepted'
      ? 'bg-success-soft text-success border-success/30'
      : status === 'invited'
        ? 'bg-warning-soft text-warning border-warning/30'
        : 'bg-canvas text-ink-muted border-line';
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-medium', tone)}>
      {MEMBER_STATUS_LABELS[status]}
    </span>
  );
}

export function Avatar({
  name,
  photoUrl,
  className,
}: {
  name: string | null;
  photoUrl?: string | null;
  className?: string;
}) {
  return photoUrl ? (
    <img src={photoUrl} alt="" className={cn('size-10 rounded-full border-2 border-surface object-cover', className)} />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-10 place-items-center rounded-full border-2 border-surface bg-brand-soft text-sm font-semibold text-brand',
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}

export function PageShell({ children, wide = true }: { children: ReactNode; wide?: boolean }) {
  return <div className={cn('mx-auto px-4 py-8 sm:py-10', wide ? 'max-w-6xl' : 'max-w-3xl')}>{children}</div>;
}

export function LoadingBlock({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-28 w-full" />
    </div>
  );
}

/** A failed load with Try again (components/query-panel.tsx). */
export function LoadError(props: { error: unknown; onRetry: () => void; retrying: boolean; title: string }) {
  return <PanelError {...props} />;
}

/** "You don't have access to this plan": the server's answer to anyone who may not see it. */
export function NoAccess({
  message,
  back,
  hint = 'If you think you should see it, ask the family who made the plan to invite you.',
}: {
  message: string;
  back: { to: string; label: string };
  hint?: string;
}) {
  return (
    <section
      aria-labelledby="no-access-title"
      className="rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8"
    >
      <h1 id="no-access-title" className="text-2xl font-bold">
        {message}
      </h1>
      <p className="mt-3 text-ink-muted">{hint}</p>
      <Button asChild variant="secondary" className="mt-6">
        <Link to={back.to}>{back.label}</Link>
      </Button>
    </section>
  );
}

/**
 * What a page shows while its plan query is not ready: a skeleton, "no access" for a 404 (the
 * server answers a stranger as if the plan did not exist), or the error with Try again. Returns
 * null once the data is there, so a page writes `const gate = planQueryGate(...); if (gate) return gate;`.
 */
export { NotAvailableOffline };

export function planQueryGate(
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
    fetchStatus?: string;
    data?: unknown;
  },
  what: { loading: string; failed: string; back: { to: string; label: string } },
): ReactNode {
  // Issue 29: no connection and nothing saved on this device — said plainly, never a spinner.
  if (query.isPending && query.fetchStatus === 'paused') return <NotAvailableOffline />;
  if (query.isPending) return <LoadingBlock label={what.loading} />;
  if (!query.isError) return null;
  // The connection dropped during a refresh: what was saved stays on screen (issue 29).
  if (query.data !== undefined && query.error instanceof ApiError && query.error.status === 0) return null;
  if (query.error instanceof ApiError && query.error.status === 404) {
    return <NoAccess message={query.error.message} back={what.back} />;
  }
  return (
    <LoadError
      title={what.failed}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}

/**
 * Signed out: what the page is for and the way in. Signed in: `children`. The server checks
 * every request; this only spares people a page they cannot use.
 */
export function SignedInOnly({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const auth = useAuth();
  if (auth.loading && !auth.user) return <LoadingBlock label={`Loading ${title}...`} />;
  if (!auth.user) {
    return (
      <section
        aria-labelledby="signed-out-title"
        className="rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8"
      >
        <h1 id="signed-out-title" className="text-3xl font-bold">
          {title}
        </h1>
        <p className="mt-3 text-ink-muted">{description}</p>
        <Button asChild className="mt-6">
          <Link to="/auth">Sign in</Link>
        </Button>
      </section>
    );
  }
  return <>{children}</>;
}
