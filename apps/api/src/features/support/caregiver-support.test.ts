import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

interface MyRequests {
  requests: { id: string; kind: string; status: string; preferredContact: string; replies: { body: string }[] }[];
}

describe('caregiver health support requests', () => {
  let t: TestApp;
  let carer: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_DISABLED: 'true' });
    carer = await createVerifiedUser(t, { role: 'family' });
    other = await createVerifiedUser(t, { role: 'professional' });
    admin = await createVerifiedUser(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  it('signed out, asking for support answers 401', async () => {
    const res = await t.client().post('/api/caregiver-support/requests', {
      kind: 'presence_support',
      message: 'I need a few hours to rest.',
      preferredContact: 'phone',
    });
    expect(res.status).toBe(401);
  });

  it('bad input is answered beside each field', async () => {
    const res = await carer.client.post('/api/caregiver-support/requests', {
      kind: '',
      message: 'short',
      preferredContact: '',
    });
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toMatchObject({
      kind: 'Please choose the kind of support you would like.',
      message: 'Please tell us a little more (at least 10 characters).',
      preferredContact: 'Please choose how we should contact you.',
    });
  });

  it('a request reaches the admin inbox with its kind; the admin replies; only the sender sees it and the reply', async () => {
    const sent = await carer.client.post('/api/caregiver-support/requests', {
      kind: 'emotional_co_care',
      message: 'Caring for Mum alone is wearing me down.',
      preferredContact: 'whatsapp',
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };

    const inbox = (await (await admin.client.get('/api/support/requests?status=new')).json()) as {
      requests: { id: string; kind: string | null; status: string }[];
    };
    expect(inbox.requests.find((r) => r.id === id)).toMatchObject({ kind: 'emotional_co_care', status: 'new' });

    expect((await carer.client.post(`/api/support/requests/${id}/replies`, { body: 'x' })).status).toBe(403);
    const reply = await admin.client.post(`/api/support/requests/${id}/replies`, {
      body: 'We have a volunteer who can call you on Thursday.',
    });
    expect(reply.status).toBe(201);

    const mine = (await (await carer.client.get('/api/caregiver-support/requests/mine')).json()) as MyRequests;
    expect(mine.requests[0]).toMatchObject({
      id,
      kind: 'emotional_co_care',
      status: 'in_progress',
      preferredContact: 'whatsapp',
      replies: [{ body: 'We have a volunteer who can call you on Thursday.' }],
    });
    const others = (await (await other.client.get('/api/caregiver-support/requests/mine')).json()) as MyRequests;
    expect(others.requests).toEqual([]);
    const notices = (await (await carer.client.get('/api/notifications')).json()) as { items: { link: string }[] };
    expect(notices.items.some((n) => n.link === '/caregiver/health')).toBe(true);
  });
});
