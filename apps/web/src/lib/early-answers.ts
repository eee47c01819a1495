/** How long after the page's start a request made by the app shell's boot script may be taken. */
const EARLY_FOR_MS = 15_000;

/**
 * The answer the app shell's boot script asked for as the HTML was read (ROUTE_BOOT_SCRIPT in
 * packages/shared/src/page-boot.ts, decision 043), taken once by the page's first query for that
 * exact address; otherwise — later, another address, or that request failed — `call()`, as always.
 * Taken once, so a refresh asks the server again; only in the page's first seconds, so an answer
 * nobody took (the person went elsewhere first) is never shown later as new. A module of its own,
 * with no imports: the session check (lib/auth-client.ts) takes its answers too, and the shell
 * every visitor loads must not carry the typed API client for it.
 */
export function earlyOr<Answer>(path: string, call: () => Promise<Answer>): Promise<Answer> {
  const early = (globalThis as { __tavaraEarly?: Record<string, Promise<unknown>> }).__tavaraEarly;
  const answer = early?.[path];
  if (!answer) return call();
  delete early[path];
  if (performance.now() > EARLY_FOR_MS) return call();
  return (answer as Promise<Answer>).catch(call);
}
