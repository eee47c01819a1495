import { expect, type Locator, type Page } from '@playwright/test';
import { test as base } from '../fixtures';

/**
 * The chat copies itself to `/api/chat/sessions/*` and treats every failure there (a 404 from a
 * server without the endpoints, a dropped connection — both simulated in chat-sync.spec) as "try
 * again later", silently. Chromium itself logs each such failed request as a console error, so
 * these tests allow that browser message — and only for requests to the chat sync endpoints: a
 * failed request anywhere else, and any error the app logs itself, still fails the test.
 */
const FAILED_REQUEST =
  /^Failed to load resource: (the server responded with a status of 404 \(Not Found\)|net::ERR_FAILED)$/;
const CHAT_SYNC_PATH = /^\/api\/chat\/sessions(\/|$)/;

/** The bot's 'typing' pause in these tests; `null` keeps the app's own (450 ms). */
const TEST_TYPING_DELAY_MS = 20;

export const test = base.extend<{ failedRequestsOnlyToChatSync: void; typingDelayMs: number | null }>({
  allowConsoleErrors: FAILED_REQUEST,
  typingDelayMs: [TEST_TYPING_DELAY_MS, { option: true }],
  // A journey has ~30 bot messages: at the real pause each one waits 15 s doing nothing. The app
  // reads this key (a test-only override) when the chat starts; one test keeps the real pause.
  page: async ({ page, typingDelayMs }, use) => {
    if (typingDelayMs !== null) {
      await page.addInitScript(
        (ms) => window.localStorage.setItem('tavara_chat_typing_delay_ms', String(ms)),
        typingDelayMs,
      );
    }
    await use(page);
  },
  failedRequestsOnlyToChatSync: [
    async ({ page }, use) => {
      const elsewhere: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error' || !FAILED_REQUEST.test(message.text())) return;
        const url = message.location().url;
        const path = url ? new URL(url).pathname : '(unknown)';
        if (!CHAT_SYNC_PATH.test(path)) elsewhere.push(`${path}: ${message.text()}`);
      });
      await use();
      expect(elsewhere, 'failed requests outside the chat sync endpoints').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The chat panel (the launcher's 350 px panel; full width on phones). */
export function chatPanel(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Tavara Assistant' });
}

/** The full-screen chat dialog. */
export function fullScreenChat(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Tavara Chat' });
}

/** Opens the chat with the floating launcher and waits for the welcome's role options. */
export async function openChatPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  const panel = chatPanel(page);
  await expect(panel).toBeVisible();
  return panel;
}

/** The chat's text box (inside a panel or dialog). */
export function chatInput(chat: Locator): Locator {
  return chat.getByRole('textbox', { name: 'Your answer' });
}

/** An option button under the latest bot message: a string is its whole name, a RegExp part of it. */
export function chatOption(chat: Locator, name: string | RegExp): Locator {
  return chat
    .getByRole('group', { name: 'Answer options' })
    .getByRole('button', typeof name === 'string' ? { name, exact: true } : { name });
}

/**
 * Waits until the bot has said `text` (it types first) and the input is usable again. `timeout`
 * for what comes only after the AI's retries (4 tries, a second apart, plus typing delays).
 */
export async function expectBotSaid(chat: Locator, text: string | RegExp, timeout?: number): Promise<void> {
  await expect(chat.getByRole('log').getByText(text).last()).toBeVisible({ timeout });
}

/**
 * The privacy note is said once, as the message right before `question`, and not earlier
 * (issue 14: before the first health question — for families, the care types, which name
 * conditions such as dementia).
 */
export async function expectPrivacyNoteRightBefore(chat: Locator, question: RegExp): Promise<void> {
  await expectBotSaid(chat, question);
  const said = await chat.getByRole('log').getByRole('listitem').allInnerTexts();
  const at = said.findLastIndex((text) => question.test(text));
  const notes = said.flatMap((text, index) => (/A quick note on privacy/.test(text) ? [index] : []));
  expect(notes, 'the privacy note, once, right before the question').toEqual([at - 1]);
}

/** Types an answer and presses Enter once the bot has finished typing. */
export async function answer(chat: Locator, text: string): Promise<void> {
  const input = chatInput(chat);
  await expect(input).toBeEnabled();
  await input.fill(text);
  await input.press('Enter');
}

/** Presses an option once it is shown. */
export async function choose(chat: Locator, name: string | RegExp): Promise<void> {
  await chatOption(chat, name).click();
}

/** The current chat session id, from localStorage. */
export async function getChatSessionId(page: Page): Promise<string> {
  // The chat writes its session id once its engine has started, which on a loaded machine can
  // be a moment after the panel shows: wait for it rather than read it once.
  const read = () => page.evaluate(() => window.localStorage.getItem('tavara_chat_session_id'));
  await expect.poll(read, { message: 'a chat session id in localStorage' }).toBeTruthy();
  return (await read()) ?? '';
}

/**
 * The id the server issued for the chat (issue 13): the chat gets it on its first sync, after a
 * role is chosen, and keeps it under its local id. Waits for it.
 */
export async function getServerChatSessionId(page: Page): Promise<string> {
  const localId = await getChatSessionId(page);
  const read = () => page.evaluate((id) => window.localStorage.getItem(`tavara_chat_server_session_${id}`), localId);
  await expect.poll(read, { message: 'a server-issued chat session id in localStorage' }).toBeTruthy();
  return (await read()) ?? '';
}

/**
 * Gives the open chat a session issued now by the server, before its first sync (as another tab
 * of the same chat would), so a test can address the session before the chat's first request.
 */
export async function issueServerChatSession(page: Page): Promise<string> {
  const localId = await getChatSessionId(page);
  const res = await page.request.post('/api/chat/sessions');
  expect(res.status()).toBe(201);
  const { sessionId } = (await res.json()) as { sessionId: string };
  await page.evaluate(([id, issued]) => window.localStorage.setItem(`tavara_chat_server_session_${id}`, issued), [
    localId,
    sessionId,
  ] as const);
  return sessionId;
}

/** Waits for the chat to replace `previous` with a new session id (after a reset), and returns it. */
export async function getNewChatSessionId(page: Page, previous: string): Promise<string> {
  const read = () => page.evaluate(() => window.localStorage.getItem('tavara_chat_session_id'));
  await expect.poll(read, { message: 'a new chat session id in localStorage' }).not.toBe(previous);
  return getChatSessionId(page);
}

/**
 * Opens the chat panel on `path`, chooses the family role and gives the first name, leaving the
 * bot at 'And your last name?'. Returns the panel and the chat session id.
 */
export async function startFamilyChat(page: Page, path = '/about'): Promise<{ chat: Locator; sessionId: string }> {
  await page.goto(path);
  const chat = await openChatPanel(page);
  await choose(chat, /Family Member/);
  await expectBotSaid(chat, /What's your first name\?/);
  await answer(chat, 'Keisha');
  await expectBotSaid(chat, /And your last name\?/);
  return { chat, sessionId: await getChatSessionId(page) };
}

/**
 * From 'What type of caregiver would you prefer?' (after the care types were chosen) to the
 * budget question, skipping or leaving empty everything optional. The bot is left asking for
 * the budget.
 */
export async function skipFamilyQuestionsUntilBudget(chat: Locator): Promise<void> {
  await expectBotSaid(chat, /What type of caregiver would you prefer\?/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /Do they live with any of these conditions\?/);
  await choose(chat, /Done selecting/);
  await expectBotSaid(chat, /anything else about their health/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /Will they need any specialised support\?/);
  await choose(chat, /Done selecting/);
  await expectBotSaid(chat, /When would you like care to happen\?/);
  await choose(chat, /Done selecting/);
  await expectBotSaid(chat, /preferences for the caregiver/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /Who should we contact in an emergency\?/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /What budget do you have in mind for care\?/);
}

/** Answers the budget, the contact method and skips the last question: the interview ends. */
export async function finishFamilyInterviewFromBudget(chat: Locator): Promise<void> {
  await answer(chat, 'Negotiable');
  await choose(chat, 'WhatsApp');
  await expectBotSaid(chat, /Last one!/);
  await choose(chat, 'Skip');
}
