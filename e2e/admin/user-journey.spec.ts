import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test as base } from '../fixtures';
import { APP_URL, createConfirmedAdmin, createConfirmedUser, sidewaysOverflow, signInAs } from '../auth/accounts';

/** Chromium logs every 404 as a console error, and a lookup that matches nothing is a 404. */
const FAILED_404 = /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/;

/** The console guard allows that one message, and only for the timeline lookup. */
const test = base.extend<{ failedRequestsOnlyToTimeline: void }>({
  allowConsoleErrors: FAILED_404,
  failedRequestsOnlyToTimeline: [
    async ({ page }, use) => {
      const elsewhere: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error' || !FAILED_404.test(message.text())) return;
        const url = message.location().url;
        const path = url ? new URL(url).pathname : '(unknown)';
        if (path !== '/api/admin/user-journey/timeline') elsewhere.push(`${path}: ${message.text()}`);
      });
      await use();
      expect(elsewhere, 'failed requests other than the timeline lookup').toEqual([]);
    },
    { auto: true },
  ],
});

test.use({ baseURL: APP_URL });

/** Ids as the browser makes them (22 base64url characters). */
const newId = (bytes = 16) => randomBytes(bytes).toString('base64url');

/**
 * A chat synced through the real chat routes, as the browser would: its opening transcript and
 * its progress at (section, question). Sent without cookies, like an anonymous visitor.
 */
async function syncChat(
  request: APIRequestContext,
  role: 'family' | 'professional' | 'community',
  position: { sectionIndex: number; questionIndex: number; completed?: boolean; handedOverAt?: number },
): Promise<string> {
  // The server issues the session's id, as on a chat's first sync.
  const issued = await request.post('/api/chat/sessions', { headers: { origin: APP_URL } });
  expect(issued.status(), await issued.text()).toBe(201);
  const { sessionId } = (await issued.json()) as { sessionId: string };
  const now = Date.now();
  const noun = { family: 'family member', professional: 'care professional', community: 'community member' }[role];
  const messages = await request.post(`/api/chat/sessions/${sessionId}/messages`, {
    headers: { origin: APP_URL },
    data: {
      messages: [
        { id: newId(12), content: 'Welcome! Who are you?', sender: 'assistant', timestamp: now },
        { id: newId(12), content: `I'm a ${noun}.`, sender: 'user', timestamp: now + 1 },
      ],
    },
  });
  expect(messages.ok(), await messages.text()).toBe(true);
  const completed = position.completed ?? false;
  const progress = await request.put(`/api/chat/sessions/${sessionId}`, {
    headers: { origin: APP_URL },
    data: {
      role,
      stage: completed ? 'completion' : 'questions',
      status: completed ? 'completed' : 'in_progress',
      completed,
      sectionIndex: position.sectionIndex,
      questionIndex: position.sectionIndex * 10 + position.questionIndex,
      answers: {},
      lastActive: now + 2,
      handedOverAt: position.handedOverAt ?? null,
    },
  });
  expect(progress.ok(), await progress.text()).toBe(true);
  return sessionId;
}

/** The count a funnel bar shows, by its label, inside the list named `list`. */
async function barCount(page: Page, list: string, label: string): Promise<number> {
  const item: Locator = page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: label });
  return Number(await item.locator('strong').first().innerText());
}

/** These journeys start signed in (the sign-in screens have their own, e2e/auth and admin-area). */
async function signIn(page: Page, account: { email: string }) {
  await signInAs(page, account.email);
}

test('admin: the funnel includes the new chats, a chat is looked up by its id, at 1280 and 360 px', async ({
  page,
  request,
  playwright,
}) => {
  // Chats, an admin sign-in and two viewports with axe checks: triple time.
  test.slow();
  // A context of its own without cookies: these are anonymous visitors' chats.
  const visitor = await playwright.request.newContext({ baseURL: APP_URL });
  const familyChat = await syncChat(visitor, 'family', { sectionIndex: 0, questionIndex: 4 });
  await syncChat(visitor, 'professional', { sectionIndex: 0, questionIndex: 2, handedOverAt: Date.now() });
  await syncChat(visitor, 'community', { sectionIndex: 6, questionIndex: 1, completed: true });
  await visitor.dispose();

  const admin = await createConfirmedAdmin(request, 'userJourney');
  await signIn(page, admin);
  await page.goto('/admin/user-journey');
  await expect(page.getByRole('heading', { level: 1, name: 'User Journey' })).toBeVisible();

  // Other journeys make chats on the same server at the same time: at least ours are counted.
  const overall = 'Funnel, all roles';
  await expect(page.getByRole('list', { name: overall })).toBeVisible();
  expect(await barCount(page, overall, 'Started a chat')).toBeGreaterThanOrEqual(3);
  expect(await barCount(page, overall, 'Chose a role')).toBeGreaterThanOrEqual(3);
  expect(await barCount(page, overall, 'Completed the chat')).toBeGreaterThanOrEqual(1);
  expect(await barCount(page, overall, 'Handed over to the form')).toBeGreaterThanOrEqual(1);

  // The family tab (first) shows its stages and the drop-off per question.
  await expect(page.getByRole('tab', { name: /Family/, selected: true })).toBeVisible();
  expect(await barCount(page, 'Family Member funnel', 'Section 1: Personal Information')).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('heading', { name: 'Drop-off per question' }).first()).toBeVisible();
  await page.getByRole('tab', { name: /Professional/ }).click();
  const professionalRole = page.getByRole('listitem').filter({ hasText: /^Professional role/ });
  await expect(professionalRole).toContainText(/stopped \d+/);
  expect(await barCount(page, 'Care Professional funnel', 'Handed over to the form')).toBeGreaterThanOrEqual(1);
  await expectNoAxeViolations(page, '/admin/user-journey funnel');

  // The timeline of one chat, by its session id: exactly this chat.
  const lookup = page.getByRole('textbox', { name: 'E-mail, user id or chat session id' });
  await lookup.fill(familyChat);
  await page.getByRole('button', { name: 'Look up' }).click();
  const timeline = page.getByRole('list', { name: 'Timeline, oldest first' });
  await expect(timeline.getByText('Chat started')).toBeVisible();
  await expect(timeline.getByText('Chose a role: Family Member')).toBeVisible();
  await expect(timeline.getByText("I'm a family member.")).toBeVisible();
  await expect(page.getByText(familyChat, { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('user-journey-1280.png'), fullPage: true });

  // Nothing matching: said beside the field.
  await lookup.fill('nobody-here@example.tt');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(lookup).toHaveAccessibleDescription('No user or chat session matches “nobody-here@example.tt”.');
  await expectNoAxeViolations(page, '/admin/user-journey not found');

  // A phone: nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  await lookup.fill(familyChat);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(timeline.getByText("I'm a family member.")).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, '/admin/user-journey at 360 px');
  await page.screenshot({ path: test.info().outputPath('user-journey-360.png'), fullPage: true });
});

test('family: the user journey sends a signed-in family member to their own dashboard', async ({ page, request }) => {
  const family = await createConfirmedUser(request, 'journeyFamily', { role: 'family' });
  await signIn(page, family);
  await page.goto('/admin/user-journey');
  await expect(page).toHaveURL('/dashboard/family');
  // The admin page was replaced in the history, so Back does not bounce through it again.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/admin\/user-journey/);
});

test('signed out: the user journey asks an admin to sign in', async ({ page }) => {
  await page.goto('/admin/user-journey');
  const panel = page.getByRole('region', { name: 'User Journey' });
  await expect(panel.getByText('Sign in as an admin to continue.')).toBeVisible();
  await expectNoAxeViolations(page, '/admin/user-journey signed out');
  await panel.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/auth');
});
