import type { PublicRole } from '@tavara/shared/roles';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { ROLE_DASHBOARD_CONTENT } from '../dashboard-content';

/** The dashboard's shape while it loads, so nothing jumps when it arrives. */
export function DashboardSkeleton({ label = 'Loading your dashboard' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-6">
      <Skeleton className="h-10 w-2/3 max-w-md" />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Skeleton className="h-80 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** The signed-in dashboard's heading in the role's colour, with the person's name once it is known. */
export function DashboardHeader({ role, title, name }: { role: PublicRole; title: string; name?: string }) {
  return (
    <header className={cn('mb-8 border-l-8 pl-4', ROLE_DASHBOARD_CONTENT[role].accent.border)}>
      <h1 id="dashboard-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h1>
      <p className="mt-1 text-lg text-ink-muted">{name ? `Welcome back, ${name}.` : 'Welcome back.'}</p>
    </header>
  );
}

/** The signed-in dashboard before its data (or its code) has arrived: the heading and the skeleton. */
export function SignedInDashboardLoading({ role, title }: { role: PublicRole; title: string }) {
  return (
    <>
      <DashboardHeader role={role} title={title} />
      <DashboardSkeleton />
    </>
  );
}
