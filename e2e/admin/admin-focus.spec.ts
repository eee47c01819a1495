import type { Page } from '@playwright/test';
import { APP_URL, createConfirmedAdmin, createConfirmedUser, signInAs, uniqueEmail } from '../auth/accounts';
import { expect, expectNoAxeViolations, test } from '../fixtures';

/**
 * Issue 14 items 7, 8 and 10 in the admin area: focus after the Change role and Delete dialogs
 * (it used to fall to <body>), axe with each dialog open, every tab in sight at 360 px, 44 px
 * row buttons on touch screens. One test: the spare admin address is this file's alone.
 */
test.use({ baseURL: APP_URL, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);

test('admin at 360 px: tabs in sight, 44 px row buttons, axe with each dialog open, focus kept after each', async ({
  page,
  request,
}) => {
  test.slow();
  const label = `Focus${Date.now().toString(36)}`;
  const mover = await createConfirmedUser(request, label, { email: uniqueEmail('focus-mover') });
  const leaver = await createConfirmedUser(request, label, { email: uniqueEmail('focus-leaver') });
  const admin = await createConfirmedAdmin(request, 'spare');
  // A request of its own, so the inbox's axe check below sees a request card (where the
  // label-content-name-mismatch finding was) whatever ran before.
  const requester = `Inbox ${label}`;
  const sent = await request.post('/api/support/requests', {
    headers: { origin: APP_URL },
    multipart: {
      name: requester,
      email: uniqueEmail('focus-support'),
      message: 'The admin focus check needs one request in the inbox.',
    },
  });
  expect(sent.status()).toBe(201);
  await signInAs(page, admin.email);
  await page.goto('/dashboard/admin');
  await expect(page).toHaveURL(/\/dashboard\/admin$/);

  // Every admin area's tab on screen at once at 360 px (they wrap in two columns), none hidden
  // in a sideways-scrolling strip: bring the tab list into view, then each tab must be whole.
  await page.getByRole('tablist', { name: 'Admin areas' }).scrollIntoViewIfNeeded();
  for (const name of ['Users', 'Support requests', 'Feature votes', 'Training', 'Audit log']) {
    const tab = page.getByRole('tab', { name });
    await expect(tab).toBeInViewport({ ratio: 1 });
  }
  await page.getByRole('tab', { name: 'Feature votes' }).click();
  await expect(page.getByRole('region', { name: 'Every feature, its status and its votes' })).toBeVisible();
  await expectNoAxeViolations(page, 'feature votes at 360');
  await page.getByRole('tab', { name: 'Support requests' }).click();
  await expect(page.getByRole('heading', { name: /Support requests/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${requester} ?, New: open the request$`) })).toBeVisible();
  await expectNoAxeViolations(page, 'support requests at 360');
  await page.getByRole('tab', { name: 'Users' }).click();

  await page.getByRole('searchbox', { name: 'Search by e-mail or name' }).fill(label);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(`2 users matching “${label}”`)).toBeVisible();

  const changeRole = page.getByRole('button', { name: `Change role of ${mover.email}` });
  const box = await changeRole.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);

  await changeRole.click();
  const roleDialog = page.getByRole('dialog', { name: /Change the role of/ });
  await expect(roleDialog).toBeVisible();
  await expectNoAxeViolations(page, 'change role dialog');
  await roleDialog.getByRole('radio', { name: 'Care Professional' }).check();
  await roleDialog.getByRole('button', { name: 'Change role' }).click();
  await expect(roleDialog).toBeHidden();
  await expect(page.getByText(/is now a professional user/)).toBeVisible();
  // Not on <body>: on this row's button if the list has already reloaded, else the list's heading.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active !== document.body && !!active?.closest('section[aria-labelledby="users-heading"]')
          ? 'in the users list'
          : (active?.outerHTML.slice(0, 120) ?? 'nothing');
      }),
    )
    .toBe('in the users list');

  await page.getByRole('button', { name: `Delete ${leaver.email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: /Delete the account of/ });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, 'delete dialog');
  await confirm.getByRole('button', { name: 'Delete account' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`1 user matching “${label}”`)).toBeVisible();
  // The row is gone: focus on the list's heading, never <body>.
  await expect.poll(() => activeId(page)).toBe('users-heading');
});
