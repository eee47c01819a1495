/**
 * Generated bad requests over every API route (issue 13, item 2): NUL characters, huge strings,
 * deep nesting, wrong types, wrong and missing content types, malformed JSON, odd path ids. Used
 * by the bounded test in the suite (`bad-input.fuzz.test.ts`) and by `npm run fuzz` (≥ 20,000
 * requests against a real listening server, counts per status). Deterministic for a given seed,
 * so a failure can be replayed.
 */
import { TINY_PNG } from './registration-requests';

export interface FuzzRoute {
  method: string;
  /** Hono pattern, e.g. `/api/admin/users/:userId/role`. */
  path: string;
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Which generator made it (for the failure report). */
  kind: string;
  /** Whether its URL or body carries edge dates in every date parameter (issue 32). */
  edgeDates: boolean;
}

/** Mulberry32: a tiny seeded PRNG, so runs are reproducible. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The field names the API's bodies and queries read, so generated values reach the validators. */
const FIELD_NAMES = [
  'name',
  'email',
  'password',
  'newPassword',
  'currentPassword',
  'firstName',
  'lastName',
  'role',
  'token',
  'callbackURL',
  'image',
  'sessionId',
  'messages',
  'content',
  'sender',
  'timestamp',
  'id',
  'answers',
  'stage',
  'status',
  'questionIndex',
  'sectionIndex',
  'completed',
  'restartedAt',
  'lastActive',
  'handedOverAt',
  'userRole',
  'temperature',
  'fieldContext',
  'questionId',
  'subject',
  'message',
  'category',
  'search',
  'query',
  'page',
  'to',
  'from',
  'phone',
  'fullName',
  'data',
  'userId',
  'revokeOtherSessions',
  'rememberMe',
  'featureId',
  'location',
  'bio',
  'consent',
  'dateOfBirth',
];

/**
 * Every date parameter the API reads, in a URL or a body (issue 32, item 3): each generated
 * request may carry edge dates in all of them, so a date that crashes date arithmetic is found on
 * whichever route reads it.
 */
export const DATE_FIELD_NAMES = [
  'week',
  'date',
  'from',
  'to',
  'startDate',
  'endDate',
  'scheduledFor',
  'givenAt',
  'start',
  'end',
  'dateOfBirth',
] as const;

/** Dates at and beyond the edges of the supported range, impossible days, and far-out years. */
export const EDGE_DATES = [
  '9999-12-31',
  '0000-01-01',
  '1899-12-31',
  '1900-01-01',
  '2100-12-31',
  '2101-01-01',
  '2026-02-30',
  '2026-13-01',
  '+275760-09-13',
  '-000001-01-01',
  '9999-12-31T23:59',
  '0000-01-01T00:00',
  '2100-12-31T23:59',
] as const;

export interface FuzzerOptions {
  /** Real ids (a plan the fuzzing family owns) sometimes used for path parameters, so requests get past "not found" to the date handling. */
  pathIds?: readonly string[];
}

/** A marker the log check looks for: it must never be printed (no request data in logs). */
export const FUZZ_SECRET_MARKER = 'fuzz-private-datum-7f3a';

export function createFuzzer(seed: number, options: FuzzerOptions = {}) {
  const random = seededRandom(seed);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;

  const badStrings = (): string => {
    switch (int(12)) {
      case 0:
        return `a\u0000b ${FUZZ_SECRET_MARKER}`;
      case 1:
        return '\u0000';
      case 2:
        return 'x'.repeat(pick([256, 5_000, 100_000]));
      case 3:
        return '';
      case 4:
        return '   ';
      case 5:
        return `${FUZZ_SECRET_MARKER}@example.tt\u0000`;
      case 6:
        return "' or 1=1 --";
      case 7:
        return '\ud800'; // a lone surrogate
      case 8:
        return 'javascript:alert(1)';
      case 9:
        return '../../etc/passwd';
      case 10:
        return '💥'.repeat(pick([10, 3000]));
      default:
        return `${FUZZ_SECRET_MARKER} ${'\u202e\u0001\u001f'}`;
    }
  };

  const nested = (depth: number): unknown => {
    let value: unknown = badStrings();
    for (let i = 0; i < depth; i++) value = random() < 0.5 ? [value] : { a: value };
    return value;
  };

  const badValue = (depth = 0): unknown => {
    switch (int(depth > 1 ? 9 : 11)) {
      case 0:
      case 1:
      case 2:
        return badStrings();
      case 3:
        return pick([null, true, false, 0, -1, 1e308, -0, 2 ** 53 + 1, 1.5]);
      case 4:
        return [];
      case 5:
        return {};
      case 6:
        return pick(['family', 'admin', 'professional', 'community', 'in_progress', 'questions', 'user']);
      case 7:
        return Array.from({ length: pick([1, 3, 60]) }, () => badString());
      case 8:
        return 'valid-looking-value';
      case 9:
        return nested(pick([5, 40, 2000]));
      default:
        return randomObject(depth + 1);
    }
  };
  const badString = () => badStrings();

  const randomObject = (depth = 0): Record<string, unknown> => {
    const object: Record<string, unknown> = {};
    const keys = 1 + int(6);
    for (let i = 0; i < keys; i++) object[random() < 0.05 ? `k\u0000${i}` : pick(FIELD_NAMES)] = badValue(depth);
    if (random() < 0.2) object.messages = Array.from({ length: 1 + int(3) }, () => randomObject(depth + 1));
    return object;
  };

  /** encodeURIComponent, except that a lone surrogate becomes its (invalid UTF-8) bytes. */
  const encode = (text: string): string => {
    try {
      return encodeURIComponent(text);
    } catch {
      return '%ED%A0%80';
    }
  };

  const pathValue = (): string =>
    options.pathIds?.length && random() < 0.3
      ? pick(options.pathIds)
      : pick([
          '%00',
          'abc%00def',
          encode('\u0000'),
          '%ED%A0%80', // a surrogate's bytes: not UTF-8
          '%E0%A4%A',
          '%',
          'x'.repeat(3000),
          '00000000-0000-0000-0000-000000000000',
          'not-a-uuid',
          '..%2F..%2Fetc',
          '%F0%9F%92%A5',
          'A'.repeat(22),
          "1'%20or%20'1'='1",
          '-1',
          '1e999',
          'family',
          'admin',
        ]);

  const fillPath = (pattern: string) =>
    pattern
      .split('/')
      .map((segment) => (segment.startsWith(':') ? pathValue() : segment === '*' ? pathValue() : segment))
      .join('/');

  /** Edge dates in every date parameter at once (one fixed date, or a different one each). */
  const edgeDateQuery = (): string[] => {
    const same = random() < 0.5 ? pick(EDGE_DATES) : undefined;
    return DATE_FIELD_NAMES.map((key) => `${key}=${encode(same ?? pick(EDGE_DATES))}`);
  };

  let lastQueryHadEdgeDates = false;
  const query = (): string => {
    const roll = random();
    lastQueryHadEdgeDates = roll >= 0.35 && roll < 0.6;
    if (roll < 0.35) return '';
    if (roll < 0.6) return `?${edgeDateQuery().join('&')}`;
    const parts = Array.from({ length: 1 + int(3) }, () => {
      const key = pick(FIELD_NAMES);
      const value = pick(['%00', 'a%00b', encode(badStrings()), '%ZZ', '1', '-5', '9'.repeat(40)]);
      return `${key}=${value}`;
    });
    return `?${parts.join('&')}`;
  };

  /** A JSON body whose date fields all hold edge dates (the rest random), so body dates get them too. */
  const edgeDateObject = (): Record<string, unknown> => {
    const object = random() < 0.5 ? randomObject() : {};
    for (const key of DATE_FIELD_NAMES) object[key] = pick(EDGE_DATES);
    return object;
  };

  /**
   * A multipart form that is valid but for one field — the Contact Support form (name, e-mail,
   * message, the chat's JSON, a real PNG screenshot) plus the profile photo's field — so the
   * request gets past the required-field checks to the deep validation and the database, where a
   * bad value does harm. Sometimes the envelope itself is broken instead (no boundary).
   */
  const multipartForm = (): { body: Uint8Array; contentType: string } => {
    const boundary = `fuzz${int(1_000_000)}`;
    const chat = (content: string) =>
      JSON.stringify({
        role: 'family',
        sessionId: 'A'.repeat(22),
        transcript: [{ content, isUser: true, timestamp: 1 }],
      });
    const fields: { name: string; value: string | Uint8Array; filename?: string; type?: string }[] = [
      { name: 'name', value: 'Keisha Mohammed' },
      { name: 'email', value: `${FUZZ_SECRET_MARKER}@example.tt` },
      { name: 'message', value: `The care plan page will not load (${FUZZ_SECRET_MARKER}).` },
      { name: 'chatData', value: chat('I look after my mother.') },
      // A real 1×1 PNG: accepted by its content, so the other fields are what gets checked.
      { name: 'screenshot', value: TINY_PNG, filename: 'screen.png', type: 'image/png' },
      { name: 'photo', value: TINY_PNG, filename: 'me.png', type: 'image/png' },
    ];
    const broken = fields[int(fields.length)]!;
    switch (int(6)) {
      case 0:
        broken.value = pick(['chatData', 'screenshot', 'photo']).includes(broken.name)
          ? chat(`hello\\u0000${FUZZ_SECRET_MARKER}`)
          : `${typeof broken.value === 'string' ? broken.value : ''}\u0000${FUZZ_SECRET_MARKER}`;
        break;
      case 1:
        if (broken.filename) broken.filename = `a\u0000${FUZZ_SECRET_MARKER}.png`;
        else broken.value = badStrings();
        break;
      case 2:
        broken.value = broken.name === 'chatData' ? JSON.stringify(badValue()) : badStrings();
        break;
      case 3:
        broken.value =
          broken.name === 'chatData' ? chat('x'.repeat(pick([2001, 100_000]))) : 'x'.repeat(pick([101, 5001, 300_000]));
        break;
      case 4:
        broken.value = broken.name === 'chatData' ? `{"role":"family","transcript":${JSON.stringify(nested(60))}}` : '';
        break;
      default:
        broken.name = random() < 0.5 ? `${broken.name}\u0000` : broken.name.toUpperCase();
    }
    const encoder = new TextEncoder();
    const chunks = fields.flatMap((field) => {
      const filename = field.filename === undefined ? '' : `; filename="${field.filename}"`;
      const head = [
        `--${boundary}`,
        `Content-Disposition: form-data; name="${field.name}"${filename}`,
        ...(field.type ? [`Content-Type: ${field.type}`] : []),
        '',
        '',
      ].join('\r\n');
      const value = typeof field.value === 'string' ? encoder.encode(field.value) : field.value;
      return [encoder.encode(head), value, encoder.encode('\r\n')];
    });
    chunks.push(encoder.encode(`--${boundary}--\r\n`));
    const body = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.length;
    }
    const contentType = random() < 0.9 ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data';
    return { body, contentType };
  };

  return function next(route: FuzzRoute): FuzzRequest {
    const path = fillPath(route.path) + query();
    const method = route.method === 'ALL' ? pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) : route.method;
    const headers: Record<string, string> = {};
    let body: string | Uint8Array | undefined;
    let kind = 'json';
    if (method !== 'GET' && method !== 'HEAD') {
      // Upload routes get mostly near-valid multipart forms: that is what they read.
      const upload = /\/(support\/requests|registration\/photo)$/.test(route.path);
      const shape = upload && random() < 0.6 ? 8 : int(10);
      if (shape <= 1) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(edgeDateObject());
        kind = 'edge-dates';
      } else if (shape <= 4) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(random() < 0.8 ? randomObject() : badValue());
        kind = 'json';
      } else if (shape === 5) {
        headers['content-type'] = 'application/json';
        body = pick([
          '{"a":',
          '{',
          '[1,2',
          'null',
          '"\\u0000"',
          '{"name":"\\u0000"}',
          `{"email":"${FUZZ_SECRET_MARKER}`,
          '',
        ]);
        kind = 'malformed-json';
      } else if (shape === 6) {
        headers['content-type'] = pick(['text/plain', 'application/xml', 'image/png', 'application/octet-stream']);
        body = JSON.stringify(randomObject());
        kind = 'wrong-content-type';
      } else if (shape === 7) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = `name=a%00b&email=${FUZZ_SECRET_MARKER}&message=${'x'.repeat(int(2) ? 10 : 20_000)}`;
        kind = 'form';
      } else if (shape === 8) {
        ({ body, contentType: headers['content-type'] } = multipartForm());
        kind = 'multipart';
      } else {
        kind = 'no-body';
      }
    }
    return { method, path, headers, body, kind, edgeDates: lastQueryHadEdgeDates || kind === 'edge-dates' };
  };
}

/** Counts per status, and the requests that got a 5xx (at most 20 kept for the report). */
export interface FuzzReport {
  sent: number;
  /** Requests with edge dates in every date parameter (URL or body). */
  withEdgeDates: number;
  byStatus: Record<number, number>;
  serverErrors: { method: string; path: string; kind: string; status: number; body: string }[];
}

export function emptyReport(): FuzzReport {
  return { sent: 0, withEdgeDates: 0, byStatus: {}, serverErrors: [] };
}

export function record(report: FuzzReport, request: FuzzRequest, status: number, body: string) {
  report.sent += 1;
  if (request.edgeDates) report.withEdgeDates += 1;
  report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
  if (status >= 500) {
    report.serverErrors.push({
      method: request.method,
      path: request.path.slice(0, 200),
      kind: request.kind,
      status,
      body: body.slice(0, 300),
    });
  }
}
