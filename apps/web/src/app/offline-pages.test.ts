import { describe, expect, it } from 'vitest';
import { showsSavedData } from './offline-pages';

/**
 * Offline, a page of saved care data says what was saved and when; a form keeps the shell's line
 * that what was typed stays on the page (e2e/shell/offline.spec.ts, the registration form).
 */
describe('pages that show saved data offline', () => {
  it.each([
    '/dashboard/professional',
    '/dashboard/family',
    '/family/care-management',
    '/family/care-management/6f1c2f8e-0000-4000-8000-000000000000',
    '/family/care-management/6f1c2f8e-0000-4000-8000-000000000000/medications',
    '/professional/schedule',
    '/professional/assignments/6f1c2f8e-0000-4000-8000-000000000000',
    '/circles',
    '/circle/6f1c2f8e-0000-4000-8000-000000000000',
  ])('%s shows the saved-data banner', (path) => expect(showsSavedData(path)).toBe(true));

  it.each([
    '/registration/family',
    '/family/care-management/create',
    '/family/care-management/create/6f1c2f8e-0000-4000-8000-000000000000',
    '/account',
    '/family/care-assessment',
  ])('%s keeps the shell line about what was typed', (path) => expect(showsSavedData(path)).toBe(false));
});
