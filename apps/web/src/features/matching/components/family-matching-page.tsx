import { Home, Search } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { FamilyMatch } from '@tavara/shared/matching/matching';
import { PanelEmpty } from '@/components/query-panel';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { RequestError } from '@/lib/request-error';
import { toast } from '@/lib/toast';
import { familyMatchesQuery, matchingVisibilityQuery, useExpressInterest } from '../api/matching-api';
import { FilterSelect } from './filter-fields';
import { MatchScoreView, SCORE_EXPLAINED } from './match-score';
import { useMatchFilters } from './match-filters';
import { MatchFiltersForm, MatchResults } from './match-search';
import { Chips, ForRole, MatchingShell } from './matching-ui';
import { MatchingVisibilityCard } from './visibility-card';

const TITLE = 'Find families';
const INTRO =
  'Families who chose to be found, with the care they need — never their names or health details. Tell a family you are interested; they decide whether to invite you.';
const EMPTY_FILTERS = { careType: '', shift: '', region: '', maxKm: '' };

function FamilyCardView({
  match,
  index,
  canReachOut,
  viewer,
}: {
  match: FamilyMatch;
  index: number;
  canReachOut: boolean;
  viewer: string;
}) {
  const interest = useExpressInterest(viewer);
  const f = match.family;
  const id = `family-${index}`;
  const name = f.region ? `A family in ${f.region}` : 'A family';
  return (
    <li aria-labelledby={`${id}-name`} className="rounded-card border border-line bg-surface p-5 shadow-sm">
      <div className="flex flex-col gap-5 md:flex-row md:justify-between">
        <div className="flex min-w-0 flex-1 gap-4">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-family-soft text-family">
            <Home aria-hidden="true" className="size-7" />
          </span>
          <div className="min-w-0">
            <h3 id={`${id}-name`} className="text-xl font-semibold">
              {name}
            </h3>
            <dl className="mt-3 grid gap-3 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <dt className="text-sm font-semibold text-ink-muted">Care needed</dt>
                <dd className="mt-1">
                  <Chips items={f.careTypes} label={`Care ${name.toLowerCase()} needs`} />
                </dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-sm font-semibold text-ink-muted">Schedule</dt>
                <dd className="mt-1">
                  <Chips items={f.schedule} label={`Schedule of ${name.toLowerCase()}`} />
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-ink-muted">Budget</dt>
                <dd>{f.budget ?? 'Not given'}</dd>
              </div>
            </dl>
          </div>
        </div>
        <div className="flex flex-col gap-4 md:w-72 md:shrink-0">
          <MatchScoreView score={match.score} id={id} />
          {match.interestExpressed ? (
            <p role="status" className="font-semibold text-success">
              Interest sent — the family decides whether to invite you
            </p>
          ) : (
            <Button
              variant="professional"
              aria-describedby={`${id}-name`}
              aria-disabled={interest.isPending || !canReachOut || undefined}
              onClick={() => {
                if (interest.isPending) return;
                if (!canReachOut) {
                  toast.error(
                    'Turn on “List me for families looking for care” first, so the family can see who you are.',
                  );
                  return;
                }
                interest.mutate(f.id, {
                  onSuccess: (result) => toast.success(result.message),
                  onError: (error) =>
                    toast.error(error instanceof RequestError ? error.message : 'Your interest could not be sent.'),
                });
              }}
            >
              Express interest
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

function FamilyMatching({ viewer }: { viewer: string }) {
  const { draft, page, setPage, query, filtered, change, apply, clear } = useMatchFilters(EMPTY_FILTERS);
  const matches = useQuery(familyMatchesQuery(viewer, query));
  const visibility = useQuery(matchingVisibilityQuery(viewer));
  const listed = visibility.data?.visible ?? false;
  return (
    <>
      <header>
        <h1 className="text-3xl font-bold">{TITLE}</h1>
        <p className="mt-2 max-w-3xl text-lg text-ink-muted">{INTRO}</p>
        <p className="mt-1 max-w-3xl text-ink-muted">{SCORE_EXPLAINED}</p>
      </header>

      {/* Always shown (listed or not): a card that came in after the page would push it down. */}
      <MatchingVisibilityCard role="professional" showPageLink={false} />

      <MatchFiltersForm submitLabel="Show families" variant="professional" onSubmit={apply} onClear={clear}>
        <FilterSelect name="careType" label="Care needed" value={draft.careType} onChange={change} />
        <FilterSelect name="shift" label="Schedule" value={draft.shift} onChange={change} />
        <FilterSelect name="region" label="Near" value={draft.region} onChange={change} />
        <FilterSelect name="maxKm" label="Distance" value={draft.maxKm} onChange={change} />
      </MatchFiltersForm>

      <MatchResults
        heading="Families"
        matches={matches}
        loadingLabel="Loading families"
        errorTitle="Families could not be loaded"
        page={page}
        onPage={setPage}
      >
        {(data) =>
          data.findable === 0 ? (
            <PanelEmpty
              icon={<Home aria-hidden="true" className="size-10" />}
              title="No families are open to being found yet"
            >
              Families choose whether care professionals can find them. When one does, they appear here with how well
              your services and availability fit.
            </PanelEmpty>
          ) : data.total === 0 ? (
            <PanelEmpty icon={<Search aria-hidden="true" className="size-10" />} title="No family fits these filters">
              {filtered && (
                <Button variant="secondary" className="mt-3" onClick={clear}>
                  Clear the filters
                </Button>
              )}
            </PanelEmpty>
          ) : (
            <>
              <p role="status">
                {data.total.toLocaleString('en-TT')} of {data.findable.toLocaleString('en-TT')} families open to being
                found{filtered ? ' fit your filters' : ''}, best match first.
              </p>
              <ul className="flex flex-col gap-4">
                {data.matches.map((match, i) => (
                  <FamilyCardView
                    key={match.family.id}
                    match={match}
                    index={(page - 1) * data.pageSize + i}
                    canReachOut={listed}
                    viewer={viewer}
                  />
                ))}
              </ul>
            </>
          )
        }
      </MatchResults>
    </>
  );
}

/** /family-matching (issue 19, item 5). */
export function FamilyMatchingPage() {
  const auth = useAuth();
  return (
    <MatchingShell>
      <ForRole role="professional" title={TITLE} intro={INTRO}>
        {auth.user && <FamilyMatching viewer={auth.user.id} />}
      </ForRole>
    </MatchingShell>
  );
}
