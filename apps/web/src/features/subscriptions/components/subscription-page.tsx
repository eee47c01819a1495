import {
  currentPlanFor,
  getPlan,
  PLAN_CURRENCY_NOTE,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PLANS,
  type PlanAudience,
  type PlanCode,
} from '@tavara/shared/subscriptions/subscriptions';
import { BellRing, Check } from 'lucide-react';
import { Link } from 'react-router';
import { PanelEmpty, QueryPanel } from '@/components/query-panel';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { showsAuthLoading, useAuth, useRequireAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useAdminInterest, useInterest, useMySubscription } from '../api/subscriptions-api';
import { PlanCard } from './plan-card';
import { CARE_TIME_ZONE, formatDate } from '@tavara/shared/time/format';

const AUDIENCE_TITLES: Record<PlanAudience, string> = {
  family: 'For families',
  professional: 'For care professionals',
};

function InterestButton({
  planCode,
  userId,
  registered,
}: {
  planCode: PlanCode;
  userId: string | null;
  registered: boolean;
}) {
  const requireAuth = useRequireAuth();
  const interest = useInterest(userId);
  const busy = interest.isPending;
  const act = (withdraw: boolean) => {
    if (busy) return;
    if (!requireAuth(SUBSCRIPTION_MESSAGES.signInAction, '/subscription')) return;
    interest.mutate(
      { planCode, withdraw },
      {
        onSuccess: () =>
          toast.success(withdraw ? SUBSCRIPTION_MESSAGES.interestWithdrawn : SUBSCRIPTION_MESSAGES.interestRecorded),
        onError: (error) => toast.error(error.message),
      },
    );
  };
  const name = getPlan(planCode)?.name ?? planCode;
  return registered ? (
    <div className="flex flex-col gap-2">
      <p className="flex items-center gap-2 font-semibold text-success">
        <Check aria-hidden="true" className="size-5" /> Interest registered
      </p>
      <Button
        variant="secondary"
        aria-disabled={busy || undefined}
        onClick={() => act(true)}
        aria-label={`Withdraw interest in ${name}`}
      >
        Withdraw interest
      </Button>
    </div>
  ) : (
    <Button aria-disabled={busy || undefined} onClick={() => act(false)} aria-label={`Register interest in ${name}`}>
      <BellRing aria-hidden="true" className="size-5" />
      Register interest
    </Button>
  );
}

function AdminInterest() {
  const interest = useAdminInterest(true);
  return (
    <section aria-labelledby="admin-interest" className="rounded-card border border-line bg-surface p-5">
      <h2 id="admin-interest" className="text-xl font-semibold">
        Registered interest (admins only)
      </h2>
      <div className="mt-4">
        <QueryPanel
          query={interest}
          loadingLabel="Loading registered interest..."
          errorTitle="Registered interest could not be loaded"
          isEmpty={(data) => data.entries.length === 0}
          empty={
            <PanelEmpty
              icon={<BellRing aria-hidden="true" className="size-8" />}
              title="Nobody has registered interest yet"
            />
          }
        >
          {(data) => (
            <div className="flex flex-col gap-4">
              <ul className="flex flex-wrap gap-2">
                {data.counts.map((c) => (
                  <li key={c.planCode} className="rounded-full border border-line px-3 py-1">
                    {getPlan(c.planCode)?.name ?? c.planCode}: <strong>{c.count}</strong>
                  </li>
                ))}
              </ul>
              <ul className="divide-y divide-line">
                {data.entries.map((e) => (
                  <li key={`${e.email}-${e.planCode}`} className="flex flex-wrap justify-between gap-2 py-2">
                    <span className="min-w-0 break-words">
                      {e.name} · {e.email}
                    </span>
                    <span className="text-ink-muted">
                      {getPlan(e.planCode)?.name ?? e.planCode} · {formatDate(e.createdAt, CARE_TIME_ZONE)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </QueryPanel>
      </div>
    </section>
  );
}

/**
 * `/subscription` (issue 19, item 6): the person's plan (free: nothing can be bought yet), the
 * plans as data, and registering interest instead of a pretend payment (product notes, lesson 8).
 */
export function SubscriptionPage() {
  const auth = useAuth();
  const { user, role } = auth;
  // A signed-in person's first session check: the plan's box holds its place, hidden, so the
  // notice and plans below do not jump when it fills (issue 31: no layout shift while loading).
  const planPending = !user && showsAuthLoading(auth);
  const userId = user?.id ?? null;
  const mine = useMySubscription(userId);
  const current = currentPlanFor(role);
  const audiences: PlanAudience[] =
    role === 'family' ? ['family'] : role === 'professional' ? ['professional'] : ['family', 'professional'];
  const registered = new Set(mine.data?.interests.map((i) => i.planCode) ?? []);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:py-10">
      <header className="border-l-8 border-brand pl-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Subscription</h1>
        <p className="mt-1 text-lg text-ink-muted">Everything Tavara does today is free. Paid plans are planned.</p>
      </header>
      {(user || planPending) && (
        <section
          aria-labelledby="your-plan"
          aria-hidden={planPending || undefined}
          className={cn('rounded-card border border-family/40 bg-family-soft p-5', planPending && 'invisible')}
        >
          <h2 id="your-plan" className="text-xl font-semibold">
            Your plan: {current.name}
          </h2>
          <p className="mt-1">
            Free — you are not charged, and nothing you use today will be locked behind a paid plan.
          </p>
        </section>
      )}
      <Notice tone="warning" title={SUBSCRIPTION_MESSAGES.paymentUnavailable}>
        <p>
          The paid plans below cannot be bought yet, and no card details are ever asked for. Register your interest and
          we will tell you when they open.
        </p>
      </Notice>
      {/* Which plans are shown depends on the role: none until it is known, so the professional's
          plans do not move up into the place of the families' (issue 31). */}
      {planPending && (
        <div role="status" aria-label="Loading plans" className="min-h-dvh">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="mt-4 h-64 w-full" />
        </div>
      )}
      {!planPending &&
        audiences.map((audience) => (
          <section key={audience} aria-labelledby={`plans-${audience}`}>
            <h2 id={`plans-${audience}`} className="text-2xl font-bold">
              {AUDIENCE_TITLES[audience]}
            </h2>
            <ul className="mt-4 grid gap-4 md:grid-cols-3">
              {SUBSCRIPTION_PLANS.filter((p) => p.audience === audience).map((plan) => (
                <PlanCard key={plan.code} plan={plan} current={user !== null && plan.code === current.code}>
                  {plan.priceTtd > 0 && (
                    <InterestButton planCode={plan.code} userId={userId} registered={registered.has(plan.code)} />
                  )}
                </PlanCard>
              ))}
            </ul>
          </section>
        ))}
      <p className="text-ink-muted">
        {PLAN_CURRENCY_NOTE}{' '}
        <Link to="/subscription-features" className="text-brand underline underline-offset-4">
          Compare what each plan includes
        </Link>
        .
      </p>
      {role === 'admin' && <AdminInterest />}
    </div>
  );
}
