import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../fixtures';
import {
  answer,
  chatInput,
  chatOption,
  chatPanel,
  choose,
  expect,
  expectBotSaid,
  expectPrivacyNoteRightBefore,
  fullScreenChat,
  finishFamilyInterviewFromBudget,
  getChatSessionId,
  getNewChatSessionId,
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
      // The section hand-off and the next question are one message; 'Take a break' is offered beside it.
      await expectBotSaid(
        chat,
        "Great! You've completed the Personal Information section. Now let's move on to Care Recipient Details. What's the name of the person who will be receiving care?",
      );
      await expect(chatOption(chat, 'Take a break')).toBeVisible();
      await expect(chatOption(chat, 'Continue')).toHaveCount(0);
      await expect(chat.getByText('Section 2 of 4')).toBeVisible();

      // Reload half-way: the conversation and the open panel come back as they were.
      await page.reload();
      const restored = chatPanel(page);
      await expect(restored.getByText('keisha@example.com')).toBeVisible();
      await expect(chatOption(restored, 'Take a break')).toBeVisible();
      await choose(restored, 'Take a break');
      await expectBotSaid(restored, /take all the time you need/);
      await choose(restored, 'Continue');
      await expectBotSaid(restored, /What's the name of the person who will be receiving care\?$/);
      await answer(restored, 'Joyce Ramdass');
      await choose(restored, 'Parent');

      // The care types name conditions (dementia…): the privacy note comes right before them.
      await expectPrivacyNoteRightBefore(restored, /What kind of care do they need\? \(Please select all that apply\)/);
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
      // Truthful (issue 14): no account exists yet, so it says what is saved and what is left to do.
      await expect(
        thanks.getByText(
          'Your answers are saved on this device and with this chat. Your registration is not finished yet.',
        ),
      ).toBeVisible();
      await expect(thanks.getByText('Your registration information has been saved.')).toHaveCount(0);
      await expect(thanks.getByRole('heading', { name: 'What happens next?' })).toBeVisible();
      await expect(thanks.getByText(/Create your free account to finish/)).toBeVisible();
      await expect(thanks.getByRole('button', { name: 'Create my account' })).toBeVisible();
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
      expect(await getNewChatSessionId(page, sessionId)).not.toBe(sessionId);
    });

    test('the quick-form link hands over to /registration/family with the session and its prefill', async ({
      page,
    }) => {
      const { chat, sessionId } = await startFamilyChat(page, '/');

      await chat.getByRole('link', { name: "I'd rather fill out a quick form →" }).click();
      // A visitor without an account ends on the Sign Up tab for the role (the form needs one),
      // with the form's address and its chat session kept as the way back after signing up.
      await expect(page).toHaveURL('/auth?tab=signup&role=family&from=registration');
      await expect(chatPanel(page)).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('lastPath'))).toBe(
        `/registration/family?session=${sessionId}`,
      );
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
  // Signed out, the form page sends the visitor on to /auth at once, remembering where to come
  // back to: wait for that final state (the plain form's address, no ?session=) rather than the
  // form's URL, which only flashes by.
  await expect(page).toHaveURL(/\/auth(\?|$)/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lastPath'))).toBe('/registration/community');
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
  const second = await getNewChatSessionId(page, first);
  expect(second).not.toBe(first);
  expect(second).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  expect(await page.evaluate((id) => localStorage.getItem(`tavara_chat_progress_${id}`), first)).toBeNull();
});

/**
 * Item 2 (issue 14): the Thank-You card's main button, at the end of a whole professional or
 * community interview, leads to sign-up with that role — never Family Member preselected.
 */
async function expectThankYouLeadsToSignUp(
  page: Page,
  chat: Locator,
  role: { id: string; label: string; firstName: string; lastName: string },
) {
  const thanks = chat.getByTestId('chat-thank-you');
  await expect(thanks.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await thanks.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(new RegExp(`/auth\\?tab=signup&role=${role.id}&from=registration$`));
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(`You are signing up as a ${role.label}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue(role.firstName);
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue(role.lastName);
}

test('professional: the whole interview, then "Create my account" opens sign-up as a Care Professional', async ({
  page,
}) => {
  test.slow();
  await page.goto('/about');
  const chat = await openChatPanel(page);
  await choose(chat, /Care Professional/);
  await expectBotSaid(chat, /What's your first name\?/);
  await answer(chat, 'Nadia');
  await expectBotSaid(chat, /And your last name\?/);
  await answer(chat, 'Baptiste');
  await expectBotSaid(chat, /best describes your role in care/);
  await choose(chat, /Licensed Nurse/);
  await expectBotSaid(chat, /How many years/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /certifications or licences/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /Where in Trinidad and Tobago are you based\?/);
  await answer(chat, 'San Fernando');
  await expectBotSaid(chat, /best phone number/);
  await answer(chat, '+1 868 555 9876');
  await expectBotSaid(chat, /email address/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /prefer families and our team to contact you/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /Which types of care do you provide\?/);
  await choose(chat, /Done selecting/);
  await expectBotSaid(chat, /Which conditions have you worked with\?/);
  await choose(chat, /Done selecting/);
  await expectBotSaid(chat, /other conditions or special situations/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /Which shifts are you available for\?/);
  await choose(chat, /Done selecting/);
  await expectBotSaid(chat, /What kind of work are you looking for\?/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /Do any of these apply to you\?/);
  await choose(chat, /Done selecting/);
  await expectBotSaid(chat, /Who should we contact in an emergency\?/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /What rate do you charge/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /anything else you'd like families/);
  await choose(chat, 'Skip');
  // 'Terms of Service' and 'Privacy Policy' are links there (with a hidden 'opens in a new tab').
  await expectBotSaid(chat, /Do you agree to the/);
  await choose(chat, 'Yes');
  await expectThankYouLeadsToSignUp(page, chat, {
    id: 'professional',
    label: 'Care Professional',
    firstName: 'Nadia',
    lastName: 'Baptiste',
  });
});

test('community: the whole interview, then "Create my account" opens sign-up as a Community Member', async ({
  page,
}) => {
  test.slow();
  await page.goto('/about');
  const chat = await openChatPanel(page);
  await choose(chat, /Community Member/);
  await expectBotSaid(chat, /What's your full name\?/);
  await answer(chat, 'Anil Persad');
  await expectBotSaid(chat, /Where in Trinidad and Tobago are you based\?/);
  await answer(chat, 'Arima');
  await expectBotSaid(chat, /best phone number/);
  await answer(chat, '+1 868 555 4321');
  await expectBotSaid(chat, /email address/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /website or social media/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /part of the village/);
  await choose(chat, /Community Volunteer/);
  await choose(chat, /Done selecting/);
  await expectBotSaid(chat, /What would you like to contribute\?/);
  await choose(chat, /Done selecting/);
  await expectBotSaid(chat, /Have you ever cared for someone/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /Which areas of care matter most to you\?/);
  await choose(chat, /Done selecting/);
  await expectBotSaid(chat, /care technology interest you/);
  await choose(chat, /Done selecting/);
  await expectBotSaid(chat, /How would you like to take part\?/);
  await choose(chat, /Done selecting/);
  await expectBotSaid(chat, /ways of staying in touch/);
  await choose(chat, /Done selecting/);
  await expectBotSaid(chat, /What inspires you/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /any ideas for how we could make caregiving easier/);
  await choose(chat, 'Skip');
  await expectBotSaid(chat, /community directory/);
  await choose(chat, 'No');
  await expectBotSaid(chat, /notifications about events/);
  await choose(chat, 'No');
  await expectThankYouLeadsToSignUp(page, chat, {
    id: 'community',
    label: 'Community Member',
    firstName: 'Anil',
    lastName: 'Persad',
  });
});

test('axe with the full-screen chat showing a conversation, and with the Reset Chat confirmation open', async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('[data-role-chat-bubble="family"]').first().click();
  const full = fullScreenChat(page);
  await expectBotSaid(full, /What's your first name\?/);
  await answer(full, 'Keisha');
  await expectBotSaid(full, /And your last name\?/);
  await answer(full, 'Ramdass');
  await expectBotSaid(full, /email address/);
  await expectNoAxeViolations(page, 'full-screen chat with a conversation');
  await full.getByRole('button', { name: 'Chat settings' }).click();
  const settings = page.getByRole('dialog', { name: /Chat Settings/i });
  await settings.getByRole('button', { name: 'Reset Chat' }).click();
  await expect(settings.getByRole('button', { name: 'Yes, reset the chat' })).toBeFocused();
  await expectNoAxeViolations(page, 'Reset Chat confirmation');
});
