import type { Page } from '@playwright/test';
import { APP_URL, CONFIRM_SUBJECT, GOOD_PASSWORD, mailLink, sidewaysOverflow, uniqueEmail } from '../auth/accounts';
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

/** Signs up on the Sign Up tab the visitor was sent to. */
async function signUpHere(page: Page, user: { firstName: string; lastName: string; email: string; role: RegExp }) {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill(user.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(user.lastName);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
  await page.getByRole('radio', { name: user.role }).check();
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
  await expect(page).toHaveURL(/\/registration\/family\?session=/);
  const formAddress = new URL(page.url()).pathname + new URL(page.url()).search;

  // Signed out: sent to sign in, remembering the form's address.
  await expect(page.getByText('Please sign in to complete your registration')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await signUpHere(page, { firstName: 'Keisha', lastName: 'Ramdass', email, role: /Family Member/ });

  await page.goto(await mailLink(request, email, CONFIRM_SUBJECT));
  await expect(page).toHaveURL(formAddress);
  await expect(page.getByRole('heading', { level: 1, name: 'Family Member Registration' })).toBeVisible();
  await expect(
    page.getByText("We've filled in your answers from the chat. Please check them and submit."),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: "What's your first name?" })).toHaveValue('Keisha');
  await expect(page.getByRole('textbox', { name: /last name/ })).toHaveValue('Ramdass');
  await expect(page.getByRole('textbox', { name: /best phone number/ })).toHaveValue('+1 868 555 1234');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
  await expectNoAxeViolations(page, 'registration form, prefilled');
  // The chat session now belongs to the new account.
  const sessionId = new URL(APP_URL + formAddress).searchParams.get('session');
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
  const location = page.getByRole('textbox', { name: /Where in Trinidad and Tobago/ });
  await expect(location).toBeFocused();
  await expect(page.getByText('This field cannot be empty').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: /first name/ })).toHaveValue('Keisha');

  await location.fill('Arima');
  await page.getByRole('textbox', { name: /name of the person who will be receiving care/ }).fill('Joyce Ramdass');
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
  await expect(page.getByRole('textbox', { name: /Where in Trinidad and Tobago/ })).toHaveValue('Arima');
  await expect(page.getByRole('checkbox', { name: /Mobility Assistance/ })).toBeChecked();

  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(page).toHaveURL(/\/dashboard\/family$/);
  await expect(page.getByText('Your registration has been saved.')).toBeVisible();

  // Edit mode: the saved answers, and the button says so.
  await page.goto('/registration/family');
  await expect(page.getByRole('textbox', { name: /Where in Trinidad and Tobago/ })).toHaveValue('Arima');
  await expect(page.getByRole('checkbox', { name: /In-Home Care/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Parent', exact: true })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  // Signed in and registered, the sign-in page now leads to the dashboard.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard\/family$/);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('professional: the hand-over form fits the screen, needs consent, and another role’s form points home', async ({
    page,
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
    await expect(page).toHaveURL(/\/registration\/professional-fix\?session=/);
    await expect(page).toHaveURL(/\/auth$/);
    await signUpHere(page, { firstName: 'Marcus', lastName: 'Joseph', email, role: /Care Professional/ });
    await page.goto(await mailLink(request, email, CONFIRM_SUBJECT));
    await expect(page).toHaveURL(/\/registration\/professional-fix\?session=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Care Professional Registration' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /first name/ })).toHaveValue('Marcus');
    await expect(page.getByRole('radio', { name: /Licensed Nurse/ })).toBeChecked();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, '360 professional form');

    await page.getByRole('textbox', { name: /Where in Trinidad and Tobago/ }).fill('San Fernando');
    await page.getByRole('textbox', { name: /best phone number/ }).fill('+1 868 555 9876');
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
  await expect(page).toHaveURL(/\/auth$/);
  await signUpHere(page, { firstName: 'Devika', lastName: 'Maharaj', email, role: /Community Member/ });
  await page.goto(await mailLink(request, email, CONFIRM_SUBJECT));
  await expect(page).toHaveURL(/\/registration\/community\?session=/);
  await expect(page.getByRole('textbox', { name: "What's your full name?" })).toHaveValue('Devika Maharaj');
  await expect(page.getByRole('textbox', { name: /Where in Trinidad and Tobago/ })).toHaveValue('Chaguanas');
  await page.getByRole('textbox', { name: /best phone number/ }).fill('+1 868 555 4321');
  await page.getByRole('checkbox', { name: /Community Volunteer/ }).check();
  await page
    .getByRole('group', { name: /community directory/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await page.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(page).toHaveURL(/\/dashboard\/community$/);
  await expect(page.getByText('Your registration has been saved.')).toBeVisible();
});
