import { CARE_TYPE_OPTIONS } from '@tavara/shared/codes/care-types';
import { getCodeLabel } from '@tavara/shared/codes/code-option';
import { PROFESSIONAL_ROLE_OPTIONS } from '@tavara/shared/codes/professional-role';
import { SHIFT_OPTIONS } from '@tavara/shared/codes/shift-options';
import { YEARS_OF_EXPERIENCE_OPTIONS } from '@tavara/shared/codes/years-of-experience';
import { Pencil, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { PanelError } from '@/components/query-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { useMyRegistration } from '../api/professional-profile-api';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
const list = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The professional's card from their saved registration — nothing made up; "Edit" opens the form. */
export function ProfileCard() {
  const registration = useMyRegistration();
  if (registration.isPending)
    // The card's own frame and about its height (issue 31): the cards below do not jump when it fills.
    return (
      <div role="status" className="rounded-card border border-line bg-surface p-5 shadow-sm sm:p-6">
        <span className="sr-only">Loading your profile...</span>
        <div className="flex items-start gap-4">
          <Skeleton className="size-20 shrink-0 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-8 w-48 max-w-full" />
            <Skeleton className="h-5 w-40 max-w-full" />
          </div>
        </div>
        <Skeleton className="mt-4 h-[26rem] w-full sm:h-48" />
      </div>
    );
  if (registration.isError)
    return (
      <PanelError
        title="Your profile could not be loaded"
        error={registration.error}
        onRetry={() => void registration.refetch()}
        retrying={registration.isFetching}
      />
    );
  const { answers, photoUrl, registeredAt } = registration.data;
  const name = [text(answers.first_name), text(answers.last_name)].filter(Boolean).join(' ') || 'Your name';
  const role = getCodeLabel(PROFESSIONAL_ROLE_OPTIONS, String(answers.professional_role ?? ''));
  const years = getCodeLabel(YEARS_OF_EXPERIENCE_OPTIONS, String(answers.years_experience ?? ''));
  const services = list(answers.care_services).map((c) => getCodeLabel(CARE_TYPE_OPTIONS, c) ?? c);
  const availability = list(answers.availability).map((c) => getCodeLabel(SHIFT_OPTIONS, c) ?? c);
  const rows: Array<[string, string | null]> = [
    ['Experience', years ? `${years} years` : null],
    ['Location', text(answers.location)],
    ['Services', services.join(', ') || null],
    ['Availability', availability.join('; ') || null],
    ['Rate', text(answers.rate)],
  ];
  return (
    <section
      aria-labelledby="profile-card-title"
      className="rounded-card border border-line bg-surface p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start gap-4">
        {photoUrl ? (
          <img src={photoUrl} alt="" className="size-20 rounded-full object-cover" />
        ) : (
          <span className="grid size-20 place-items-center rounded-full bg-professional-soft text-professional">
            <UserRound aria-hidden="true" className="size-10" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 id="profile-card-title" className="text-2xl font-bold">
            {name}
          </h2>
          <p className="text-ink-muted">{role ?? 'Role not chosen yet'}</p>
          <p className="mt-1 text-sm text-ink-muted">
            {registeredAt ? 'Registration complete' : 'Registration not finished yet.'}
          </p>
        </div>
        <Button asChild variant="secondary">
          <Link to="/registration/professional">
            <Pencil aria-hidden="true" className="size-5" /> Edit
          </Link>
        </Button>
      </div>
      <dl className="mt-5 grid gap-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="font-medium">{value ?? 'Not given'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
