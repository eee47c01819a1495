import { AlertTriangleIcon } from '@/components/ui/icons';
import { useEffect, useState } from 'react';
import { BACKEND_STATUS_POLL_MS, type BackendStatus, type BackendStatusResponse } from '@tavara/shared/backend-status';

/**
 * `GET /api/status` with plain fetch: the typed Hono client would add ~3 kB gzip to every page's
 * first load for this one call. Anything but a 200 with a known status counts as issues.
 */
async function fetchBackendStatus(): Promise<BackendStatus> {
  const response = await fetch('/api/status', { headers: { accept: 'application/json' } });
  if (!response.ok) return 'issues';
  const body = (await response.json()) as Partial<BackendStatusResponse>;
  return body.status === 'available' ? 'available' : 'issues';
}

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
      fetchBackendStatus().then(
        (next) => !cancelled && setStatus(next),
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
            <AlertTriangleIcon aria-hidden="true" className="size-5 shrink-0" />
            {BACKEND_ISSUES_MESSAGE}
          </p>
        </div>
      )}
    </div>
  );
}
