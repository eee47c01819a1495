import { Pencil, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DashboardData } from '@tavara/shared/dashboard/dashboard';
import { ROLE_LABELS, type PublicRole } from '@tavara/shared/roles';
import { ROLE_REGISTRATION_PATHS } from '@/config/paths';
import { cn } from '@/lib/cn';
import { ROLE_DASHBOARD_CONTENT } from '../dashboard-content';

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className={cn('break-words', !value && 'text-ink-muted italic')}>{value || 'Not given yet'}</dd>
    </div>
  );
}

/** The user's own details as the server has them, with the way to change them: their registration form. */
export function ProfileSummary({ role, profile }: { role: PublicRole; profile: DashboardData['profile'] }) {
  const { accent } = ROLE_DASHBOARD_CONTENT[role];
  // A photo that cannot be shown (removed, or the session ended) falls back to the icon.
  const [photoFailed, setPhotoFailed] = useState(false);
  const showPhoto = profile.photoUrl !== null && !photoFailed;
  return (
    <section aria-labelledby="profile-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
      <h2 id="profile-heading" className="text-xl font-bold">
        Your profile
      </h2>
      <div className="mt-4 flex items-center gap-4">
        <div
          className={cn(
            'grid size-20 shrink-0 place-items-center overflow-hidden rounded-full border-2 bg-canvas',
            accent.border,
          )}
        >
          {showPhoto ? (
            <img
              src={profile.photoUrl ?? undefined}
              alt="Your profile photo"
              className="size-full object-cover"
              onError={() => setPhotoFailed(true)}
            />
          ) : (
            <UserRound aria-hidden="true" className={cn('size-10', accent.text)} />
          )}
        </div>
        <div className="min-w-0">
          <p className="text-lg font-semibold break-words" data-testid="profile-name">
            {profile.name}
          </p>
          <p className={cn('font-semibold', accent.text)}>{ROLE_LABELS[role]}</p>
        </div>
      </div>
      <dl className="mt-5 grid gap-3">
        <Detail label="Email" value={profile.email} />
        <Detail label="Phone" value={profile.phone} />
        <Detail label="Location" value={profile.location} />
      </dl>
      <Link
        to={ROLE_REGISTRATION_PATHS[role]}
        className="mt-5 inline-flex min-h-11 items-center gap-2 rounded-lg border border-line bg-surface px-4 font-semibold hover:bg-brand-soft"
      >
        <Pencil aria-hidden="true" className="size-5" />
        Edit profile
      </Link>
    </section>
  );
}
