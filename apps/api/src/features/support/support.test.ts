import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_SCREENSHOT_BYTES } from '@tavara/shared/support/contact-request.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, mailsTo, type TestUser, uniqueEmail } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { TestClient } from '../../testing/test-client';

const SUPPORT_EMAIL = 'help-desk@tavara.test';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const XSS = '<script>alert("x")</script>';

interface ContactInput {
  name?: string;
  email?: string;
  message?: string;
  chatData?: string;
  screenshot?: Blob;
}

function contactForm(input: ContactInput = {}): FormData {
  const form = new FormData();
  form.set('name', input.name ?? 'Keisha Mohammed');
  form.set('email', input.email ?? uniqueEmail('contact'));
  form.set('message', input.message ?? 'The care plan page will not load on my phone.');
  if (input.chatData !== undefined) form.set('chatData', input.chatData);
  if (input.screenshot) form.set('screenshot', input.screenshot, 'screen.png');
  return form;
}

function sendContact(client: TestClient, input: ContactInput = {}, init: { origin?: string | null } = {}) {
  return client.request('/api/support/requests', { method: 'POST', body: contactForm(input), ...init });
}

describe('contact support requests', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: TestUser;
  let family: TestUser;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tavara-support-test-'));
    t = await createTestApp({ DATA_DIR: dataDir, SUPPORT_EMAIL, APP_URL: 'http://care.test' });
    admin = await createVerifiedUser(t, { role: 'admin' });
    family = await createVerifiedUser(t, { role: 'family' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('anyone can send a request: it is stored, e-mailed to SUPPORT_EMAIL only, and the sender gets no copy', async () => {
    const email = uniqueEmail('sender');
    const res = await sendContact(t.client(), { email, screenshot: new Blob([PNG], { type: 'image/png' }) });
    expect(res.status).toBe(201);
    const { id, emailed } = (await res.json()) as { id: string; emailed: boolean };
    expect(emailed).toBe(true);

    const [mail] = await mailsTo(t, SUPPORT_EMAIL);
    expect(mail?.subject).toBe(`Tavara support request #${id.slice(0, 8)}`);
    expect(mail?.text).toContain('The care plan page will not load on my phone.');
    expect(mail?.text).toContain(
      `Screenshot: image/png, 1 kB, attached — also at http://care.test/api/support/requests/${id}/screenshot`,
    );
    expect(await mailsTo(t, email)).toEqual([]);
    expect(readdirSync(join(dataDir, 'uploads', 'support'))).toContain(`${id}.png`);

    const list = await admin.client.get('/api/support/requests');
    const { requests } = (await list.json()) as { requests: Array<Record<string, unknown>> };
    expect(requests.find((r) => r.id === id)).toMatchObject({
      email,
      status: 'new',
      mailStatus: 'sent',
      hasScreenshot: true,
      hasChat: false,
    });
    const detail = (await (await admin.client.get(`/api/support/requests/${id}`)).json()) as { request: unknown };
    expect(detail.request).toMatchObject({ id, email, screenshot: { type: 'image/png' }, chatData: null });
  });

  it('a <script> in every field arrives inert: escaped in the HTML e-mail, plain data in the admin view', async () => {
    const chatData = JSON.stringify({
      role: 'family',
      sessionId: XSS,
      transcript: [{ content: XSS, isUser: true, timestamp: 1_700_000_000_000 }],
    });
    const res = await sendContact(t.client(), {
      name: XSS,
      email: 'o"<script>@example.tt',
      message: `Help ${XSS} please`,
      chatData,
    });
    // An address with markup is not an e-mail address: refused before anything is stored.
    expect(res.status).toBe(422);

    const ok = await sendContact(t.client(), { name: XSS, message: `Help ${XSS} please`, chatData });
    expect(ok.status).toBe(201);
    const { id } = (await ok.json()) as { id: string };
    const mail = (await mailsTo(t, SUPPORT_EMAIL)).find((m) => m.subject.includes(id.slice(0, 8)));
    expect(mail).toBeDefined();
    expect(mail?.html).not.toContain('<script');
    expect(mail?.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail?.html.match(/&lt;script&gt;/g)?.length).toBeGreaterThanOrEqual(4);
    expect(mail?.subject).not.toContain('<');
    expect(mail?.text).toContain('Chat session data: Family Member');

    const list = await admin.client.get('/api/support/requests');
    expect(list.headers.get('content-type')).toContain('application/json');
    const { requests } = (await list.json()) as { requests: Array<{ id: string; name: string; hasChat: boolean }> };
    expect(requests.find((r) => r.id === id)).toMatchObject({ name: XSS, hasChat: true });
    const detail = await admin.client.get(`/api/support/requests/${id}`);
    expect(detail.headers.get('content-type')).toContain('application/json');
    expect(((await detail.json()) as { request: { chatData: unknown } }).request.chatData).toEqual(
      JSON.parse(chatData),
    );
  });

  it('missing or invalid fields answer 422 with a message per field, and nothing is stored', async () => {
    const res = await sendContact(t.client(), { name: ' ', email: 'not-an-address', message: 'short' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toMatchObject({
      name: 'Please enter your name.',
      email: 'Please enter a valid email address so we can reply.',
      message: 'Please describe the issue in at least 10 characters.',
    });
    const tooLong = await sendContact(t.client(), { message: 'x'.repeat(5001) });
    expect(tooLong.status).toBe(422);
    const badChat = await sendContact(t.client(), { chatData: '{"role":"pirate"}' });
    expect(badChat.status).toBe(422);
  });

  it('a screenshot must be an image by its content, and at most 5 MB', async () => {
    const html = new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' });
    const notImage = await sendContact(t.client(), { screenshot: html });
    expect(notImage.status).toBe(422);
    expect(await notImage.json()).toMatchObject({
      error: { fields: { screenshot: 'The screenshot must be a PNG, JPEG, GIF or WebP image.' } },
    });

    const big = new Uint8Array(MAX_SCREENSHOT_BYTES + 1);
    big.set(PNG);
    const tooBig = await sendContact(t.client(), { screenshot: new Blob([big], { type: 'image/png' }) });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ error: { code: 'payload_too_large' } });

    const huge = new Uint8Array(MAX_SCREENSHOT_BYTES + 2 * 1024 * 1024);
    const wayTooBig = await sendContact(t.client(), { screenshot: new Blob([huge]) });
    expect(wayTooBig.status).toBe(413);
  });

  it('rate limit: the sixth request from one address within the hour answers 429 with Retry-After', async () => {
    const client = t.client();
    for (let i = 0; i < 5; i += 1) {
      const res = await sendContact(client);
      expect(res.status, `request ${i + 1}`).toBe(201);
    }
    const limited = await sendContact(client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    // Another address is not affected.
    expect((await sendContact(t.client())).status).toBe(201);
  });

  it('rate limit: one typed e-mail address gets three requests an hour, from any address', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 3; i += 1) expect((await sendContact(t.client(), { email })).status).toBe(201);
    expect((await sendContact(t.client(), { email })).status).toBe(429);
  });

  it('a signed-in sender is linked to the request; a cookie-carrying post from another site is refused', async () => {
    const res = await sendContact(family.client);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const { request } = (await (await admin.client.get(`/api/support/requests/${id}`)).json()) as {
      request: { id: string; userId: string | null };
    };
    expect(request.userId).toBe(family.id);

    const foreign = await sendContact(family.client, {}, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
  });

  it('only admins can list requests, change their status and open screenshots', async () => {
    const sent = await sendContact(t.client(), { screenshot: new Blob([PNG]) });
    const { id } = (await sent.json()) as { id: string };
    const others: Array<[string, TestClient]> = [
      ['anonymous', t.client()],
      ['family', family.client],
    ];
    for (const role of ['professional', 'community'] as const) {
      others.push([role, (await createVerifiedUser(t, { role })).client]);
    }
    for (const [who, client] of others) {
      const expected = who === 'anonymous' ? 401 : 403;
      expect((await client.get('/api/support/requests')).status, who).toBe(expected);
      expect((await client.get(`/api/support/requests/${id}`)).status, who).toBe(expected);
      expect((await client.get(`/api/support/requests/${id}/screenshot`)).status, who).toBe(expected);
      const patch = await client.request(`/api/support/requests/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'resolved' }),
      });
      expect(patch.status, who).toBe(expected);
    }

    const image = await admin.client.get(`/api/support/requests/${id}/screenshot`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);

    const patch = await admin.client.request(`/api/support/requests/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'in_progress' }),
    });
    expect(await patch.json()).toEqual({ request: { id, status: 'in_progress' } });
  });

  it('a failed e-mail still stores the request and tells the sender it was received', async () => {
    const failing = await createTestApp({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:1', LOG_LEVEL: 'silent' });
    try {
      const res = await sendContact(failing.client());
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ emailed: false });
    } finally {
      await failing.close();
    }
  });

  it('refuses U+0000 in any field of the form with 400 in the API shape, and stores nothing', async () => {
    const chat = (content: string) =>
      JSON.stringify({ role: 'family', sessionId: 'abc', transcript: [{ content, isUser: true, timestamp: 1 }] });
    const cases: [string, ContactInput | FormData][] = [
      ['name', { name: 'Keisha\u0000Mohammed' }],
      ['email', { email: 'keisha\u0000@example.tt' }],
      ['message', { message: 'The page will not \u0000 load on my phone.' }],
      ['chatData, a raw NUL', { chatData: chat('hello\u0000there') }],
      ['chatData, an escaped NUL', { chatData: chat('hello there').replace('hello', 'hello\\u0000') }],
    ];
    const named = contactForm();
    named.set('screenshot', new Blob([PNG], { type: 'image/png' }), 'screen\u0000.png');
    cases.push(['the screenshot’s file name', named]);
    const fieldName = contactForm();
    fieldName.set('extra\u0000', 'x');
    cases.push(['a field name', fieldName]);
    const before = (await (await admin.client.get('/api/support/requests')).json()) as { total: number };
    for (const [label, input] of cases) {
      const res =
        input instanceof FormData
          ? await t.client().request('/api/support/requests', { method: 'POST', body: input })
          : await sendContact(t.client(), input);
      expect(res.status, label).toBe(400);
      expect(await res.json(), label).toMatchObject({
        error: { code: 'bad_request', message: expect.stringContaining('U+0000') },
      });
    }
    const after = (await (await admin.client.get('/api/support/requests')).json()) as { total: number };
    expect(after.total).toBe(before.total);
  });
});

describe('public configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WHATSAPP_NUMBER: '18687771234', AUTH_SECRET: 'x'.repeat(40) });
  });
  afterAll(() => t.close());

  it('tells the browser the WhatsApp number, the support address, environment and defaults in use — no secrets', async () => {
    const res = await t.app.request('/api/config');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      environment: 'test',
      whatsappNumber: '18687771234',
      // The chat's 'Email Us' button writes to it (spec §2), so it is public by design.
      supportEmail: 'support@localhost',
      mail: 'outbox',
      defaultsInUse: ['SUPPORT_EMAIL', 'SMTP_URL (dev outbox)', expect.stringContaining('DATABASE_URL')],
    });
    expect(JSON.stringify(body)).not.toContain('x'.repeat(40));
  });
});
