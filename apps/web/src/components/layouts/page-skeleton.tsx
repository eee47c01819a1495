import { Skeleton } from '@/components/ui/skeleton';

/**
 * Shown while a page's code loads (spec §2: pages load lazily behind a skeleton). At least a
 * screen tall, so the footer stays below the fold instead of jumping down when the page arrives
 * (layout shift).
 */
export function PageSkeleton() {
  return (
    <div className="mx-auto min-h-dvh max-w-6xl px-4 py-10" role="status" aria-label="Loading page">
      <Skeleton className="mb-4 h-9 w-2/3 max-w-md" />
      <Skeleton className="mb-2 h-5 w-full max-w-2xl" />
      <Skeleton className="mb-8 h-5 w-5/6 max-w-xl" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}
