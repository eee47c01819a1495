import { Award } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * "Tavara training completed": shown only where the API says so from the certificate record (a
 * certificate that is not revoked — apps/api/src/lib/training-completed.ts), never from what a
 * profile claims. One look everywhere: the professional's dashboard, the care-plan invite search,
 * and later the profile hub and matching.
 */
export function TrainingCompletedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        // rounded-lg, not a pill: in a narrow column (a choice card on a phone) it wraps tidily.
        'inline-flex w-fit items-start gap-1.5 rounded-lg bg-success-soft px-2 py-0.5 text-sm leading-snug font-semibold text-success',
        className,
      )}
    >
      <Award aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      Tavara training completed
    </span>
  );
}
