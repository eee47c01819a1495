import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { PAGE_BOOT_SCRIPT, ROUTE_BOOT_SCRIPT } from '@tavara/shared/page-boot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { loadEnv } from './env';
import { createLogger } from './lib/logger';
import { createTestApp, type TestApp } from './testing/test-app';

describe('HTTP behaviour every route shares', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAX_BODY_BYTES: '2048' });
  });
  afterAll(() => t.close());

  it('sends security headers with a strict content security policy', async () => {
    const res = await t.app.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Plain http (local use): no HSTS, which would lock browsers to https on localhost.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('tags every response with a request id', async () => {
    const res = await t.app.request('/api/health');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('answers unknown /api paths with a JSON 404 in the error shape', async () => {
    const res = await t.app.request('/api/does-not-exist', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'No API route matches DELETE /api/does-not-exist.' },
    });
  });

  it('refuses a body over the limit with 413 before any handler reads it', async () => {
    const res = await t.app.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(4096) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('compresses JSON for clients that accept it', async () => {
    const res = await t.app.request('/api/does-not-exist-' + 'y'.repeat(2000), {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('HSTS', () => {
  it('is one year when the public URL is https', async () => {
    const t = await createTestApp({ APP_URL: 'https://care.example.tt' });
    try {
      const res = await t.app.request('/api/health');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.close();
    }
  });
});

describe('the built web app', () => {
  let t: TestApp;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await createTestApp();
    const webDir = mkdtempSync(join(tmpdir(), 'tavara-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html lang="en"><title>Tavara</title></html>');
    writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log("app")'.repeat(200));
    writeFileSync(join(webDir, 'assets', 'index-abc123.js.gz'), gzipSync('console.log("app")'.repeat(200)));
    writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
    writeFileSync(join(webDir, 'manifest.webmanifest'), '{"name":"Tavara"}');
    // Prerendered public pages (issue 23, decision 028): dist/pages/<path>.html, `/` as index.html.
    mkdirSync(join(webDir, 'pages', 'dashboard'), { recursive: true });
    writeFileSync(
      join(webDir, 'pages', 'index.html'),
      '<!doctype html><html lang="en"><title>Tavara</title><div id="root"><h1>Landing</h1></div></html>',
    );
    const familyDashboard =
      '<!doctype html><html lang="en"><title>Tavara</title><div id="root"><h1>Family Dashboard</h1></div></html>';
    writeFileSync(join(webDir, 'pages', 'dashboard', 'family.html'), familyDashboard);
    writeFileSync(join(webDir, 'pages', 'dashboard', 'family.html.br'), brotliCompressSync(familyDashboard));
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    app = createApp({ env, database: t.database, logger: createLogger('silent'), webDir });
  });
  afterAll(() => t.close());

  it('caches hashed assets for a year, immutable, and sends the precompressed file', async () => {
    const res = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toContain('javascript');
  });

  it('answers a missing asset with 404, never with the page', async () => {
    const res = await app.request('/assets/index-old999.js');
    expect(res.status).toBe(404);
  });

  it('serves index.html, uncached, for every page path so the client router can show it', async () => {
    for (const path of ['/', '/about', '/family/care-management/42', '/no/such/page']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>Tavara</title>');
    }
  });

  it('answers a prerendered path with its page, and the same path with a query or any other path with the shell', async () => {
    expect(await (await app.request('/')).text()).toContain('<h1>Landing</h1>');
    for (const path of ['/dashboard/family', '/dashboard/family/']) {
      const res = await app.request(path);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toContain('<h1>Family Dashboard</h1>');
    }
    // The service worker precaches each page by its file's URL (apps/web/sw/service-worker.ts).
    expect(await (await app.request('/pages/index.html')).text()).toContain('<h1>Landing</h1>');
    for (const path of ['/dashboard/family?tab=x', '/about', '/dashboard', '/index.html']) {
      const text = await (await app.request(path)).text();
      expect(text, path).not.toContain('<h1>');
      expect(text, path).toContain('<title>Tavara</title>');
    }
  });

  it('sends a prerendered page brotli-compressed by the build when the browser accepts it', async () => {
    const res = await app.request('/dashboard/family', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toContain(
      '<h1>Family Dashboard</h1>',
    );
  });

  it('sends the prerendered pages under the same Content-Security-Policy as every response', async () => {
    const res = await app.request('/dashboard/family');
    // 'self' and the two inline boot scripts by their hashes: no other inline script runs.
    const hash = (text: string) => createHash('sha256').update(text).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(
      `script-src 'self' 'sha256-${hash(PAGE_BOOT_SCRIPT)}' 'sha256-${hash(ROUTE_BOOT_SCRIPT)}';`,
    );
  });

  it('serves other public files with a short cache', async () => {
    const res = await app.request('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('always revalidates the service worker and the manifest, so a deploy reaches installed apps', async () => {
    const worker = await app.request('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toContain('javascript');
    const manifest = await app.request('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-type')).toContain('manifest+json');
  });

  it('still answers unknown API paths with JSON, not the page', async () => {
    const res = await app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
