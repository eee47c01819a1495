import type { Page } from '@playwright/test';
import {
  APP_URL,
  CONFIRM_SUBJECT,
  GOOD_PASSWORD,
  logIn,
  mailLink,
  sidewaysOverflow,
  uniqueEmail,
} from '../auth/accounts';
import { expectNoAxeViolations } from '../fixtures';
import {
  answer,
  choose,
  expect,
  expectBotSaid,
  openChatPanel,
  startFamilyChat,
  test,
} from '../registration-chat/chat-fixtures';

// Chat, sign-up and e-mailed link must share one origin (localStorage, cookies): the app's public one.
test.use({ baseURL: APP_URL });

const HANDOVER_NOTICE = 'Create your account to finish your registration';

/**
 * The chat's hand-over to sign-up (issue 14): the Sign Up tab with an info message (never the
 * Login tab and a red 'Please sign in' toast), the chat's role stated plainly, and the name and
 * e-mail the chat was given already filled in.
 */
async function expectSignUpFromChat(
  page: Page,
  chatUser: { role: string; roleLabel: string; firstName: string; lastName: string; email?: string },
) {
  await expect(page).toHaveURL(new RegExp(`/auth\\?tab=signup&role=${chatUser.role}&from=registration$`));
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(HANDOVER_NOTICE)).toBeVisible();
  await expect(page.getByText(/Please sign in/)).toHaveCount(0);
  await expect(page.getByText(`You are signing up as a ${chatUser.roleLabel}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue(chatUser.firstName);
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue(chatUser.lastName);
  if (chatUser.email) await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(chatUser.email);
}

/** Completes the Sign Up tab (what the chat did not fill in) and creates the account. */
async function finishSignUp(page: Page, email?: string) {
  if (email) await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Registration Started!' })).toBeVisible();
}

test('family: chat → quick form → sign up → e-mail → back on the form with the chat’s answers → saved → dashboard → edit', async ({
  page,
  request,
}) => {
  // Chat, sign-up, the mailbox, a long form and two axe checks: triple time.
  test.slow();
  const email = uniqueEmail('family-form');

  const { chat } = await startFamilyChat(page);
  await answer(chat, 'Ramdass');
  await expectBotSaid(chat, /email address/);
  await answer(chat, email);
  await expectBotSaid(chat, /best phone number/);
  await answer(chat, '+1 868 555 1234');
  await expectBotSaid(chat, /Where in Trinidad and Tobago/);
  await chat.getByRole('link', { name: "I'd rather fill out a quick form →" }).click();
  // The form's address flashes by (signed out, the form sends the visitor on to sign up at once):
  // wait for the final state and read the address the app kept to come back to.
  await expect(page).toHaveURL(/\/auth\?/);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('lastPath')))
    .toMatch(/^\/registration\/family\?session=/);
  const formAddress = (await page.evaluate(() => localStorage.getItem('lastPath')))!;

  // Signed out: sent to sign up, with what the chat knows; the form's address is kept.
  await expectSignUpFromChat(page, {
    role: 'family',
    roleLabel: 'Family Member',
    firstName: 'Keisha',
    lastName: 'Ramdass',
    email,
  });
  await expectNoAxeViolations(page, 'sign-up from the chat');
  await finishSignUp(page);

  await page.goto(await mailLink(request, email, CONFIRM_SUBJECT));
  await expect(page).toHaveURL(formAddress);
  await expect(page.getByRole('heading', { level: 1, name: 'Family Member Registration' })).toBeVisible();
  await expect(
    page.getByText("We've filled in your answers from the chat. Please check them and submit."),
  ).toBeVisible();
  // The form's own short labels (not the chat's 'And your last name?'), and 'e.g.' hints, not placeholders.
  await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Keisha');
  await expect(page.getByRole('textbox', { name: 'Last name', exact: true })).toHaveValue('Ramdass');
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('+1 868 555 1234');
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription('e.g. +1 868 555 1234');
  await expect(page.getByText('And your last name?')).toHaveCount(0);
  await expect(page.getByRole('main').locator('input[placeholder], textarea[placeholder]')).toHaveCount(0);
  // The privacy note comes before the first health question: the care types, which name
  // conditions such as dementia, then the health conditions themselves.
  await expect(page.getByText(/Health details you share are seen only by you and the Tavara team/)).toBeVisible();
  const formText = await page.getByRole('main').innerText();
  const noteAt = formText.indexOf('Health details you share');
  expect(noteAt).toBeGreaterThan(-1);
  expect(noteAt).toBeLessThan(formText.indexOf('Care needed'));
  expect(formText.indexOf('Care needed')).toBeLessThan(formText.indexOf('Health conditions'));
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
  await expectNoAxeViolations(page, 'registration form, prefilled');
  // The chat session now belongs to the new account (by the id the server issued for it).
  const localId = new URL(APP_URL + formAddress).searchParams.get('session');
  const sessionId = await page.evaluate(
    (id) => window.localStorage.getItem(`tavara_chat_server_session_${id}`),
    localId ?? '',
  );
  expect(sessionId).toBeTruthy();
  await expect
    .poll(async () => {
      const { sessions } = (await (await page.request.get('/api/chat/sessions')).json()) as {
        sessions: { sessionId: string }[];
      };
      return sessions.map((session) => session.sessionId);
    })
    .toContain(sessionId);

  // Missing required answers: a message beside each, focus on the first, nothing lost.
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(page.getByText('Please check the highlighted fields.')).toBeVisible();
  const location = page.getByRole('textbox', { name: 'Where care is needed' });
  await expect(location).toBeFocused();
  await expect(page.getByText('This field cannot be empty').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Keisha');

  await location.fill('Arima');
  await page.getByRole('textbox', { name: 'Name of the person receiving care' }).fill('Joyce Ramdass');
  await page.getByRole('radio', { name: 'Parent', exact: true }).check();
  await page.getByRole('checkbox', { name: /In-Home Care/ }).check();
  await page.getByRole('checkbox', { name: /Mobility Assistance/ }).check();
  const budget = page.getByRole('textbox', { name: /budget/i });
  await budget.fill('lots');
  await budget.blur();
  await expect(page.getByText('Please enter a valid budget amount (e.g., $20-30/hour or Negotiable)')).toBeVisible();
  await budget.fill('$20-30/hour');

  // A reload keeps what was typed (the local draft).
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Where care is needed' })).toHaveValue('Arima');
  await expect(page.getByRole('checkbox', { name: /Mobility Assistance/ })).toBeChecked();

  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(page).toHaveURL(/\/dashboard\/family$/);
  await expect(page.getByText('Your registration has been saved.')).toBeVisible();

  // Edit mode: the saved answers, and the button says so.
  await page.goto('/registration/family');
  await expect(page.getByRole('textbox', { name: 'Where care is needed' })).toHaveValue('Arima');
  await expect(page.getByRole('checkbox', { name: /In-Home Care/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Parent', exact: true })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  // Signed in and registered, the sign-in page now leads to the dashboard.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard\/family$/);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('professional: the chat’s role survives the hand-over; the link opened in another browser shows the prefilled form, which fits the screen and needs consent', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const email = uniqueEmail('pro-form');
    await page.goto('/about');
    const chat = await openChatPanel(page);
    await choose(chat, /Care Professional/);
    await expectBotSaid(chat, /What's your first name\?/);
    await answer(chat, 'Marcus');
    await expectBotSaid(chat, /And your last name\?/);
    await answer(chat, 'Joseph');
    await expectBotSaid(chat, /best describes your role in care/);
    await choose(chat, /Licensed Nurse/);
    await chat.getByRole('link', { name: "I'd rather fill out a quick form →" }).click();
    await expectSignUpFromChat(page, {
      role: 'professional',
      roleLabel: 'Care Professional',
      firstName: 'Marcus',
      lastName: 'Joseph',
    });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // Another role than the chat's is said plainly and must be confirmed; nothing is sent meanwhile.
    await page.getByRole('button', { name: 'Change role' }).click();
    await page.getByRole('radio', { name: /Family Member/ }).check();
    await expect(page.getByText('Your chat answers are for a Care Professional')).toBeVisible();
    await expectNoAxeViolations(page, 'sign-up, another role than the chat');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Registration Started!' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign up as a Care Professional' }).click();
    await expect(page.getByRole('radio', { name: /Care Professional/ })).toBeChecked();
    await expect(page.getByText('Your chat answers are for a Care Professional')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Registration Started!' })).toBeVisible();

    // The confirmation link opened in another browser (a mail app's own): signed in there, and
    // the form has the chat's answers, from the server (the chat was linked at sign-up).
    const mailApp = await browser.newContext({ baseURL: APP_URL, viewport: { width: 360, height: 740 } });
    try {
      const other = await mailApp.newPage();
      await other.goto(await mailLink(request, email, CONFIRM_SUBJECT));
      await expect(other).toHaveURL(/\/registration\/professional$/);
      await expect(other.getByRole('heading', { level: 1, name: 'Care Professional Registration' })).toBeVisible();
      await expect(other.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Marcus');
      await expect(other.getByRole('textbox', { name: 'Last name', exact: true })).toHaveValue('Joseph');
      await expect(other.getByRole('radio', { name: /Licensed Nurse/ })).toBeChecked();
      await expect(
        other.getByText("We've filled in your answers from the chat. Please check them and submit."),
      ).toBeVisible();
    } finally {
      await mailApp.close();
    }

    // Back in the chat's browser, logging in leads to the same form (the link is used up).
    await page.goto('/auth');
    await logIn(page, email, GOOD_PASSWORD);
    await expect(page).toHaveURL(/\/registration\/professional-fix\?session=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Care Professional Registration' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Marcus');
    await expect(page.getByRole('radio', { name: /Licensed Nurse/ })).toBeChecked();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, '360 professional form');

    // The consent question points to the real documents.
    await expect(page.getByRole('link', { name: /Terms of Service/ }).first()).toHaveAttribute('href', '/terms');
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: /Privacy Policy/ })
        .first(),
    ).toHaveAttribute('href', '/privacy');
    await page.getByRole('textbox', { name: 'Where you are based' }).fill('San Fernando');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('+1 868 555 9876');
    await page
      .getByRole('group', { name: /Terms of Service/ })
      .getByRole('radio', { name: 'No' })
      .check();
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(page.getByText('Please agree to the Terms of Service and Privacy Policy to register.')).toBeVisible();
    await page
      .getByRole('group', { name: /Terms of Service/ })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await page.getByRole('button', { name: 'Complete Registration' }).click();
    await expect(page).toHaveURL(/\/dashboard\/professional$/);

    await page.goto('/registration/family');
    await expect(page.getByText('This form is for family members')).toBeVisible();
    await page.getByRole('link', { name: 'Go to your registration form' }).click();
    await expect(page).toHaveURL(/\/registration\/professional$/);
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  });
});

test('community: chat → quick form → sign up → prefilled form → saved → community dashboard', async ({
  page,
  request,
}) => {
  test.slow();
  const email = uniqueEmail('community-form');
  await page.goto('/about');
  const chat = await openChatPanel(page);
  await choose(chat, /Community Member/);
  await expectBotSaid(chat, /What's your full name\?/);
  await answer(chat, 'Devika Maharaj');
  await expectBotSaid(chat, /Where in Trinidad and Tobago are you based\?/);
  await answer(chat, 'Chaguanas');
  await chat.getByRole('link', { name: "I'd rather fill out a quick form →" }).click();
  // One full name in the chat: its first word is the first name.
  await expectSignUpFromChat(page, {
    role: 'community',
    roleLabel: 'Community Member',
    firstName: 'Devika',
    lastName: 'Maharaj',
  });
  await finishSignUp(page, email);
  await page.goto(await mailLink(request, email, CONFIRM_SUBJECT));
  await expect(page).toHaveURL(/\/registration\/community\?session=/);
  await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Devika Maharaj');
  await expect(page.getByRole('textbox', { name: 'Where you are based' })).toHaveValue('Chaguanas');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('+1 868 555 4321');
  await page.getByRole('checkbox', { name: /Community Volunteer/ }).check();
  await page
    .getByRole('group', { name: /community directory/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(page).toHaveURL(/\/dashboard\/community$/);
  await expect(page.getByText('Your registration has been saved.')).toBeVisible();
});

test('community chat, family account: the form says so, and after confirming the family form opens — the chat’s answers are not dropped silently', async ({
  page,
  request,
}) => {
  test.slow();
  const email = uniqueEmail('switch-role');
  await page.goto('/about');
  const chat = await openChatPanel(page);
  await choose(chat, /Community Member/);
  await expectBotSaid(chat, /What's your full name\?/);
  await answer(chat, 'Anil Persad');
  await expectBotSaid(chat, /Where in Trinidad and Tobago are you based\?/);
  await chat.getByRole('link', { name: "I'd rather fill out a quick form →" }).click();
  await expectSignUpFromChat(page, {
    role: 'community',
    roleLabel: 'Community Member',
    firstName: 'Anil',
    lastName: 'Persad',
  });
  await page.getByRole('button', { name: 'Change role' }).click();
  await page.getByRole('radio', { name: /Family Member/ }).check();
  await expect(page.getByText('Your chat answers are for a Community Member')).toBeVisible();
  await expect(page.getByText(/They stay saved with your account/)).toBeVisible();
  await page.getByRole('button', { name: 'Start the family member form instead' }).click();
  await expect(page.getByText(/after you create your account, you will fill in the family member form/)).toBeVisible();
  await finishSignUp(page, email);
  await page.goto(await mailLink(request, email, CONFIRM_SUBJECT));
  await expect(page).toHaveURL(/\/registration\/family$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Family Member Registration' })).toBeVisible();
  // The community chat stays with the account (linked at sign-up), not lost.
  const { sessions } = (await (await page.request.get('/api/chat/sessions')).json()) as {
    sessions: { role: string }[];
  };
  expect(sessions.map((session) => session.role)).toEqual(['community']);
});

test('professional chat, closed, then Sign In → Sign Up: the role, names and the chat still reach the sign-up (no hand-over link)', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const email = uniqueEmail('pro-later');
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
  await chat.getByRole('button', { name: 'Close chat' }).click();

  // Later, the ordinary way in: Sign In, then the Sign Up tab.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  // On the Login tab, nobody who came to log in is told to create an account.
  await expect(page.getByText(HANDOVER_NOTICE)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByText(HANDOVER_NOTICE)).toBeVisible();
  await expect(page.getByText('You are signing up as a Care Professional')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Nadia');
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Baptiste');
  await expectNoAxeViolations(page, 'sign-up with the chat kept in this browser');
  await finishSignUp(page, email);

  // The chat was linked at sign-up: the confirmation link opened in another browser has its answers.
  const mailApp = await browser.newContext({ baseURL: APP_URL });
  try {
    const other = await mailApp.newPage();
    await other.goto(await mailLink(request, email, CONFIRM_SUBJECT));
    await expect(other).toHaveURL(/\/registration\/professional$/);
    await expect(other.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Nadia');
    await expect(other.getByRole('textbox', { name: 'Last name', exact: true })).toHaveValue('Baptiste');
    await expect(other.getByRole('radio', { name: /Licensed Nurse/ })).toBeChecked();
  } finally {
    await mailApp.close();
  }
});
