import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicRole } from '@tavara/shared/roles';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useFeatures } from '../api/features-api';
import { ROLE_OVERVIEWS } from '../content/role-overviews';
import { StatusBadge } from './status-badge';

const ROLE_ACCENT: Record<PublicRole, { text: string; bg: string; soft: string }> = {
  family: { text: 'text-family', bg: 'bg-family', soft: 'bg-family-soft' },
  professional: { text: 'text-professional', bg: 'bg-professional', soft: 'bg-professional-soft' },
  community: { text: 'text-community', bg: 'bg-community', soft: 'bg-community-soft' },
};

/**
 * `/{role}/features-overview`: what the role gets today, and what is coming with each feature's
 * status from the same server data as the voting page, linking to its vote.
 */
export function FeaturesOverviewPage({ role }: { role: PublicRole }) {
  const overview = ROLE_OVERVIEWS[role];
  const accent = ROLE_ACCENT[role];
  const features = useFeatures();
  const coming = features.data
    ? overview.featureIds.flatMap((id) => features.data.filter((feature) => feature.id === id))
    : [];

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-4xl font-bold tracking-tight">{overview.title}</h1>
      <p className="mt-3 text-lg text-ink-muted">{overview.intro}</p>

      <section aria-labelledby="available-now" className={cn('mt-8 rounded-card p-6', accent.soft)}>
        <h2 id="available-now" className="text-2xl font-bold">
          Available today
        </h2>
        <ul className="mt-3 space-y-2">
          {overview.availableNow.map((item) => (
            <li key={item} className="flex gap-2.5">
              <Check aria-hidden="true" className={cn('mt-1 size-5 shrink-0', accent.text)} />
              {item}
            </li>
          ))}
        </ul>
        <Link
          to={overview.start.to}
          className={cn(
            'mt-5 inline-flex min-h-11 items-center gap-2 rounded-lg px-4 font-semibold text-white hover:opacity-90',
            accent.bg,
          )}
        >
          {overview.start.label}
          <ArrowRight aria-hidden="true" className="size-5" />
        </Link>
      </section>

      <section aria-labelledby="on-the-way" className="mt-10">
        <h2 id="on-the-way" className="text-2xl font-bold">
          On the way
        </h2>
        <p className="mt-2 text-ink-muted">
          Vote for the ones that matter most to you — we build the most wanted first.
        </p>
        {features.isPending && <Skeleton className="mt-4 h-40 w-full" />}
        {features.isError && (
          <Notice tone="error" role="alert" className="mt-4">
            The feature list could not load. Please refresh the page.
          </Notice>
        )}
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {coming.map((feature) => (
            <li key={feature.id} className="flex flex-col rounded-card border border-line bg-surface p-5">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold">{feature.title}</h3>
                <StatusBadge status={feature.status} />
              </div>
              <p className="mt-1 flex-1 text-ink-muted">{feature.description}</p>
              <Link
                to={`/features#${feature.id}`}
                className="mt-3 inline-flex min-h-11 items-center gap-1.5 self-start font-semibold text-brand underline-offset-4 hover:underline"
              >
                Vote for it
                <span className="sr-only">: {feature.title}</span>
                <span aria-hidden="true">({feature.voteCount === 1 ? '1 vote' : `${feature.voteCount} votes`})</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
