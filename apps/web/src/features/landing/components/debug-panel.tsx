import { useEffect, useState } from 'react';

/** What `GET /api/config` tells the browser (never a secret). */
interface PublicConfig {
  environment: string;
  appUrl: string;
  database: string;
  mail: string;
  ai: boolean;
  defaultsInUse: string[];
}

type Check = { state: 'idle' } | { state: 'running' } | { state: 'done'; ok: boolean; lines: string[] };

/** The AI chat endpoint's status route (the AI issue adds it; this server may not have it yet). */
const CHAT_AI_STATUS_PATH = '/api/chat/ai/status';

async function timedGet(path: string): Promise<{ status: number; ms: number; body: unknown }> {
  const started = performance.now();
  const response = await fetch(path, { headers: { accept: 'application/json' }, cache: 'no-store' });
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, ms: Math.round(performance.now() - started), body };
}

function describe(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  return Object.entries(body as Record<string, unknown>)
    .filter(([, value]) => typeof value !== 'object' || value === null)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}

/** Checks the backend (GET /api/health), then the chat: the scripted chat's server and the AI endpoint. */
async function testChat(): Promise<{ ok: boolean; lines: string[] }> {
  const lines: string[] = [];
  let ok: boolean;
  try {
    const health = await timedGet('/api/health');
    ok = health.status === 200;
    lines.push(`Backend: GET /api/health answered ${health.status} in ${health.ms} ms (${describe(health.body)}).`);
  } catch {
    return { ok: false, lines: ['Backend: could not reach /api/health. Check the connection or the server.'] };
  }
  try {
    const ai = await timedGet(CHAT_AI_STATUS_PATH);
    if (ai.status === 404) {
      lines.push(
        `AI chat: this server has no AI endpoint yet (${CHAT_AI_STATUS_PATH} answered 404). The scripted chat works without it.`,
      );
    } else if (ai.status === 200) {
      const available = (ai.body as { available?: unknown } | null)?.available;
      lines.push(
        `AI chat: ${available === false ? 'not configured — the chat runs scripted' : 'available'} (${describe(ai.body)}, ${ai.ms} ms).`,
      );
    } else {
      ok = false;
      lines.push(`AI chat: ${CHAT_AI_STATUS_PATH} answered ${ai.status} (${describe(ai.body)}).`);
    }
  } catch {
    ok = false;
    lines.push(`AI chat: could not reach ${CHAT_AI_STATUS_PATH}.`);
  }
  return { ok, lines };
}

/**
 * Spec §2, landing page with `?debug=true`: the environment panel (environment, backend address,
 * whether built-in defaults are in use — never a secret) and a backend connection tester whose
 * button tests the chat function.
 */
export default function DebugPanel() {
  const [config, setConfig] = useState<PublicConfig | 'error' | null>(null);
  const [check, setCheck] = useState<Check>({ state: 'idle' });

  useEffect(() => {
    let cancelled = false;
    fetch('/api/config', { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<PublicConfig>) : Promise.reject(new Error())))
      .then(
        (body) => !cancelled && setConfig(body),
        () => !cancelled && setConfig('error'),
      );
    return () => {
      cancelled = true;
    };
  }, []);

  const runCheck = () => {
    setCheck({ state: 'running' });
    void testChat().then((result) => setCheck({ state: 'done', ...result }));
  };

  const rows: Array<[string, string]> =
    config && config !== 'error'
      ? [
          ['Environment', config.environment],
          ['Backend address', `${config.appUrl}/api`],
          ['This page talks to', `${window.location.origin}/api`],
          ['Database', config.database === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite (DATA_DIR)'],
          ['E-mail', config.mail === 'smtp' ? 'SMTP' : 'development outbox'],
          ['AI chat provider', config.ai ? 'configured' : 'not configured (scripted chat)'],
          ['Built-in defaults in use', config.defaultsInUse.length ? `Yes: ${config.defaultsInUse.join(', ')}` : 'No'],
        ]
      : [];

  return (
    <section aria-labelledby="debug-title" className="mx-auto max-w-6xl px-4 pb-14">
      <div className="rounded-card border border-line-strong bg-surface p-6">
        <h2 id="debug-title" className="text-xl font-bold">
          Environment information
        </h2>
        {config === null && <p className="mt-3 text-ink-muted">Reading the configuration…</p>}
        {config === 'error' && <p className="mt-3 text-danger">The server did not answer GET /api/config.</p>}
        {rows.length > 0 && (
          <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
            {rows.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="font-semibold">{term}</dt>
                <dd className="break-words text-ink-muted">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <h3 className="mt-6 text-lg font-bold">Backend connection tester</h3>
        <button
          type="button"
          onClick={runCheck}
          disabled={check.state === 'running'}
          className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-brand px-4 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
        >
          {check.state === 'running' ? 'Testing...' : 'Test the chat function'}
        </button>
        <div role="status" aria-live="polite" className="mt-3">
          {check.state === 'done' && (
            <div className={check.ok ? 'text-success' : 'text-danger'}>
              <p className="font-semibold">{check.ok ? 'Connection OK' : 'Connection problem'}</p>
              <ul className="mt-1 list-disc pl-5">
                {check.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
