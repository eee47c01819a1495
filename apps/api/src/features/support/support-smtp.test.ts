import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

const SUPPORT_EMAIL = 'care-desk@tavara.test';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);

/** The decoded body of the MIME part with `contentType` (quoted-printable or base64). */
function mimePart(raw: string, contentType: string): string {
  const start = raw.indexOf(`Content-Type: ${contentType}`);
  if (start < 0) throw new Error(`no ${contentType} part`);
  const part = raw.slice(start);
  const [headers = '', ...rest] = part.split('\r\n\r\n');
  // The part ends at the next MIME boundary — not at any line that starts with "--": React's HTML
  // holds `<!-- -->` text separators, and quoted-printable may wrap a line right before one.
  const text = rest.join('\r\n\r\n');
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => `\r\n--${m[1]}`);
  const ends = boundaries.map((b) => text.indexOf(b)).filter((i) => i >= 0);
  const body = text.slice(0, Math.min(text.length, ...ends));
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    return Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return body;
}

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it is handed. */
function startSmtpSink() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise<{ port: number; received: Received[]; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.server.address() as AddressInfo).port,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe('contact requests over SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    dataDir = mkdtempSync(join(tmpdir(), 'tavara-support-smtp-'));
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SUPPORT_EMAIL, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a request with a screenshot reaches the SMTP server, addressed to SUPPORT_EMAIL only, the image attached', async () => {
    const form = new FormData();
    form.set('name', 'Nadia <img src=x onerror=alert(1)>');
    form.set('email', 'nadia@example.tt');
    form.set('message', 'The reset link says it is invalid. <script>alert(2)</script>');
    form.set('screenshot', new Blob([PNG]), 'what-i-see.png');
    const res = await t.client().request('/api/support/requests', { method: 'POST', body: form });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ emailed: true });

    const mail = await vi.waitFor(() => {
      const found = smtp.received.at(-1);
      if (!found) throw new Error('no message yet');
      return found;
    });
    expect(mail.to).toEqual([SUPPORT_EMAIL]);
    expect(mail.raw).not.toMatch(/^To:.*nadia@example\.tt/im);
    expect(mail.raw).toMatch(/Content-Type: image\/png; name=screenshot\.png/);
    expect(mail.raw).toContain(Buffer.from(PNG).toString('base64'));
    const html = mimePart(mail.raw, 'text/html');
    expect(html).toContain('The reset link says it is invalid. &lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).toContain('Nadia &lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toMatch(/<script|<img/);
    // The plain-text part shows the words as typed: text is never rendered as markup.
    expect(mimePart(mail.raw, 'text/plain')).toContain('<script>alert(2)</script>');
  });
});
