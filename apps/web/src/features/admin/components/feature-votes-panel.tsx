import { FEATURE_STATUS_LABELS } from '@tavara/shared/feature-voting/feature-voting';
import { ROLE_LABELS, type Role } from '@tavara/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { Vote } from 'lucide-react';
import { cn } from '@/lib/cn';
import { featureVotesQuery, type FeatureVoteStats } from '../api/admin-api';
import { PanelEmpty, QueryPanel } from '@/components/query-panel';

const ROLE_BAR: Record<Role, string> = {
  family: 'bg-family',
  professional: 'bg-professional',
  community: 'bg-community',
  admin: 'bg-line-strong',
};
const CHART_ROLES: readonly Role[] = ['family', 'professional', 'community', 'admin'];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Votes per feature as a bar chart, one segment per voter role. The bars are decoration: each
 * row says its figures in words, and the table below has every number for screen readers.
 */
function VotesChart({ stats }: { stats: FeatureVoteStats }) {
  const voted = stats.features.filter((f) => f.votes > 0).sort((a, b) => b.votes - a.votes);
  const max = Math.max(1, ...voted.map((f) => f.votes));
  return (
    <figure className="rounded-card border border-line bg-surface p-4 sm:p-6">
      <figcaption className="font-semibold">Votes per feature, by the voter’s role</figcaption>
      <ul aria-label="Legend" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
        {CHART_ROLES.map((role) => (
          <li key={role} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={cn('size-3 rounded-sm', ROLE_BAR[role])} />
            {ROLE_LABELS[role]}
          </li>
        ))}
      </ul>
      <ol className="mt-4 flex flex-col gap-3">
        {voted.map((feature) => (
          <li key={feature.id}>
            <p className="flex justify-between gap-3">
              <span className="min-w-0 break-words">{feature.title}</span>
              <span className="shrink-0 font-semibold">{plural(feature.votes, 'vote')}</span>
            </p>
            <div aria-hidden="true" className="mt-1 flex h-3 overflow-hidden rounded-full bg-canvas">
              {CHART_ROLES.map((role) =>
                feature.votesByRole[role] > 0 ? (
                  <span
                    key={role}
                    className={ROLE_BAR[role]}
                    style={{ width: `${(feature.votesByRole[role] / max) * 100}%` }}
                  />
                ) : null,
              )}
            </div>
          </li>
        ))}
      </ol>
    </figure>
  );
}

function StatusSummary({ stats }: { stats: FeatureVoteStats }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {stats.byStatus.map((row) => (
        <li key={row.status} className="rounded-card border border-line bg-surface p-4">
          <p className="text-ink-muted">{FEATURE_STATUS_LABELS[row.status]}</p>
          <p className="mt-1 text-2xl font-bold">{plural(row.votes, 'vote')}</p>
          <p className="text-sm text-ink-muted">across {plural(row.features, 'feature')}</p>
        </li>
      ))}
    </ul>
  );
}

function VotesTable({ stats }: { stats: FeatureVoteStats }) {
  return (
    // Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it too.
    <div
      tabIndex={0}
      role="region"
      aria-label="Every feature, its status and its votes"
      className="overflow-x-auto rounded-card border border-line bg-surface"
    >
      <table className="w-full min-w-[40rem] text-left">
        <caption className="px-4 pt-4 text-left font-semibold">Every feature, its status and its votes</caption>
        <thead className="border-b border-line text-sm text-ink-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Feature
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Status
            </th>
            {CHART_ROLES.map((role) => (
              <th key={role} scope="col" className="px-3 py-3 text-right font-semibold">
                {ROLE_LABELS[role]}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {stats.features.map((feature) => (
            <tr key={feature.id} className="border-b border-line last:border-0">
              <th scope="row" className="px-4 py-2 font-normal">
                {feature.title}
              </th>
              <td className="px-4 py-2 whitespace-nowrap">{FEATURE_STATUS_LABELS[feature.status]}</td>
              {CHART_ROLES.map((role) => (
                <td key={role} className="px-3 py-2 text-right tabular-nums">
                  {feature.votesByRole[role]}
                </td>
              ))}
              <td className="px-4 py-2 text-right font-semibold tabular-nums">{feature.votes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Feature votes (issue 8): per feature and per status, as a chart and a table. */
export function FeatureVotesPanel() {
  const stats = useQuery(featureVotesQuery);
  const body = (
    <QueryPanel query={stats} loadingLabel="Loading feature votes..." errorTitle="The votes could not be loaded">
      {(data) => (
        <div className="flex flex-col gap-6">
          <StatusSummary stats={data} />
          {data.totalVotes === 0 ? (
            <PanelEmpty icon={<Vote aria-hidden="true" className="size-8" />} title="No votes yet">
              When signed-in users upvote features on the Features page, the counts appear here.
            </PanelEmpty>
          ) : (
            <VotesChart stats={data} />
          )}
          <VotesTable stats={data} />
        </div>
      )}
    </QueryPanel>
  );
  return (
    <section aria-labelledby="votes-heading">
      <h2 id="votes-heading" className="text-xl font-semibold">
        Feature votes
      </h2>
      <p className="mt-1 mb-4 text-ink-muted">
        {stats.data ? `${plural(stats.data.totalVotes, 'vote')} in all. ` : ''}What people want us to build next.
      </p>
      {body}
    </section>
  );
}
