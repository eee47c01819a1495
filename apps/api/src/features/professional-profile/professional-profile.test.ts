import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_CONTENT_SECURITY_POLICY, uploadedFileHeaders } from '../../lib/file-response';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const HTML = new TextEncoder().encode('<html><script>alert(1)</script></html>');

function upload(kind: string, title: string, bytes: Uint8Array | null, name = 'certificate.pdf') {
  const form = new FormData();
  form.set('kind', kind);
  form.set('title', title);
  if (bytes) form.set('file', new File([bytes], name, { type: 'application/pdf' }));
  return { method: 'POST', body: form } as const;
}

describe('professional documents', () => {
  let t: TestApp;
  let pro: TestUser;
  let otherPro: TestUser;
  let family: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
    pro = await createVerifiedUser(t, { role: 'professional' });
    otherPro = await createVerifiedUser(t, { role: 'professional' });
    family = await createVerifiedUser(t, { role: 'family' });
    admin = await createVerifiedUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('a professional uploads a PDF certificate and a photo of a police certificate; both are listed unverified', async () => {
    const first = await pro.client.request(
      '/api/professional/documents',
      upload('certification', 'CPR, Red Cross 2026', PDF),
    );
    expect(first.status, await first.clone().text()).toBe(201);
    const second = await pro.client.request(
      '/api/professional/documents',
      upload('police_certificate', 'Certificate of Character', PNG, 'photo.pdf'),
    );
    expect(second.status).toBe(201);
    // The type comes from the content, not the name or the declared type.
    expect(((await second.json()) as { document: { fileType: string } }).document.fileType).toBe('image/png');
    const list = (await (await pro.client.get('/api/professional/documents')).json()) as {
      documents: { title: string; verified: boolean }[];
    };
    expect(list.documents.map((d) => [d.title, d.verified])).toEqual([
      ['Certificate of Character', false],
      ['CPR, Red Cross 2026', false],
    ]);
  });

  it('a file that is not a PDF or an image, a missing file and an empty name are answered beside the fields', async () => {
    const html = await pro.client.request(
      '/api/professional/documents',
      upload('certification', 'Looks fine', HTML, 'x.pdf'),
    );
    expect(html.status).toBe(422);
    expect(((await html.json()) as { error: { fields: Record<string, string> } }).error.fields.file).toBe(
      'The file must be a PDF or a photo (JPEG, PNG or WebP).',
    );
    const empty = await pro.client.request('/api/professional/documents', upload('', '', null));
    expect(empty.status).toBe(422);
    const fields = ((await empty.json()) as { error: { fields: Record<string, string> } }).error.fields;
    expect(fields.kind).toBe('Please choose what kind of document this is.');
    expect(fields.title).toMatch(/Please name the document/);
    expect(fields.file).toBe('Please choose a file to upload.');
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    const tooBig = await pro.client.request('/api/professional/documents', upload('certification', 'Big', big));
    expect(tooBig.status).toBe(413);
    expect(
      await family.client.request('/api/professional/documents', upload('certification', 'x', PDF)),
    ).toHaveProperty('status', 403);
  });

  it('a document is served only to its owner and admins', async () => {
    const created = await pro.client.request('/api/professional/documents', upload('certification', 'First aid', PDF));
    const { document } = (await created.json()) as { document: { id: string } };
    const path = `/api/professional/documents/${document.id}/file`;
    const own = await pro.client.get(path);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    // Issue 32: the route's own sandbox is the policy as sent, not the app's page policy.
    expect(own.headers.get('content-security-policy')).toBe(FILE_CONTENT_SECURITY_POLICY);
    expect(own.headers.get('content-disposition')).toBe('inline; filename="document"');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PDF);
    expect((await admin.client.get(path)).status).toBe(200);
    for (const outsider of [otherPro, family]) expect((await outsider.client.get(path)).status).toBe(404);
    expect((await t.client().get(path)).status).toBe(401);
    // Nor can anyone else delete it.
    expect(
      (await otherPro.client.request(`/api/professional/documents/${document.id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    expect((await pro.client.request(`/api/professional/documents/${document.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await pro.client.get(path)).status).toBe(404);
  });

  it('only an admin sets "Verified by Tavara", and the audit log records it', async () => {
    const created = await pro.client.request(
      '/api/professional/documents',
      upload('certification', 'HHA licence', PDF),
    );
    const { document } = (await created.json()) as { document: { id: string } };
    const verify = (client: TestUser['client'], verified: boolean) =>
      client.post(`/api/admin/professional-documents/${document.id}/verification`, { verified });
    expect((await verify(pro.client, true)).status).toBe(403);
    const queue = (await (await admin.client.get('/api/admin/professional-documents')).json()) as {
      documents: { id: string; owner: { email: string } }[];
    };
    expect(queue.documents.find((d) => d.id === document.id)?.owner.email).toBe(pro.email);
    expect((await verify(admin.client, true)).status).toBe(200);
    const list = (await (await pro.client.get('/api/professional/documents')).json()) as {
      documents: { id: string; verified: boolean }[];
    };
    expect(list.documents.find((d) => d.id === document.id)?.verified).toBe(true);
    const log = (await (await admin.client.get('/api/admin/audit-log')).json()) as {
      entries: { action: string; targetId: string }[];
    };
    expect(log.entries.find((e) => e.targetId === document.id)?.action).toBe('professional_document.verified');
  });

  it('a file of any other type than an image or PDF is sent as an attachment, under the same sandbox', () => {
    expect(uploadedFileHeaders('image/png', 'document')['Content-Disposition']).toBe('inline; filename="document"');
    for (const type of ['text/html', 'image/svg+xml', 'application/xml', '']) {
      const headers = uploadedFileHeaders(type, 'document');
      expect(headers['Content-Disposition']).toBe('attachment; filename="document"');
      expect(headers['Content-Type']).toBe('application/octet-stream');
      expect(headers['Content-Security-Policy']).toBe(FILE_CONTENT_SECURITY_POLICY);
    }
  });
});
