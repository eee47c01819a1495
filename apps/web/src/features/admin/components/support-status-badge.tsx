import {
  SUPPORT_REQUEST_STATUS_LABELS,
  type SupportRequestStatus,
} from '@tavara/shared/support/contact-request.schema';
import { cn } from '@/lib/cn';

const STYLE: Record<SupportRequestStatus, string> = {
  new: 'border-brand/40 bg-brand-soft text-brand-strong',
  in_progress: 'border-warning/40 bg-warning-soft text-warning',
  resolved: 'border-success/40 bg-success-soft text-success',
};

export function SupportStatusBadge({ status }: { status: SupportRequestStatus }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full border px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap',
        STYLE[status],
      )}
    >
      {SUPPORT_REQUEST_STATUS_LABELS[status]}
    </span>
  );
}
