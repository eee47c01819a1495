import { randomInt } from 'node:crypto';
import type { Hono } from 'hono';
import type { Env } from '../env';

/** A made-up client address in 10.0.0.0/8, different per call (almost always). */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

type JsonBody = Record<string, unknown>;

/**
 * A browser stand-in for `app.request`: its own cookie jar, an `Origin` header equal to APP_URL
 * on every request (as the web app's fetches send it), and its own client address — passed as
 * the node-server socket binding the auth mount reads, so per-IP rate limits see distinct clients.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: Hono<never> | { request: Hono['request'] },
    private readonly env: Env,
    readonly ip: string = randomIp(),
  ) {}

  async request(path: string, init: RequestInit & { origin?: string | null } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const origin = init.origin === undefined ? this.env.APP_URL : init.origin;
    if (origin !== null && !headers.has('origin')) headers.set('origin', origin);
    if (this.cookies.size > 0 && !headers.has('cookie')) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const { origin: _origin, ...rest } = init;
    const bindings = { incoming: { socket: { remoteAddress: this.ip, remotePort: 50_000, remoteFamily: 'IPv4' } } };
    const response = await this.app.request(path, { ...rest, headers }, bindings);
    this.storeCookies(response);
    return response;
  }

  get(path: string, init: RequestInit & { origin?: string | null } = {}) {
    return this.request(path, { ...init, method: 'GET' });
  }

  post(path: string, body: JsonBody = {}, init: RequestInit & { origin?: string | null } = {}) {
    return this.request(path, {
      ...init,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
      body: JSON.stringify(body),
    });
  }

  /** The value of a cookie whose name ends with `suffix` (Better Auth prefixes names). */
  cookie(suffix: string): string | undefined {
    for (const [name, value] of this.cookies) if (name.endsWith(suffix)) return value;
    return undefined;
  }

  private storeCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
