import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PanelError } from '@/components/query-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { TRAINING_HOME } from '../training-paths';

export function TrainingShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'mx-auto max-w-6xl px-4 py-8 sm:py-10' : 'mx-auto max-w-3xl px-4 py-8 sm:py-10'}>
      {children}
    </div>
  );
}

export function BackToTraining({ label = 'All training modules' }: { label?: string }) {
  return (
    <Link
      to={TRAINING_HOME}
      className="inline-flex min-h-11 items-center gap-2 font-semibold text-professional underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
      {label}
    </Link>
  );
}

export function TrainingLoading({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-10 w-3/4" />
      <Skeleton className="h-5 w-1/3" />
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/** A failed load: the server's reason (not found, offline…) and a way on. */
export function TrainingError({ title, error, onRetry }: { title: string; error: Error; onRetry?: () => void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <PanelError title={title} error={error} onRetry={notFound ? undefined : onRetry}>
      <Button asChild variant="secondary">
        <Link to={TRAINING_HOME}>Go to training resources</Link>
      </Button>
    </PanelError>
  );
}
