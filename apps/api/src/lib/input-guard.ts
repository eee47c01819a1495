import { hasNulCharacter, NUL_CHARACTER_MESSAGE } from '@tavara/shared/validation/safe-text';
import type { MiddlewareHandler } from 'hono';
import type { AppBindings } from '../app-types';
import { AppError } from './app-error';

/** Deepest JSON nesting any route accepts (the deepest real body, a chat answer list, is 4). */
export const MAX_JSON_DEPTH = 32;

const nulError = () => new AppError('bad_request', NUL_CHARACTER_MESSAGE);

/**
 * What a value in a JSON body is not allowed to be, checked without recursion (a 100,000-deep
 * array must not overflow the stack): a string or key with U+0000, or nesting deeper than
 * MAX_JSON_DEPTH. Returns the problem, or null.
 */
export function jsonProblem(value: unknown): AppError | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current === 'string') {
      if (hasNulCharacter(current)) return nulError();
    } else if (current !== null && typeof current === 'object') {
      if (depth >= MAX_JSON_DEPTH) {
        return new AppError('bad_request', `The request is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);
      }
      for (const [key, item] of Object.entries(current)) {
        if (hasNulCharacter(key)) return nulError();
        stack.push([item, depth + 1]);
      }
    }
  }
  return null;
}

function decodedOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * Input no handler can store, refused in one place before every /api route — our routers and
 * Better Auth's alike — with 400 in the API's error shape (issue 13, item 2):
 * - a path or query string with U+0000 (encoded `%00` or raw), or percent-encoding that does not
 *   decode (a path id goes straight into a query);
 * - a JSON body with U+0000 in any string or key, or nested deeper than MAX_JSON_DEPTH.
 *
 * It runs after the body limit, so it never reads more than a route accepts. Upload routes
 * (multipart, with their own larger limit) are skipped here — their limit runs later, inside the
 * route — and put `uploadFieldsGuard` after that limit instead: the same check on every text
 * field, field name and file name of the form. Malformed JSON is left to the route, which answers
 * it in its own words.
 */
export function inputGuard(options: { skipBody?: (path: string) => boolean } = {}): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    // A GET or HEAD has no body; asking for `raw.body` would make @hono/node-server build the
    // full web Request (headers copy, AbortSignal) on every read — about 5 % of a read's CPU.
    const method = c.req.method;
    const readBody =
      method !== 'GET' && method !== 'HEAD' && c.req.raw.body !== null && !options.skipBody?.(c.req.path);
    const url = c.req.url;
    const queryStart = url.indexOf('?');
    const rawPath = new URL(url).pathname;
    const path = decodedOrNull(rawPath);
    if (path === null) throw new AppError('bad_request', 'The address of this request is not valid.');
    if (hasNulCharacter(path)) throw nulError();
    if (queryStart >= 0) {
      const query = url.slice(queryStart + 1);
      if (decodedOrNull(query.replace(/\+/g, ' ')) === null) {
        throw new AppError('bad_request', 'The address of this request is not valid.');
      }
      for (const [key, value] of new URLSearchParams(query)) {
        if (hasNulCharacter(key) || hasNulCharacter(value)) throw nulError();
      }
    }
    const type = c.req.header('content-type') ?? '';
    if (readBody && /^application\/([\w.+-]*\+)?json\b/i.test(type.trim())) {
      const text = await c.req.raw.clone().text();
      if (text.includes('\u0000')) throw nulError();
      let parsed: unknown;
      let readable = true;
      try {
        parsed = JSON.parse(text);
      } catch {
        readable = false;
      }
      if (readable) {
        const problem = jsonProblem(parsed);
        if (problem) throw problem;
      }
    } else if (readBody && /^application\/x-www-form-urlencoded\b/i.test(type.trim())) {
      for (const [key, value] of new URLSearchParams(await c.req.raw.clone().text())) {
        if (hasNulCharacter(key) || hasNulCharacter(value)) throw nulError();
      }
    }
    await next();
  };
}

/**
 * The guard for multipart upload routes (the contact form, the profile photo), placed after the
 * route's own body limit: U+0000 in any text field, field name or file name is refused with the
 * same 400 as everywhere else. A JSON text field (the contact form's `chatData`) is parsed by its
 * route, which checks it with `jsonProblem` (an escaped `\u0000` only appears once parsed). A form
 * that cannot be read is left to the route.
 */
export function uploadFieldsGuard(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    if (/^multipart\/form-data\b/i.test(type.trim())) {
      let form: FormData | null;
      try {
        form = await c.req.raw.clone().formData();
      } catch {
        form = null;
      }
      for (const [key, value] of form ?? []) {
        if (hasNulCharacter(key)) throw nulError();
        if (hasNulCharacter(typeof value === 'string' ? value : value.name)) throw nulError();
      }
    }
    await next();
  };
}
