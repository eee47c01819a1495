import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { ApiError } from '@/lib/api-client';
import { CARE_TIME_ZONE, formatDateTime } from '@tavara/shared/time/format';

/** Dates on the account page (sessions, sign-ins): Trinidad and Tobago's clock. */
export const formatWhen = (iso: string) => formatDateTime(iso, CARE_TIME_ZONE);

export function messageOf(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** One card of the account page, with a heading the page's table of contents links to. */
export function AccountSection({
  id,
  title,
  description,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-6 rounded-card border border-line bg-surface p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id={`${id}-heading`} className="text-xl font-semibold">
            {title}
          </h2>
          {description && <p className="mt-1 text-ink-muted">{description}</p>}
        </div>
      </div>
      <div className="mt-5 flex flex-col gap-4">{children}</div>
    </section>
  );
}

/** `className`: the height of what comes (issue 31), so the sections below do not jump when it does. */
export function SectionLoading({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col gap-2', className)}>
      <span className="sr-only">{label}</span>
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="min-h-12 w-full flex-1" />
    </div>
  );
}

export function SectionError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Notice tone="error" title={title}>
      <p>{messageOf(error)}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Notice>
  );
}
