import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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
    writeFileSync(
      join(webDir, 'landing.html'),
      '<!doctype html><html lang="en"><title>Tavara</title><link rel="modulepreload" href="/assets/home-page-1.js"></html>',
    );
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

  it('answers / with landing.html (its lazy chunks preloaded) and every other page with index.html', async () => {
    expect(await (await app.request('/')).text()).toContain('home-page-1.js');
    expect(await (await app.request('/about')).text()).not.toContain('home-page-1.js');
  });

  it('serves other public files with a short cache', async () => {
    const res = await app.request('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('still answers unknown API paths with JSON, not the page', async () => {
    const res = await app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
