import { Search, UserRound, Users } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CaregiverMatchingResponse, ProfessionalMatch } from '@tavara/shared/matching/matching';
import { PanelEmpty } from '@/components/query-panel';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { useAuth } from '@/lib/auth';
import { RequestError } from '@/lib/request-error';
import { caregiverMatchesQuery, interestsQuery } from '../api/matching-api';
import { FilterSelect } from './filter-fields';
import { InviteDialog } from './invite-dialog';
import { MatchScoreView, SCORE_EXPLAINED } from './match-score';
import { useMatchFilters } from './match-filters';
import { MatchFiltersForm, MatchResults } from './match-search';
import { Chips, ForRole, MatchingShell } from './matching-ui';
import { Skeleton } from '@/components/ui/skeleton';
import { MatchingVisibilityCard } from './visibility-card';

const TITLE = 'Find a caregiver';
const INTRO = 'Care professionals who chose to be listed, matched to your family’s needs, with the reasons shown.';
const EMPTY_FILTERS = {
  careType: '',
  condition: '',
  shift: '',
  minExperience: '',
  region: '',
  maxKm: '',
  rateMin: '',
  rateMax: '',
};

function ProfessionalCardView({
  match,
  invited,
  onInvite,
}: {
  match: ProfessionalMatch;
  invited: boolean;
  onInvite: () => void;
}) {
  const p = match.professional;
  const id = `pro-${p.id}`;
  return (
    <li aria-labelledby={`${id}-name`} className="rounded-card border border-line bg-surface p-5 shadow-sm">
      <div className="flex flex-col gap-5 md:flex-row md:justify-between">
        <div className="flex min-w-0 flex-1 gap-4">
          {p.photoUrl ? (
            <img src={p.photoUrl} alt="" className="size-16 shrink-0 rounded-full object-cover" />
          ) : (
            <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-professional-soft text-professional">
              <UserRound aria-hidden="true" className="size-8" />
            </span>
          )}
          <div className="min-w-0">
            <h3 id={`${id}-name`} className="text-xl font-semibold">
              {p.displayName}
            </h3>
            <p className="text-ink-muted">
              {[p.role, p.experience && `${p.experience} of experience`].filter(Boolean).join(' · ') ||
                'Care professional'}
            </p>
            <dl className="mt-3 grid gap-3 sm:grid-cols-2">
              <div>
                <dt className="text-sm font-semibold text-ink-muted">Regions</dt>
                <dd>{p.regions.length > 0 ? p.regions.join(', ') : 'Not given'}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-ink-muted">Rate</dt>
                <dd>{p.rate ?? 'Not given'}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-sm font-semibold text-ink-muted">Services</dt>
                <dd className="mt-1">
                  <Chips items={p.services} label={`Services of ${p.displayName}`} />
                </dd>
              </div>
              {p.conditions.length > 0 && (
                <div className="sm:col-span-2">
                  <dt className="text-sm font-semibold text-ink-muted">Has worked with</dt>
                  <dd className="mt-1">
                    <Chips items={p.conditions} label={`Conditions ${p.displayName} has worked with`} />
                  </dd>
                </div>
              )}
              <div className="sm:col-span-2">
                <dt className="text-sm font-semibold text-ink-muted">Availability</dt>
                <dd className="mt-1">
                  <Chips items={p.availability} label={`Availability of ${p.displayName}`} />
                </dd>
              </div>
            </dl>
          </div>
        </div>
        <div className="flex flex-col gap-4 md:w-72 md:shrink-0">
          <MatchScoreView score={match.score} id={id} />
          {match.onTeam === 'accepted' ? (
            <p className="font-semibold text-success">On your care team</p>
          ) : invited || match.onTeam === 'invited' ? (
            <p role="status" className="font-semibold text-success">
              Invitation sent
            </p>
          ) : (
            <Button onClick={onInvite} aria-describedby={`${id}-name`}>
              Invite to my care team
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

function Results({
  data,
  filtered,
  invited,
  onInvite,
  onClear,
}: {
  data: CaregiverMatchingResponse;
  filtered: boolean;
  invited: ReadonlySet<string>;
  onInvite: (match: ProfessionalMatch) => void;
  onClear: () => void;
}) {
  if (data.listed === 0) {
    return (
      <PanelEmpty icon={<Users aria-hidden="true" className="size-10" />} title="No care professionals are listed yet">
        Professionals choose whether families can find them. As soon as one lists themselves, they appear here with how
        well they fit your needs.
      </PanelEmpty>
    );
  }
  if (data.total === 0) {
    return (
      <PanelEmpty
        icon={<Search aria-hidden="true" className="size-10" />}
        title="No listed professional fits these filters"
      >
        {filtered ? (
          <Button variant="secondary" className="mt-3" onClick={onClear}>
            Clear the filters
          </Button>
        ) : null}
      </PanelEmpty>
    );
  }
  return (
    <ul className="flex flex-col gap-4">
      {data.matches.map((match) => (
        <ProfessionalCardView
          key={match.professional.id}
          match={match}
          invited={invited.has(match.professional.id)}
          onInvite={() => onInvite(match)}
        />
      ))}
    </ul>
  );
}

function CaregiverMatching({ viewer }: { viewer: string }) {
  const { draft, page, setPage, query, filtered, change, apply, clear } = useMatchFilters(EMPTY_FILTERS);
  const [inviting, setInviting] = useState<ProfessionalMatch | null>(null);
  const [invited, setInvited] = useState<ReadonlySet<string>>(new Set());
  const matches = useQuery(caregiverMatchesQuery(viewer, query));
  const interests = useQuery(interestsQuery(viewer));
  const fieldErrors = matches.error instanceof RequestError ? (matches.error.fields ?? {}) : {};
  const needs = matches.data?.needs;
  const noNeeds = needs && needs.careTypes.length === 0 && needs.schedule.length === 0;
  const onInvite = (match: ProfessionalMatch) => setInviting(match);

  return (
    <>
      <header>
        <h1 className="text-3xl font-bold">{TITLE}</h1>
        <p className="mt-2 max-w-3xl text-lg text-ink-muted">{INTRO}</p>
        <p className="mt-1 max-w-3xl text-ink-muted">{SCORE_EXPLAINED}</p>
      </header>

      {matches.isPending && (
        // The size of the needs card that comes: the filters below do not jump when it arrives.
        <div role="status" className="rounded-card border border-line bg-family-soft/40 p-5">
          <span className="sr-only">Loading your family’s needs</span>
          <Skeleton className="h-6 w-64 max-w-full" />
          {/* Measured: the card is ~504 px tall at 360 px, ~248 px at 1280 px. */}
          <Skeleton className="mt-3 h-[26.5rem] w-full sm:h-44 lg:h-[10.5rem]" />
        </div>
      )}
      {needs && (
        <section aria-labelledby="needs-heading" className="rounded-card border border-line bg-family-soft/40 p-5">
          <h2 id="needs-heading" className="text-lg font-semibold">
            Matching on your family’s needs
          </h2>
          <dl className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <dt className="text-sm font-semibold text-ink-muted">Care types</dt>
              <dd>{needs.careTypes.join(', ') || 'Not given'}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-ink-muted">Schedule</dt>
              <dd>{needs.schedule.join('; ') || 'Not given'}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-ink-muted">Region</dt>
              <dd>{needs.region ?? 'Not one we can place'}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-ink-muted">Budget</dt>
              <dd>{needs.budget ?? 'Not given'}</dd>
            </div>
          </dl>
          <p className="mt-3">
            <Link
              to="/registration/family"
              className="inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4"
            >
              Update your needs
            </Link>
          </p>
          {noNeeds && (
            <Notice tone="info" className="mt-3">
              Add the care types and schedule you need to your registration, so the scores can say who fits.
            </Notice>
          )}
        </section>
      )}

      {interests.data && interests.data.length > 0 && (
        <section id="interested" aria-labelledby="interested-heading" className="flex flex-col gap-3">
          <h2 id="interested-heading" className="text-2xl font-bold">
            Interested in caring for your family
          </h2>
          <ul className="flex flex-col gap-4">
            {interests.data.map((match) => (
              <ProfessionalCardView
                key={match.professional.id}
                match={match}
                invited={invited.has(match.professional.id)}
                onInvite={() => onInvite(match)}
              />
            ))}
          </ul>
        </section>
      )}

      <MatchFiltersForm submitLabel="Show matches" onSubmit={apply} onClear={clear}>
        <FilterSelect name="careType" label="Care type" value={draft.careType} onChange={change} />
        <FilterSelect name="condition" label="Has worked with" value={draft.condition} onChange={change} />
        <FilterSelect name="shift" label="Available for" value={draft.shift} onChange={change} />
        <FilterSelect name="minExperience" label="Experience" value={draft.minExperience} onChange={change} />
        <FilterSelect name="region" label="Near" value={draft.region} onChange={change} />
        <FilterSelect name="maxKm" label="Distance" value={draft.maxKm} onChange={change} />
        <TextField
          label="Lowest rate ($ an hour)"
          inputMode="decimal"
          name="rateMin"
          value={draft.rateMin}
          error={fieldErrors['rateMin']}
          onChange={(event) => change('rateMin', event.target.value)}
        />
        <TextField
          label="Highest rate ($ an hour)"
          inputMode="decimal"
          name="rateMax"
          value={draft.rateMax}
          error={fieldErrors['rateMax']}
          onChange={(event) => change('rateMax', event.target.value)}
        />
      </MatchFiltersForm>

      <MatchResults
        heading="Matches"
        matches={matches}
        loadingLabel="Loading your matches"
        errorTitle="Your matches could not be loaded"
        errorShownAtFields={Object.keys(fieldErrors).length > 0}
        page={page}
        onPage={setPage}
        before={
          matches.data &&
          matches.data.listed > 0 && (
            <p role="status">
              {filtered
                ? `${matches.data.total.toLocaleString('en-TT')} of ${matches.data.listed.toLocaleString('en-TT')} listed professionals fit your filters`
                : `${matches.data.listed.toLocaleString('en-TT')} listed professionals`}
              , best match first.
            </p>
          )
        }
      >
        {(data) => <Results data={data} filtered={filtered} invited={invited} onInvite={onInvite} onClear={clear} />}
      </MatchResults>

      <MatchingVisibilityCard role="family" showPageLink={false} />

      {inviting && (
        <InviteDialog
          viewer={viewer}
          professional={inviting.professional}
          onClose={() => setInviting(null)}
          onInvited={() => setInvited((s) => new Set([...s, inviting.professional.id]))}
        />
      )}
    </>
  );
}

/** /caregiver-matching (issue 19, item 4). */
export function CaregiverMatchingPage() {
  const auth = useAuth();
  return (
    <MatchingShell>
      <ForRole role="family" title={TITLE} intro={INTRO}>
        {auth.user && <CaregiverMatching viewer={auth.user.id} />}
      </ForRole>
    </MatchingShell>
  );
}
