/**
 * zod 4 compiles object parsers with `new Function` unless told not to, and probes for it with
 * `Function('')` on the first parse. Our Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') refuses both, so every page that checks a form reported a CSP violation
 * (Lighthouse best practices 96; issue 23 item 6). `jitless` turns the compiler and the probe off.
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig` (the object `z.config()` writes
 * to) and adopts an existing one, so the entry sets it here without loading any zod code — the
 * landing page's first load does not grow. Imported first by main.tsx, before any form can parse.
 */
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

const zodGlobal = globalThis as ZodGlobal;
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};
