// The chat journey the bench times (section 5): the family interview up to the multi-select,
// driven like a visitor would, at the app's real typing pause. Same selectors as the e2e suite
// (e2e/registration-chat/chat-fixtures.ts): accessible names only.

const TIMEOUT_MS = 15_000;

/** The bot has said `text` (it types first). */
async function botSaid(chat, text) {
  await chat.getByRole('log').getByText(text).last().waitFor({ state: 'visible', timeout: TIMEOUT_MS });
}

async function answer(chat, text) {
  const input = chat.getByRole('textbox', { name: 'Your answer' });
  await input.and(chat.locator(':enabled')).waitFor({ timeout: TIMEOUT_MS });
  await input.fill(text);
  await input.press('Enter');
}

async function choose(chat, name) {
  await chat
    .getByRole('group', { name: 'Answer options' })
    .getByRole('button', typeof name === 'string' ? { name, exact: true } : { name })
    .click({ timeout: TIMEOUT_MS });
}

/** Opens the chat panel on `page` (already on a page of the app) and answers 11 bot messages' worth. */
export async function runChatJourney(page) {
  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  const chat = page.getByRole('dialog', { name: 'Tavara Assistant' });
  await choose(chat, /Family Member/);
  await botSaid(chat, /What's your first name\?/);
  await answer(chat, 'Keisha');
  await botSaid(chat, /And your last name\?/);
  await answer(chat, 'Ramdass');
  await botSaid(chat, /email address/);
  await answer(chat, 'keisha@example.com');
  await botSaid(chat, /best phone number/);
  await answer(chat, '+1 868 555 1234');
  await botSaid(chat, /Where in Trinidad and Tobago/);
  await answer(chat, 'Arima');
  await choose(chat, 'Continue');
  await botSaid(chat, /receiving care/);
  await answer(chat, 'Joyce Ramdass');
  await choose(chat, 'Parent');
  await botSaid(chat, /What kind of care do they need\?/);
  await choose(chat, /In-Home Care/);
  await choose(chat, /Mobility Assistance/);
  await choose(chat, /Done selecting/);
  await botSaid(chat, /What type of caregiver would you prefer\?/);
}
