import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHAT_INPUT_MESSAGES } from '@tavara/shared/validation/chat-input';
import {
  PROFILE_PHOTO_MESSAGES,
  REGISTRATION_MESSAGES,
  type SavedRegistration,
} from '@tavara/shared/registration/registration';
import type { ApiErrorBody } from '@tavara/shared/api-error';
import { getTableColumns } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/profiles';
import { familyDetails, professionalDetails } from '../../db/schema/registration';
import { createVerifiedUser, type TestUser } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  saveRegistration,
  TINY_PNG,
  uploadProfilePhoto,
  VALID_REGISTRATION_FORMS,
} from '../../testing/registration-requests';
import { DETAILS_TABLES, detailsQuestions } from './registration.service';

const FAMILY_FORM = {
  first_name: 'Keisha',
  last_name: 'Ramdass',
  email: 'someone-else@example.com',
  phone_number: '+1 868 555 1234',
  care_location: 'Arima',
  care_recipient_name: 'Joyce Ramdass',
  relationship_to_recipient: 'parent',
  care_type: ['in_home_care', 'mobility_assistance'],
  budget: '$20-30/hour',
  additional_notes: '  Mornings are best.  ',
};

const PROFESSIONAL_FORM = VALID_REGISTRATION_FORMS.professional;

const saved = async (res: Response) => (await res.json()) as SavedRegistration;
const failure = async (res: Response) => ((await res.json()) as ApiErrorBody).error;

describe('registration forms', () => {
  let t: TestApp;
  let dataDir: string;
  let family: TestUser;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tavara-registration-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    family = await createVerifiedUser(t, { role: 'family' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the details tables have one column per non-profile question, named by its id', () => {
    for (const [role, table] of Object.entries(DETAILS_TABLES)) {
      const columns = Object.values(getTableColumns(table)).map((column) => column.name);
      const expected = detailsQuestions(role as keyof typeof DETAILS_TABLES).map((question) => question.id);
      expect(columns.filter((name) => !['user_id', 'created_at', 'updated_at'].includes(name)).sort()).toEqual(
        expected.sort(),
      );
    }
  });

  it('signed out: every route answers 401', async () => {
    const anonymous = t.client();
    expect((await anonymous.get('/api/registration/me')).status).toBe(401);
    expect((await saveRegistration(anonymous, 'family', FAMILY_FORM)).status).toBe(401);
    expect((await uploadProfilePhoto(anonymous, TINY_PNG)).status).toBe(401);
    expect((await anonymous.get(`/api/registration/photo/${family.id}`)).status).toBe(401);
  });

  it('a family saves their form: profile and typed details; the account e-mail wins; the profile is complete', async () => {
    const before = await (await family.client.get('/api/profile/me')).json();
    expect(before).toMatchObject({ profileComplete: false });

    const res = await saveRegistration(family.client, 'family', FAMILY_FORM);
    expect(res.status).toBe(200);
    const first = await saved(res);
    expect(first).toMatchObject({
      role: 'family',
      answers: {
        ...FAMILY_FORM,
        email: family.email,
        additional_notes: 'Mornings are best.',
      },
      photoUrl: null,
    });
    expect(first.registeredAt).toEqual(expect.any(String));

    const [row] = await t.database.db.select().from(familyDetails).where(eq(familyDetails.userId, family.id));
    expect(row).toMatchObject({
      care_location: 'Arima',
      care_type: ['in_home_care', 'mobility_assistance'],
      care_conditions: [],
      relationship_to_recipient: 'parent',
    });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, family.id));
    expect(profile).toMatchObject({
      fullName: 'Keisha Ramdass',
      phone: '+1 868 555 1234',
      location: 'Arima',
    });
    expect(await (await family.client.get('/api/profile/me')).json()).toMatchObject({ profileComplete: true });

    // Edit mode reads the same answers back; a second save keeps the first registration time.
    const again = await saved(await saveRegistration(family.client, 'family', { ...FAMILY_FORM, care_type: [] }));
    expect(again.registeredAt).toBe(first.registeredAt);
    expect(again.answers).not.toHaveProperty('care_type');
    expect(await (await family.client.get('/api/registration/me')).json()).toEqual(again);
  });

  it('bad input: a message per field, in the chat’s words; nothing is saved', async () => {
    const { client, id } = await createVerifiedUser(t, { role: 'family' });
    const res = await saveRegistration(client, 'family', {
      ...FAMILY_FORM,
      first_name: ' ',
      phone_number: '555',
      relationship_to_recipient: 'cousin',
      care_type: 'in_home_care',
      invented_field: 'x',
      budget: 'lots',
    });
    expect(res.status).toBe(422);
    const error = await failure(res);
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toMatchObject({
      first_name: REGISTRATION_MESSAGES.required,
      phone_number: expect.any(String),
      relationship_to_recipient: expect.any(String),
      care_type: expect.any(String),
      invented_field: expect.any(String),
      budget: CHAT_INPUT_MESSAGES.budget,
    });
    expect(await t.database.db.select().from(familyDetails).where(eq(familyDetails.userId, id))).toEqual([]);
  });

  it('nobody fills in another role’s form; admins have none', async () => {
    expect((await saveRegistration(family.client, 'professional', PROFESSIONAL_FORM)).status).toBe(403);
    const admin = await createVerifiedUser(t, { role: 'admin' });
    const res = await saveRegistration(admin.client, 'family', FAMILY_FORM);
    expect(res.status).toBe(403);
    expect((await failure(res)).message).toBe(REGISTRATION_MESSAGES.adminHasNoRegistration);
    expect((await saveRegistration(family.client, 'admin', FAMILY_FORM)).status).toBe(400);
  });

  it('professionals must consent; the time of consent is kept across edits', async () => {
    const pro = await createVerifiedUser(t, { role: 'professional' });
    const refused = await saveRegistration(pro.client, 'professional', { ...PROFESSIONAL_FORM, consent: 'no' });
    expect(refused.status).toBe(422);
    expect((await failure(refused)).fields).toEqual({ consent: REGISTRATION_MESSAGES.consentRequired });

    expect((await saveRegistration(pro.client, 'professional', PROFESSIONAL_FORM)).status).toBe(200);
    const [first] = await t.database.db
      .select()
      .from(professionalDetails)
      .where(eq(professionalDetails.userId, pro.id));
    expect(first?.consent).toBeInstanceOf(Date);
    const edited = await saveRegistration(pro.client, 'professional', { ...PROFESSIONAL_FORM, notes: 'Weekends too' });
    expect((await saved(edited)).answers).toMatchObject({ consent: 'yes', notes: 'Weekends too' });
    const [second] = await t.database.db
      .select()
      .from(professionalDetails)
      .where(eq(professionalDetails.userId, pro.id));
    expect(second?.consent?.getTime()).toBe(first?.consent?.getTime());
  });

  it('community yes/no answers are stored as booleans and read back as codes', async () => {
    const member = await createVerifiedUser(t, { role: 'community' });
    const res = await saveRegistration(member.client, 'community', {
      full_name: 'Devika Maharaj',
      location: 'Chaguanas',
      phone: '+1 868 555 4321',
      directory_visibility: 'no',
      enable_notifications: 'yes',
    });
    expect(res.status).toBe(200);
    expect((await saved(res)).answers).toMatchObject({ directory_visibility: 'no', enable_notifications: 'yes' });
  });

  describe('profile photo', () => {
    it('refuses U+0000 in the photo’s file name with 400 in the API shape', async () => {
      const res = await uploadProfilePhoto(family.client, TINY_PNG, 'me\u0000.png');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'bad_request' } });
    });

    it('takes a TINY_PNG by content and serves it to its owner and admins only', async () => {
      const res = await uploadProfilePhoto(family.client, TINY_PNG);
      expect(res.status).toBe(201);
      const { photoUrl } = (await res.json()) as { photoUrl: string };
      expect(photoUrl).toMatch(new RegExp(`^/api/registration/photo/${family.id}\\?v=`));

      const own = await family.client.get(photoUrl);
      expect(own.status).toBe(200);
      expect(own.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await own.arrayBuffer())).toEqual(TINY_PNG);

      const other = await createVerifiedUser(t, { role: 'professional' });
      expect((await other.client.get(photoUrl)).status).toBe(404);
      const admin = await createVerifiedUser(t, { role: 'admin' });
      expect((await admin.client.get(photoUrl)).status).toBe(200);
      expect((await saved(await family.client.get('/api/registration/me'))).photoUrl).toBe(photoUrl);
    });

    it('refuses a non-image named .png, and anything over 5 MB', async () => {
      const fake = await uploadProfilePhoto(family.client, new TextEncoder().encode('<script>alert(1)</script>'));
      expect(fake.status).toBe(422);
      expect((await failure(fake)).fields).toEqual({ photo: PROFILE_PHOTO_MESSAGES.type });

      const big = new Uint8Array(5 * 1024 * 1024 + 1);
      big.set(TINY_PNG);
      const tooBig = await uploadProfilePhoto(family.client, big);
      expect(tooBig.status).toBe(413);
      expect((await failure(tooBig)).message).toBe(PROFILE_PHOTO_MESSAGES.size);
    });

    it('a request without a photo says so', async () => {
      const res = await family.client.request('/api/registration/photo', { method: 'POST', body: new FormData() });
      expect(res.status).toBe(422);
      expect((await failure(res)).fields).toEqual({ photo: PROFILE_PHOTO_MESSAGES.missing });
    });
  });
});
