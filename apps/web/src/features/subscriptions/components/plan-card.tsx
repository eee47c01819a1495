import type { SubscriptionPlan } from '@tavara/shared/subscriptions/subscriptions';
import { Check, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const priceText = (plan: SubscriptionPlan) =>
  plan.priceTtd === 0 ? 'Free' : `TT$${plan.priceTtd.toFixed(2)} a month`;

/** One plan: its price, what it gives today (free plans) or is planned to add (paid plans). */
export function PlanCard({
  plan,
  current,
  children,
}: {
  plan: SubscriptionPlan;
  current: boolean;
  children?: ReactNode;
}) {
  return (
    <li
      className={cn(
        'flex flex-col gap-3 rounded-card border bg-surface p-5',
        current ? 'border-family ring-2 ring-family/40' : 'border-line',
      )}
    >
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-xl font-bold">{plan.name}</h3>
          {current && (
            <span className="rounded-full border border-family/30 bg-family-soft px-2.5 py-0.5 text-sm font-medium text-family">
              Your plan
            </span>
          )}
        </div>
        <p className="text-lg font-semibold">{priceText(plan)}</p>
        <p className="text-ink-muted">{plan.summary}</p>
      </div>
      {plan.included.length > 0 && (
        <ul className="flex flex-col gap-1.5">
          {plan.included.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-success" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      )}
      {plan.planned.length > 0 && (
        <div>
          <p className="text-sm font-semibold text-ink-muted">Planned — not available yet</p>
          <ul className="mt-1 flex flex-col gap-1.5">
            {plan.planned.map((item) => (
              <li key={item} className="flex items-start gap-2">
                <Clock aria-hidden="true" className="mt-1 size-4 shrink-0 text-ink-muted" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {children && <div className="mt-auto pt-2">{children}</div>}
    </li>
  );
}
