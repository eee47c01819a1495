import { expectNoAxeViolations } from '../fixtures';
import {
  answer,
  chatInput,
  chatOption,
  chatPanel,
  choose,
  expect,
  expectBotSaid,
  finishFamilyInterviewFromBudget,
  getChatSessionId,
  openChatPanel,
  skipFamilyQuestionsUntilBudget,
  startFamilyChat,
  test,
} from './chat-fixtures';

const EMAIL_HINT = 'Please enter a valid email address (e.g., name@example.com)';
const PHONE_INTERNATIONAL_HINT = 'Please use international format with country code (+1XXXXXXXXXX)';
const PHONE_LOCAL_HINT = 'Please enter a valid phone number with country code (e.g., +1XXXXXXXXXX)';
const BUDGET_HINT = 'Please enter a valid budget amount (e.g., $20-30/hour or Negotiable)';

for (const { device, viewport } of [
  { device: 'desktop', viewport: { width: 1280, height: 800 } },
  { device: '360 px phone', viewport: { width: 360, height: 740 } },
]) {
  test.describe(`registration chat on a ${device}`, () => {
    test.use({ viewport });

    test('family: validates e-mail and phone, survives a reload, counts a multi-select and ends with Thank You!', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.goto('/about');
      const chat = await openChatPanel(page);
      await expect(chat.getByRole('heading', { name: 'Tavara Assistant' })).toBeVisible();
      // Input disabled in the intro; the role is chosen with the options (each saying what it asks).
      await expect(chatOption(chat, /Family Member/)).toBeVisible();
      await expect(chatOption(chat, /Family Member/)).toContainText("I'll ask about you");
      await expect(chatInput(chat)).toBeDisabled();
      await expect(chat.getByRole('progressbar')).toHaveCount(0);
      await expectNoAxeViolations(page, 'chat panel, welcome');

      await choose(chat, /Family Member/);
      await expect(chat.getByRole('log').getByText("I'm a family member.")).toBeVisible();
      await expectBotSaid(chat, "Let's get started. What's your first name?");
      const progress = chat.getByRole('progressbar', { name: 'Registration progress' });
      await expect(progress).toHaveAttribute('aria-valuenow', '0');
      await expect(chat.getByText('Section 1 of 4')).toBeVisible();
      await expect(chat.getByText('Personal Information')).toBeVisible();
      await expect(chatInput(chat)).toBeFocused();

      await answer(chat, 'Keisha');
      await expectBotSaid(chat, /And your last name\?/);
      await answer(chat, 'Ramdass');
      await expectBotSaid(chat, /What's a good email address for you\?/);

      // A bad e-mail: live validation once more than one character is typed, and no advance.
      const input = chatInput(chat);
      await input.fill('k');
      await expect(chat.getByText(EMAIL_HINT)).toHaveCount(0);
      await input.fill('keisha@');
      await expect(chat.getByText(EMAIL_HINT)).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await input.press('Enter');
      await expect(chat.getByText(EMAIL_HINT)).toBeVisible();
      await input.fill('');
      await expect(chat.getByText(EMAIL_HINT)).toHaveCount(0);
      await expect(input).not.toHaveAttribute('aria-invalid', 'true');
      await answer(chat, 'keisha@example.com');

      // A bad phone number, with and without the '+'.
      await expectBotSaid(chat, /best phone number to reach you/);
      await input.fill('+1 868');
      await expect(chat.getByText(PHONE_INTERNATIONAL_HINT)).toBeVisible();
      await input.press('Enter');
      await expect(chat.getByText(PHONE_INTERNATIONAL_HINT)).toBeVisible();
      await input.fill('868 555');
      await expect(chat.getByText(PHONE_LOCAL_HINT)).toBeVisible();
      await answer(chat, '+1 868 555 1234');
      await expect(chat.getByText(PHONE_LOCAL_HINT)).toHaveCount(0);

      await expectBotSaid(chat, /Where in Trinidad and Tobago will care be needed\?/);
      await answer(chat, 'Arima');
      await expectBotSaid(
        chat,
        "Great! You've completed the Personal Information section. Now let's move on to Care Recipient Details.",
      );
      await expect(chatOption(chat, 'Continue')).toBeVisible();

      // Reload half-way: the conversation and the open panel come back as they were.
      await page.reload();
      const restored = chatPanel(page);
      await expect(restored.getByText('keisha@example.com')).toBeVisible();
      await expect(chatOption(restored, 'Continue')).toBeVisible();
      await choose(restored, 'Continue');
      await expectBotSaid(restored, /What's the name of the person who will be receiving care\?/);
      await expect(restored.getByText('Section 2 of 4')).toBeVisible();
      await answer(restored, 'Joyce Ramdass');
      await choose(restored, 'Parent');

      // Multi-select: two ticks, counted on 'Done selecting'.
      await expectBotSaid(restored, /What kind of care do they need\? \(Please select all that apply\)/);
      await expect(chatOption(restored, /Done selecting/)).toContainText('Select options below');
      await choose(restored, /In-Home Care/);
      await choose(restored, /Mobility Assistance/);
      await expect(chatOption(restored, /In-Home Care/)).toHaveAttribute('aria-pressed', 'true');
      await expect(chatOption(restored, /Medical Support/)).toHaveAttribute('aria-pressed', 'false');
      await expect(chatOption(restored, /Done selecting/)).toContainText('2 options selected');
      await choose(restored, /Done selecting/);
      await expect(restored.getByRole('log').getByText('In-Home Care; Mobility Assistance')).toBeVisible();

      await skipFamilyQuestionsUntilBudget(restored);
      await chatInput(restored).fill('lots');
      await expect(restored.getByText(BUDGET_HINT)).toBeVisible();
      await finishFamilyInterviewFromBudget(restored);

      const thanks = restored.getByTestId('chat-thank-you');
      await expect(thanks.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
      await expect(thanks.getByText('Your registration information has been saved.')).toBeVisible();
      await expect(thanks.getByRole('heading', { name: 'What happens next?' })).toBeVisible();
      await expect(thanks.getByText(/team will review your information and get back to you/)).toBeVisible();
      // The server's WHATSAPP_NUMBER and SUPPORT_EMAIL (GET /api/config), not copies in the bundle.
      await expect(thanks.getByRole('link', { name: /Contact via WhatsApp/ })).toHaveAttribute(
        'href',
        /^https:\/\/wa\.me\/18685550100\?text=/,
      );
      await expect(thanks.getByRole('link', { name: 'Email Us' })).toHaveAttribute('href', 'mailto:support@localhost');
      await expect(thanks.getByRole('button', { name: 'Start a new chat' })).toBeVisible();
      await expect(restored.getByRole('progressbar')).toHaveCount(0);
      await expectNoAxeViolations(page, 'chat panel, Thank You');

      // Completion is restored on load.
      const sessionId = await getChatSessionId(page);
      expect(await page.evaluate((id) => localStorage.getItem(`tavara_chat_completed_${id}`), sessionId)).toBe('true');
      await page.reload();
      await expect(chatPanel(page).getByRole('heading', { name: 'Thank You!' })).toBeVisible();

      // 'Start a new chat' begins again with a new session id.
      await chatPanel(page).getByRole('button', { name: 'Start a new chat' }).click();
      await expect(chatOption(chatPanel(page), /Family Member/)).toBeVisible();
      await expect(chatPanel(page).getByRole('heading', { name: 'Thank You!' })).toHaveCount(0);
      expect(await getChatSessionId(page)).not.toBe(sessionId);
    });

    test('the quick-form link hands over to /registration/family with the session and its prefill', async ({
      page,
    }) => {
      const { chat, sessionId } = await startFamilyChat(page, '/');

      await chat.getByRole('link', { name: "I'd rather fill out a quick form →" }).click();
      await expect(page).toHaveURL(`/registration/family?session=${sessionId}`);
      await expect(chatPanel(page)).toHaveCount(0);
      const stored = await page.evaluate(
        (id) => ({
          prefill: JSON.parse(localStorage.getItem(`tavara_chat_prefill_${id}`) ?? 'null') as unknown,
          transition: localStorage.getItem(`tavara_chat_transition_${id}`),
        }),
        sessionId,
      );
      expect(stored.transition).toBe('true');
      expect(stored.prefill).toMatchObject({
        role: 'family',
        first_name: 'Keisha',
        responses: { personal_info: { first_name: 'Keisha' } },
        autoSubmit: false,
      });
    });
  });
}

test('when the prefill cannot be saved, the hand-over opens the plain registration form', async ({ page }) => {
  // Storage refuses the prefill (a full quota, say); everything else saves normally.
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key.startsWith('tavara_chat_prefill_')) throw new DOMException('Quota exceeded', 'QuotaExceededError');
      setItem.call(this, key, value);
    };
  });
  await page.goto('/about');
  const chat = await openChatPanel(page);
  await choose(chat, /Community Member/);
  await expectBotSaid(chat, /What's your full name\?/);
  await answer(chat, 'Keisha Ramdass');
  await expectBotSaid(chat, /Where in Trinidad and Tobago are you based\?/);
  await chat.getByRole('link', { name: "I'd rather fill out a quick form →" }).click();
  await expect(page).toHaveURL('/registration/community');
});

test('saved progress without its messages asks "Welcome back!" and continues where it left off', async ({ page }) => {
  await page.goto('/about');
  const chat = await openChatPanel(page);
  await choose(chat, /Care Professional/);
  await expectBotSaid(chat, /What's your first name\?/);
  await answer(chat, 'Marcus');
  await expectBotSaid(chat, /And your last name\?/);
  const sessionId = await getChatSessionId(page);
  await page.evaluate((id) => localStorage.removeItem(`tavara_chat_messages_${id}`), sessionId);

  await page.reload();
  const resumed = chatPanel(page);
  await expectBotSaid(resumed, 'Welcome back! Would you like to continue where you left off?');
  await expect(resumed.getByText('Marcus')).toHaveCount(0);
  await choose(resumed, 'Yes, continue');
  await expectBotSaid(resumed, /And your last name\?/);
  await answer(resumed, 'Joseph');
  await expectBotSaid(resumed, /Which of these best describes your role in care\?/);
  expect(await getChatSessionId(page)).toBe(sessionId);
});

test('Start over renews the session id and forgets the old session', async ({ page }) => {
  await page.goto('/about');
  const chat = await openChatPanel(page);
  await choose(chat, /Community Member/);
  await expectBotSaid(chat, /What's your full name\?/);
  const first = await getChatSessionId(page);
  await chat.getByRole('button', { name: 'Start over' }).click();
  await expect(chatOption(chat, /Community Member/)).toBeVisible();
  await expect(chat.getByRole('progressbar')).toHaveCount(0);
  const second = await getChatSessionId(page);
  expect(second).not.toBe(first);
  expect(second).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  expect(await page.evaluate((id) => localStorage.getItem(`tavara_chat_progress_${id}`), first)).toBeNull();
});
