import { cn } from '@/lib/cn';

/** A labelled progress bar; the words beside it carry the value too (never the colour alone). */
export function ProgressBar({
  value,
  max,
  label,
  className,
}: {
  value: number;
  max: number;
  label: string;
  className?: string;
}) {
  const percent = max === 0 ? 0 : Math.round((value / max) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={`${value} of ${max}`}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-professional-soft', className)}
    >
      <div className="h-full rounded-full bg-professional transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
