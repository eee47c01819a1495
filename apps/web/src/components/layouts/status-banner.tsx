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

/** Beyond the spec's banner: the visitor's own connection is down (issue 14). */
export const OFFLINE_MESSAGE = 'You are offline. What you have typed stays on this page until the connection is back.';

/**
 * Spec §2 "Backend status banner": checking → available | issues, re-checked every 30 s (§9).
 * A failed check (server unreachable) counts as issues. Plain polling rather than TanStack
 * Query, because the banner is on every page's first load.
 */
export function useBackendStatus(): BackendStatus | 'checking' | 'offline' {
  const [status, setStatus] = useState<BackendStatus | 'checking' | 'offline'>('checking');
  useEffect(() => {
    let cancelled = false;
    const check = () => {
      // The visitor's own connection, not the service: say so, and check again when it is back.
      if (!navigator.onLine) return setStatus('offline');
      fetchBackendStatus().then(
        (next) => !cancelled && setStatus(next),
        () => !cancelled && setStatus('issues'),
      );
    };
    check();
    const timer = setInterval(check, BACKEND_STATUS_POLL_MS);
    window.addEventListener('online', check);
    window.addEventListener('offline', check);
    return () => {
      cancelled = true;
      clearInterval(timer);
      window.removeEventListener('online', check);
      window.removeEventListener('offline', check);
    };
  }, []);
  return status;
}

export function StatusBanner() {
  const status = useBackendStatus();
  return (
    <div role="status" aria-live="polite" data-backend-status={status}>
      {/* Issue 29: on a signed-in page its own banner says what was saved (app/offline-layer.tsx). */}
      {status === 'offline' && (
        <div className="offline-line border-b border-line bg-brand-soft">
          <p className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 text-base">
            <AlertTriangleIcon aria-hidden="true" className="size-5 shrink-0 text-brand" />
            {OFFLINE_MESSAGE}
          </p>
        </div>
      )}
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
