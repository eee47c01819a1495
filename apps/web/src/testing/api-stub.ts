import { vi } from 'vitest';

/** One request the component sent: method, path (with query) and JSON body. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status?: number; json: unknown };
type Route = (request: SentRequest) => Answer | Promise<Answer>;

/**
 * Answers the app's API calls in a component test instead of a server: `routes` maps
 * "METHOD /api/path" (no query) to an answer; anything else fails the test with a 599 and the
 * path, so a request the test did not expect is never silently answered. Returns what was sent.
 */
export function stubApi(routes: Record<string, Route | Answer>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.origin);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const raw = init?.body ?? null;
    const request: SentRequest = {
      method,
      path: `${url.pathname}${url.search}`,
      body: typeof raw === 'string' && raw !== '' ? JSON.parse(raw) : null,
    };
    sent.push(request);
    const route = routes[`${method} ${url.pathname}`];
    if (!route)
      return Response.json(
        { error: { code: 'test', message: `Not stubbed: ${method} ${url.pathname}` } },
        { status: 599 },
      );
    const answer = typeof route === 'function' ? await route(request) : route;
    return Response.json(answer.json, { status: answer.status ?? 200 });
  });
  return sent;
}
