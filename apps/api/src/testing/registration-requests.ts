import type { PublicRole } from '@tavara/shared/roles';
import type { TestClient } from './test-client';

/**
 * Registration requests as the web app makes them, for the tests of every feature that needs a
 * registered user (registration, dashboards, admin).
 */

/** A tiny but real PNG header: the server decides by content, not by name. */
export const TINY_PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

/** A valid registration form per role, with every required answer. */
export const VALID_REGISTRATION_FORMS: Record<PublicRole, Record<string, unknown>> = {
  family: {
    first_name: 'Keisha',
    last_name: 'Ramdass',
    phone_number: '+1 868 555 1234',
    care_location: 'Arima',
    care_recipient_name: 'Joyce Ramdass',
    relationship_to_recipient: 'parent',
  },
  professional: {
    first_name: 'Marcus',
    last_name: 'Joseph',
    professional_role: 'licensed_nurse',
    location: 'San Fernando',
    phone: '+1 868 555 9876',
    consent: 'yes',
  },
  community: { full_name: 'Devika Maharaj', location: 'Chaguanas', phone: '+1 868 555 4321' },
};

/** `PUT /api/registration/:role` with `answers` (a valid form for the role by default). */
export function saveRegistration(
  client: TestClient,
  role: string,
  answers: Record<string, unknown> = VALID_REGISTRATION_FORMS[role as PublicRole],
) {
  return client.request(`/api/registration/${role}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answers }),
  });
}

/** `POST /api/registration/photo` as the form's photo field sends it. */
export function uploadProfilePhoto(
  client: TestClient,
  bytes: Uint8Array = TINY_PNG,
  name = 'me.png',
  type = 'image/png',
) {
  const form = new FormData();
  form.append('photo', new File([bytes], name, { type }));
  return client.request('/api/registration/photo', { method: 'POST', body: form });
}
