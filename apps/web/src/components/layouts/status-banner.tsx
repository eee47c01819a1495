import { AlertTriangle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { BACKEND_STATUS_POLL_MS, type BackendStatus } from '@tavara/shared/backend-status';
import { api, unwrap } from '@/lib/api-client';

export const BACKEND_ISSUES_MESSAGE =
  'The service is currently experiencing issues. Some features may not work properly.';

/**
 * Spec §2 "Backend status banner": checking → available | issues, re-checked every 30 s (§9).
 * A failed check (server unreachable) counts as issues. Plain polling rather than TanStack
 * Query, because the banner is on every page's first load.
 */
export function useBackendStatus(): BackendStatus | 'checking' {
  const [status, setStatus] = useState<BackendStatus | 'checking'>('checking');
  useEffect(() => {
    let cancelled = false;
    const check = () => {
      unwrap(api.status.$get()).then(
        (body) => !cancelled && setStatus(body.status),
        () => !cancelled && setStatus('issues'),
      );
    };
    check();
    const timer = setInterval(check, BACKEND_STATUS_POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, []);
  return status;
}

export function StatusBanner() {
  const status = useBackendStatus();
  return (
    <div role="status" aria-live="polite" data-backend-status={status}>
      {status === 'issues' && (
        <div className="border-b border-amber-200 bg-warning-soft text-warning">
          <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 text-base">
            <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
            {BACKEND_ISSUES_MESSAGE}
          </p>
        </div>
      )}
    </div>
  );
}
