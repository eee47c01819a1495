import type { RoleFunnel, UserJourneyFunnel } from '@tavara/shared/admin/user-journey';
import { ROLE_LABELS, type PublicRole } from '@tavara/shared/roles';
import { MessagesSquare } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useMemo, useState, type ReactNode } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { PanelError } from '@/components/query-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useFunnel, type FunnelRange } from '../api/user-journey-api';
import { TONES } from './chart-tones';
import { DropOffChart } from './drop-off-chart';
import { FunnelBars } from './funnel-bars';
import { JourneyTimeline } from './journey-timeline';

const RANGES = [
  { id: 'all', label: 'All time', days: null },
  { id: '7', label: 'Last 7 days', days: 7 },
  { id: '30', label: 'Last 30 days', days: 30 },
  { id: '90', label: 'Last 90 days', days: 90 },
] as const;
type RangeId = (typeof RANGES)[number]['id'];

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` UTC days, today included; all time without a number. */
function toFunnelRange(days: number | null): FunnelRange {
  if (days === null) return {};
  const now = Date.now();
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

const TAB_LABELS: Record<PublicRole, string> = {
  family: 'Family',
  professional: 'Professional',
  community: 'Community',
};

const TAB_ACTIVE: Record<PublicRole, string> = {
  family: 'data-[state=active]:border-family data-[state=active]:text-family',
  professional: 'data-[state=active]:border-professional data-[state=active]:text-professional',
  community: 'data-[state=active]:border-community data-[state=active]:text-community',
};

function Card({ title, id, children, action }: { title: string; id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function FunnelSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">Loading the funnel…</span>
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex flex-col gap-1.5">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-3 w-full" />
        </div>
      ))}
    </div>
  );
}

function RoleTab({ funnel }: { funnel: RoleFunnel }) {
  const base = funnel.stages[0]?.count ?? 0;
  const noun = ROLE_LABELS[funnel.role].toLowerCase();
  if (base === 0) {
    return <p className="text-ink-muted">No chat has chosen {noun} in this period yet.</p>;
  }
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <div>
        <h3 className="mb-3 text-lg font-semibold">Stages</h3>
        <FunnelBars
          stages={funnel.stages}
          tone={funnel.role}
          label={`${ROLE_LABELS[funnel.role]} funnel`}
          baseLabel={`chats that chose ${noun}`}
        />
      </div>
      <div>
        <h3 className="mb-3 text-lg font-semibold">Drop-off per question</h3>
        <DropOffChart role={funnel.role} questions={funnel.questions} base={base} />
      </div>
    </div>
  );
}

function FunnelReport({ funnel }: { funnel: UserJourneyFunnel }) {
  const started = funnel.overall[0]?.count ?? 0;
  if (started === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-line px-4 py-10 text-center">
        <MessagesSquare aria-hidden="true" className="size-8 text-brand" />
        <p className="text-lg font-semibold">No chat sessions yet</p>
        <p className="max-w-md text-ink-muted">
          {funnel.from
            ? 'No visitor started the registration chat in this period. Try a longer one.'
            : 'When visitors start the registration chat, their progress shows here.'}
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h3 className="mb-3 text-lg font-semibold">All roles</h3>
        <FunnelBars stages={funnel.overall} tone="brand" label="Funnel, all roles" baseLabel="started" />
      </div>
      <Tabs.Root defaultValue="family">
        <Tabs.List aria-label="Funnel by role" className="mb-5 flex gap-1 border-b border-line">
          {funnel.roles.map((role) => (
            <Tabs.Trigger
              key={role.role}
              value={role.role}
              className={cn(
                // On a phone the count goes under the name, so three tabs fit in 296 px.
                '-mb-px flex min-h-11 min-w-0 flex-1 flex-col items-center justify-center border-b-2 border-transparent px-1 py-1 text-sm font-semibold text-ink-muted hover:text-ink sm:flex-none sm:flex-row sm:gap-1.5 sm:px-4 sm:text-base',
                TAB_ACTIVE[role.role],
              )}
            >
              {TAB_LABELS[role.role]}
              <span className={cn('tabular-nums', TONES[role.role].text)}>{role.stages[0]?.count ?? 0}</span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {funnel.roles.map((role) => (
          <Tabs.Content key={role.role} value={role.role}>
            <RoleTab funnel={role} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

/**
 * /admin/user-journey (issue 8): the registration funnel built from chat sessions — overall and
 * per role, with drop-off per question — and a timeline lookup for one person or one chat.
 */
export function UserJourneyPage() {
  const [rangeId, setRangeId] = useState<RangeId>('all');
  const range = useMemo(() => toFunnelRange(RANGES.find((r) => r.id === rangeId)?.days ?? null), [rangeId]);
  const funnel = useFunnel(range);

  const rangePicker = (
    <SelectField
      label="Chats started"
      className="min-w-44"
      value={rangeId}
      onChange={(event) => setRangeId(event.target.value as RangeId)}
      options={RANGES.map((r) => ({ value: r.id, label: r.label }))}
    />
  );

  let funnelBody;
  if (funnel.isPending) funnelBody = <FunnelSkeleton />;
  else if (funnel.isError) {
    funnelBody = (
      <PanelError
        title="The funnel could not be loaded"
        error={funnel.error}
        retrying={funnel.isFetching}
        onRetry={() => void funnel.refetch()}
      />
    );
  } else {
    funnelBody = (
      <div aria-busy={funnel.isPlaceholderData || undefined} className={cn(funnel.isPlaceholderData && 'opacity-60')}>
        <FunnelReport funnel={funnel.data} />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <header className="mb-6">
        <h1 className="text-2xl font-bold sm:text-3xl">User Journey</h1>
        <p className="mt-1 max-w-3xl text-ink-muted">
          How visitors move through the registration chat: who started, chose a role, reached each section, finished,
          went on to the form and registered. Percentages are of the first bar. Counts cover all time unless you pick a
          shorter period (days in UTC); times below are Trinidad and Tobago time.
        </p>
      </header>
      <div className="flex flex-col gap-6">
        <Card title="Registration funnel" id="funnel-heading" action={rangePicker}>
          {funnelBody}
        </Card>
        <Card title="Look up a journey" id="timeline-heading">
          <JourneyTimeline />
        </Card>
      </div>
    </div>
  );
}
