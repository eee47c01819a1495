import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProfessional, createPlan, day, planShifts, send } from '../../testing/care-plan-requests';
import { addToCircle } from '../../testing/circle-requests';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The contact card (issue 30, item 5): the family's contacts and care address come from the
 * recipient's care assessment, and each group sees only what the family shares with it. A circle
 * member never receives what was not shared with the circle, nor the care address; a team member
 * sees the address only while they have a shift.
 */
const ADDRESS = '12 Pelican Drive, Diego Martin';
const PRIMARY_PHONE = '+1 868 555 0101';
const EMERGENCY_PHONE = '+1 (868) 555-0202';

interface Card {
  contacts: {
    kind: string;
    name: string;
    phone: string | null;
    relationship: string | null;
    telHref: string | null;
    whatsAppHref: string | null;
  }[];
  address: string | null;
  sharing: unknown;
}

describe('the contact card', () => {
  let t: TestApp;
  let owner: TestUser;
  let pro: TestUser;
  let neighbour: TestUser;
  let planId: string;

  const card = async (who: TestUser) => {
    const res = await send(who.client, 'GET', `/api/care-plans/${planId}/contacts`);
    expect(res.status).toBe(200);
    const text = await res.text();
    return { text, body: JSON.parse(text) as Card };
  };
  const share = async (sharing: unknown) =>
    send(owner.client, 'PUT', `/api/care-plans/${planId}/contacts/sharing`, sharing);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createVerifiedUser(t, { role: 'family' });
    pro = await createVerifiedUser(t, { role: 'professional' });
    neighbour = await createVerifiedUser(t, { role: 'community' });
    planId = await createPlan(owner.client);
    const save = (section: string, answers: Record<string, unknown>) =>
      send(owner.client, 'PUT', `/api/care-assessments/sections/${section}`, {
        recipientName: 'Joyce Ramdass',
        answers,
      });
    expect(
      (
        await save('basic', {
          primary_contact_name: 'Anil Ramdass',
          primary_contact_phone: PRIMARY_PHONE,
          care_address: ADDRESS,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await save('emergency', {
          contact_name: 'Sita Ramdass',
          contact_phone: EMERGENCY_PHONE,
          contact_relationship: 'child',
          allergies: 'Penicillin',
        })
      ).status,
    ).toBe(200);
    await addProfessional(owner.client, planId, pro);
    await addToCircle(owner.client, planId, neighbour);
  });
  afterAll(() => t.close());

  it('the family sees its contacts, links and address, and its own choice', async () => {
    const { body } = await card(owner);
    expect(body.address).toBe(ADDRESS);
    expect(body.contacts.map((c) => [c.kind, c.name, c.telHref, c.whatsAppHref])).toEqual([
      ['primary', 'Anil Ramdass', 'tel:+18685550101', 'https://wa.me/18685550101?text=Hello!'],
      ['emergency', 'Sita Ramdass', 'tel:+18685550202', 'https://wa.me/18685550202?text=Hello!'],
    ]);
    expect(body.sharing).toEqual({
      team: { primary: true, emergency: true, address: true },
      circle: { primary: false, emergency: false },
    });
  });

  it('by default the circle sees no contact and no address', async () => {
    const { text, body } = await card(neighbour);
    expect(body).toEqual({ contacts: [], address: null, sharing: null });
    for (const secret of [ADDRESS, 'Pelican', '555', 'Anil', 'Sita', 'Penicillin']) expect(text).not.toContain(secret);
  });

  it('a circle member gets only what is shared with the circle, never the address, whatever is sent', async () => {
    const res = await share({
      team: { primary: false, emergency: true, address: true },
      circle: { primary: false, emergency: true, address: true },
    });
    expect(res.status).toBe(200);
    const { text, body } = await card(neighbour);
    expect(body.contacts.map((c) => [c.kind, c.name, c.relationship])).toEqual([
      ['emergency', 'Sita Ramdass', 'Child'],
    ]);
    expect(body.address).toBeNull();
    for (const secret of [ADDRESS, 'Pelican', 'Anil', '0101', 'Penicillin']) expect(text).not.toContain(secret);
    expect((await card(owner)).body.sharing).toEqual({
      team: { primary: false, emergency: true, address: true },
      circle: { primary: false, emergency: true },
    });
  });

  it('a team member sees the team’s contacts, and the address only with a shift', async () => {
    const before = await card(pro);
    expect(before.body.contacts.map((c) => c.kind)).toEqual(['emergency']);
    expect(before.body.address).toBeNull();
    expect(before.text).not.toContain('Pelican');

    await send(owner.client, 'POST', `/api/care-plans/${planId}/shifts/generate`, { from: day(0), to: day(0) });
    const [shift] = await planShifts(owner.client, planId, day(0), day(0));
    expect((await send(pro.client, 'POST', `/api/shifts/${shift!.id}/claim`)).status).toBe(200);
    expect((await card(pro)).body.address).toBe(ADDRESS);

    expect(
      (
        await share({
          team: { primary: true, emergency: true, address: false },
          circle: { primary: true, emergency: false },
        })
      ).status,
    ).toBe(200);
    const after = await card(pro);
    expect(after.body.address).toBeNull();
    expect(after.body.contacts.map((c) => c.kind)).toEqual(['primary', 'emergency']);
    expect((await card(neighbour)).body.contacts.map((c) => c.kind)).toEqual(['primary']);
  });

  it('a choice that is not the whole shape is refused beside the field, and nothing changes', async () => {
    const res = await share({ team: { primary: true }, circle: { primary: true, emergency: true } });
    expect(res.status).toBe(422);
    expect((await card(neighbour)).body.contacts.map((c) => c.kind)).toEqual(['primary']);
  });
});
