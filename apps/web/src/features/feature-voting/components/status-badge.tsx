import { FEATURE_STATUS_LABELS, type FeatureStatus } from '@tavara/shared/feature-voting/feature-voting';
import { cn } from '@/lib/cn';

const STATUS_STYLE: Record<FeatureStatus, string> = {
  planned: 'border-line-strong bg-canvas text-ink-muted',
  in_development: 'border-warning/40 bg-warning-soft text-warning',
  ready_for_demo: 'border-brand/40 bg-brand-soft text-brand-strong',
  launched: 'border-success/40 bg-success-soft text-success',
};

/** A feature's status in words (never colour alone). */
export function StatusBadge({ status }: { status: FeatureStatus }) {
  return (
    <span className={cn('inline-flex rounded-full border px-2.5 py-0.5 text-sm font-semibold', STATUS_STYLE[status])}>
      {FEATURE_STATUS_LABELS[status]}
    </span>
  );
}
