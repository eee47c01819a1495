import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { RequestError } from '@/lib/request-error';
import { toast } from '@/lib/toast';
import { matchingVisibilityQuery, useSetMatchingVisibility } from '../api/matching-api';

const WORDS = {
  family: {
    title: 'Let care professionals find your family',
    label: 'Let listed care professionals find my family',
    shown:
      'They see your region, the care you need, your schedule and your budget — never your names, contact details or health details. A professional can tell you they are interested; you decide whether to invite them.',
    on: 'Care professionals can now find your family.',
    off: 'Your family is no longer shown to care professionals.',
    page: { to: '/caregiver-matching', label: 'Find a caregiver' },
  },
  professional: {
    title: 'Let families find you',
    label: 'List me for families looking for care',
    shown:
      'Families see your first name and initial, photo, role, experience, regions, services, conditions you have worked with, availability and rate — never your surname, phone or e-mail.',
    on: 'Families looking for care can now find you.',
    off: 'You are no longer listed for families.',
    page: { to: '/family-matching', label: 'Find families' },
  },
} as const;

/**
 * The explicit "findable" / "listed" switch (issue 19): off until the person turns it on, saved
 * the moment it changes, and withdrawn the same way. Shown on the dashboard and the registration form.
 */
export function MatchingVisibilityCard({
  role,
  showPageLink = true,
}: {
  role: 'family' | 'professional';
  showPageLink?: boolean;
}) {
  const auth = useAuth();
  const viewer = auth.user?.id ?? null;
  const visibility = useQuery({ ...matchingVisibilityQuery(viewer ?? ''), enabled: viewer !== null });
  const save = useSetMatchingVisibility(viewer ?? '');
  const words = WORDS[role];
  if (!viewer || auth.role !== role) return null;
  const checked = save.isPending ? Boolean(save.variables) : (visibility.data?.visible ?? false);
  return (
    <section
      aria-labelledby={`matching-visibility-${role}`}
      className="rounded-card border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id={`matching-visibility-${role}`} className="flex items-center gap-2 text-xl font-bold">
        <Eye aria-hidden="true" className={cn('size-6', role === 'family' ? 'text-family' : 'text-professional')} />
        {words.title}
      </h2>
      <p className="mt-2 text-ink-muted">{words.shown}</p>
      {visibility.isPending ? (
        <div role="status" className="mt-3">
          <span className="sr-only">Loading your choice</span>
          <Skeleton className="h-11 w-full" />
        </div>
      ) : visibility.isError ? (
        <p className="mt-3 text-danger">Your choice could not be loaded. Please reload the page.</p>
      ) : (
        <label className="mt-3 flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-brand"
            checked={checked}
            aria-busy={save.isPending || undefined}
            onChange={(event) => {
              if (save.isPending) return;
              const visible = event.target.checked;
              save.mutate(visible, {
                onSuccess: () => toast.success(visible ? words.on : words.off),
                onError: (error) =>
                  toast.error(error instanceof RequestError ? error.message : 'Your choice could not be saved.'),
              });
            }}
          />
          <span className="font-semibold">{words.label}</span>
        </label>
      )}
      {showPageLink && (
        <p className="mt-3">
          <Link
            to={words.page.to}
            className="inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4"
          >
            {words.page.label}
          </Link>
        </p>
      )}
    </section>
  );
}
