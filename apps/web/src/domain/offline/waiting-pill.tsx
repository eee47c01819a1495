import { CloudOff } from 'lucide-react';

/** A dose or shift step recorded on this device, not yet sent (issue 29). */
export function WaitingPill() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-warning/30 bg-warning-soft px-2.5 py-0.5 text-sm font-medium text-warning">
      <CloudOff aria-hidden="true" className="size-4" /> Waiting to send
    </span>
  );
}
