import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { APP_URL, createConfirmedUser, GOOD_PASSWORD, mailLink, sidewaysOverflow } from '../auth/accounts';
import { expect, expectNoAxeViolations, test } from '../fixtures';
import { turnOffQuietHours } from './notification-setup';

test.use({ baseURL: APP_URL });

async function signIn(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/sign-in/email', {
    headers: { origin: APP_URL },
    data: { email, password: GOOD_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function signedInPage(context: BrowserContext, email: string): Promise<Page> {
  await signIn(context.request, email);
  await turnOffQuietHours(context.request);
  return context.newPage();
}

/** Saves a screenshot for review when E2E_SCREENSHOTS names a folder (never asserted on). */
async function snap(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png` });
}

test('a family invites a professional: the bell shows 1 and the e-mail arrives; accepting notifies the family', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const family = await createConfirmedUser(request, 'bell-family', { role: 'family', firstName: 'Keisha' });
  const pro = await createConfirmedUser(request, 'bell-pro', { role: 'professional', firstName: 'Marcus' });

  const familyContext = await browser.newContext({ baseURL: APP_URL, viewport: { width: 1280, height: 800 } });
  const familyPage = await signedInPage(familyContext, family.email);
  const proContext = await browser.newContext({ baseURL: APP_URL, viewport: { width: 360, height: 780 } });
  const proPage = await signedInPage(proContext, pro.email);

  // Before: no notifications; the bell says so.
  await proPage.goto('/professional/schedule');
  await expect(proPage.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();

  // The family makes a plan and invites the professional by e-mail (set up through the API).
  const created = await familyContext.request.post('/api/care-plans', {
    headers: { origin: APP_URL },
    data: {
      title: 'Care for Mum',
      description: 'Weekday help at home.',
      recipientName: 'Joyce Ramdass',
      planType: 'scheduled',
      weekdayCoverage: ['weekday_8am_4pm'],
      weekendCoverage: [],
      extraShifts: [],
      startDate: '2027-03-01',
      endDate: null,
      notes: null,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { plan } = (await created.json()) as { plan: { id: string } };
  const invited = await familyContext.request.post(`/api/care-plans/${plan.id}/invitations`, {
    headers: { origin: APP_URL },
    data: { kind: 'professional', email: pro.email, teamRole: 'caregiver', note: null },
  });
  expect(invited.ok(), await invited.text()).toBe(true);

  // The professional's bell shows 1 on the next page they open (it also polls every 30 s).
  await proPage.reload();
  const bell = proPage.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await expect(proPage.getByTestId('unread-badge')).toHaveText('1');

  // The e-mail arrives (sent by the server's worker), without the plan's title or the person cared for.
  const link = await mailLink(request, pro.email, /You are invited to join a care team/);
  expect(new URL(link).pathname).toBe('/professional/schedule');

  // The panel lists it; axe with the panel open; opening it marks it read and goes to the schedule.
  await bell.click();
  const panel = proPage.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  const item = panel.getByRole('link', { name: /Keisha bell-family invites you to join their care team as caregiver/ });
  await expect(item).toBeVisible();
  expect(await sidewaysOverflow(proPage)).toBe(0);
  await expectNoAxeViolations(proPage, 'notification panel open (360 px)');
  await snap(proPage, 'bell-panel-360');
  await item.click();
  await expect(panel).toBeHidden();
  await expect(proPage).toHaveURL(/\/professional\/schedule$/);
  await expect(proPage.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();

  // Accepting tells the family: their bell, their panel and their e-mail.
  await proPage.getByRole('button', { name: 'Accept' }).click();
  await expect(proPage.getByRole('link', { name: 'Care for Mum' })).toBeVisible();

  await familyPage.goto('/family/care-management');
  const familyBell = familyPage.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(familyBell).toBeVisible();
  await familyBell.click();
  const familyPanel = familyPage.getByRole('dialog', { name: 'Notifications' });
  await expect(
    familyPanel.getByRole('link', { name: /Marcus bell-pro accepted your invitation to Care for Mum/ }),
  ).toBeVisible();
  await expectNoAxeViolations(familyPage, 'notification panel open (1280 px)');
  await snap(familyPage, 'bell-panel-1280');
  await familyPanel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(familyPage.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();
  // Escape closes the panel and focus goes back to the bell.
  await familyPage.keyboard.press('Escape');
  await expect(familyPanel).toBeHidden();
  await expect(familyPage.getByRole('button', { name: 'Notifications, none unread' })).toBeFocused();
  await mailLink(request, family.email, /An invitation to your care team was accepted/);

  // The settings page: choose a digest for one kind and save.
  await familyPage.goto('/settings/notifications');
  await expect(familyPage.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
  await familyPage.getByRole('combobox', { name: 'Someone accepted your invitation' }).selectOption('digest');
  await familyPage.getByRole('button', { name: 'Save settings' }).click();
  await expect(familyPage.getByText('Your notification settings are saved.')).toBeVisible();
  await expectNoAxeViolations(familyPage, 'notification settings');
  await snap(familyPage, 'settings-1280');

  await familyContext.close();
  await proContext.close();
});

test('an e-mail’s unsubscribe link works signed out, for its own kind only', async ({ browser, request }) => {
  const pro = await createConfirmedUser(request, 'unsub-pro', { role: 'professional', firstName: 'Anil' });
  const family = await createConfirmedUser(request, 'unsub-family', { role: 'family', firstName: 'Priya' });
  const proContext = await browser.newContext({ baseURL: APP_URL });
  await signIn(proContext.request, pro.email);
  await turnOffQuietHours(proContext.request);
  const familyContext = await browser.newContext({ baseURL: APP_URL });
  await signIn(familyContext.request, family.email);
  const created = await familyContext.request.post('/api/care-plans', {
    headers: { origin: APP_URL },
    data: {
      title: 'Evenings',
      description: '',
      recipientName: 'Dad',
      planType: 'scheduled',
      weekdayCoverage: ['weekday_8am_4pm'],
      weekendCoverage: [],
      extraShifts: [],
      startDate: '2027-03-01',
      endDate: null,
      notes: null,
    },
  });
  const { plan } = (await created.json()) as { plan: { id: string } };
  await familyContext.request.post(`/api/care-plans/${plan.id}/invitations`, {
    headers: { origin: APP_URL },
    data: { kind: 'professional', email: pro.email, teamRole: 'nurse', note: null },
  });
  await mailLink(request, pro.email, /You are invited to join a care team/);
  const mailbox = (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(pro.email)}`)).json()) as {
    messages: Array<{ subject: string; links: string[] }>;
  };
  const unsubscribe = mailbox.messages
    .find((m) => /invited to join/.test(m.subject))!
    .links.find((l) => l.includes('/notifications/unsubscribe'))!;

  // A visitor (signed out, on a phone) opens it: it asks first, then stops that kind only.
  const visitor = await browser.newContext({ baseURL: APP_URL, viewport: { width: 360, height: 780 } });
  const page = await visitor.newPage();
  await page.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
  await expect(page.getByText('Stop e-mails about Invitations to join a care team?')).toBeVisible();
  await expectNoAxeViolations(page, 'unsubscribe');
  await snap(page, 'unsubscribe-360');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('You are unsubscribed')).toBeVisible();
  const prefs = (await (await proContext.request.get('/api/notifications/preferences')).json()) as {
    email: Record<string, string>;
  };
  expect(prefs.email.invitation_received).toBe('off');
  expect(prefs.email.shift_offered).toBe('now');
  await visitor.close();
  await proContext.close();
  await familyContext.close();
});
