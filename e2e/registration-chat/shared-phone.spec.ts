import { APP_URL, createConfirmedUser, logIn } from '../auth/accounts';
import { expectNoAxeViolations } from '../fixtures';
import {
  answer,
  chatInput,
  chatOption,
  chatPanel,
  choose,
  expect,
  expectBotSaid,
  fullScreenChat,
  getChatSessionId,
  openChatPanel,
  test,
} from './chat-fixtures';

// Sign-in cookies and the chat's localStorage share the app's public origin.
test.use({ baseURL: APP_URL });

test('shared phone: signing out clears the chat on screen and in the browser; the next person starts afresh', async ({
  page,
  request,
}) => {
  test.slow();
  const { email, password } = await createConfirmedUser(request, 'shared-phone');
  await page.goto('/auth');
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/registration\/family$/);

  const chat = await openChatPanel(page);
  await choose(chat, /Family Member/);
  await expectBotSaid(chat, /What's your first name\?/);
  await answer(chat, 'Keisha');
  await expectBotSaid(chat, /And your last name\?/);
  await answer(chat, 'Ramdass');
  await expectBotSaid(chat, /email address/);
  await expect(chat.getByText('Ramdass')).toBeVisible();
  const sessionId = await getChatSessionId(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('You have been signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The panel closed with the person, and the browser holds none of their chat.
  await expect(chatPanel(page)).toHaveCount(0);
  const stored = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('tavara_chat_'))
      .map((key) => `${key}=${localStorage.getItem(key) ?? ''}`)
      .join('\n'),
  );
  expect(stored).not.toContain('Ramdass');
  expect(stored).not.toContain('Keisha');
  expect(stored).not.toContain(sessionId);

  // The next person opens the chat: a fresh welcome, nothing of the last conversation.
  const next = await openChatPanel(page);
  await expect(chatOption(next, /Family Member/)).toBeVisible();
  await expect(next.getByText('Ramdass')).toHaveCount(0);
  await expect(next.getByText('Keisha')).toHaveCount(0);
  await page.reload();
  await expect(chatPanel(page)).toBeVisible();
  await expect(chatOption(chatPanel(page), /Family Member/)).toBeVisible();
  await expect(chatPanel(page).getByText('Ramdass')).toHaveCount(0);
});

test('the chat does not reopen by itself on every page, and never covers the sign-in form', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // A role bubble opens the chat full screen; closing it closes the chat.
  await page.goto('/');
  await page.getByRole('button', { name: /Let's chat about care options/ }).click();
  const full = fullScreenChat(page);
  await expect(full).toBeVisible();
  await expectBotSaid(full, /What's your first name\?/);
  await full.getByRole('button', { name: 'Close full-screen chat' }).click();
  await expect(full).toHaveCount(0);
  await expect(chatPanel(page)).toHaveCount(0);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(chatPanel(page)).toHaveCount(0);

  // A panel left open on one page is closed on the sign-in page, where the form must be usable.
  const panel = await openChatPanel(page);
  await expect(chatInput(panel)).toBeVisible();
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(chatPanel(page)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeInViewport();
  await page.getByRole('textbox', { name: 'Email' }).click();
  await expectNoAxeViolations(page, '/auth after the chat was open');
});

test('shared phone: signing out in one tab clears the chat in the other open tab too, and drops a stored way back to the chat', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const { email, password } = await createConfirmedUser(request, 'shared-tabs');
  await page.goto('/auth');
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/registration\/family$/);

  // A second tab with the chat open and a conversation on screen.
  const other = await context.newPage();
  await other.goto('/about');
  const chat = await openChatPanel(other);
  await choose(chat, /Family Member/);
  await expectBotSaid(chat, /What's your first name\?/);
  await answer(chat, 'Keisha');
  await expectBotSaid(chat, /And your last name\?/);
  await answer(chat, 'Ramdass');
  await expectBotSaid(chat, /email address/);
  const sessionId = await getChatSessionId(other);
  // A way back to that chat's form, as a hand-over leaves it; signing out from another page.
  await page.bringToFront();
  await page.goto('/about');
  await page.evaluate((id) => localStorage.setItem('lastPath', `/registration/family?session=${id}`), sessionId);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('You have been signed out successfully')).toBeVisible();

  // The other tab forgets the person without being touched: no transcript, signed out.
  await expect(chatPanel(other)).toHaveCount(0);
  await expect(other.getByText('Ramdass')).toHaveCount(0);
  await expect(other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  const stored = await other.evaluate(() =>
    Object.keys(localStorage)
      .map((key) => `${key}=${localStorage.getItem(key) ?? ''}`)
      .join('\n'),
  );
  expect(stored).not.toContain('Ramdass');
  expect(stored).not.toContain(sessionId);
  // The way back to that person's chat is gone.
  expect(await page.evaluate(() => localStorage.getItem('lastPath') ?? '')).not.toContain('session=');
});

test('shared phone: signing out on the registration form goes home, not to the Sign Up tab, and keeps no way back to the form', async ({
  page,
}) => {
  const { email, password } = await createConfirmedUser(page.request, 'shared-form', { role: 'family' });
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: APP_URL },
    data: { email, password },
  });
  expect(signIn.ok()).toBe(true);
  await page.goto('/registration/family');
  await expect(page.getByRole('heading', { level: 1, name: 'Family Member Registration' })).toBeVisible();
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('You have been signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The form's own "sign up to continue" redirect is for newcomers, not for someone leaving.
  expect(visited).not.toContain('/auth');
  // Whoever signs in next on this phone is not led back to this person's form.
  expect(await page.evaluate(() => [localStorage.getItem('lastPath'), localStorage.getItem('lastAction')])).toEqual([
    null,
    null,
  ]);
});
