import {
  PLAN_CURRENCY_NOTE,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PLANS,
  type PlanAudience,
} from '@tavara/shared/subscriptions/subscriptions';
import { Link } from 'react-router';
import { Notice } from '@/components/ui/notice';
import { useAuth } from '@/lib/auth';
import { PlanCard } from './plan-card';

const AUDIENCES: { id: PlanAudience; title: string }[] = [
  { id: 'family', title: 'Family plans' },
  { id: 'professional', title: 'Care professional plans' },
];

/** `/subscription-features` (issue 19, item 6): what each plan gives today and what is only planned. */
export function SubscriptionFeaturesPage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:py-10">
      <header className="border-l-8 border-brand pl-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Subscription features</h1>
        <p className="mt-1 text-lg text-ink-muted">
          What is free today, and what the paid plans are planned to add. Nothing built is kept behind a plan.
        </p>
      </header>
      <Notice tone="warning" title={SUBSCRIPTION_MESSAGES.paymentUnavailable}>
        <p>
          You can register interest in a paid plan on the{' '}
          <Link to="/subscription" className="text-brand underline underline-offset-4">
            subscription page
          </Link>
          {user ? '' : ' once you are signed in'}.
        </p>
      </Notice>
      {AUDIENCES.map((audience) => (
        <section key={audience.id} aria-labelledby={`features-${audience.id}`}>
          <h2 id={`features-${audience.id}`} className="text-2xl font-bold">
            {audience.title}
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {SUBSCRIPTION_PLANS.filter((p) => p.audience === audience.id).map((plan) => (
              <PlanCard key={plan.code} plan={plan} current={false} />
            ))}
          </ul>
        </section>
      ))}
      <p className="text-ink-muted">{PLAN_CURRENCY_NOTE}</p>
    </div>
  );
}
