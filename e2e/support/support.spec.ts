import { Buffer } from 'node:buffer';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../fixtures';

/** A 1 × 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface DevMail {
  subject: string;
  text: string;
  html: string;
}

function supportButton(page: Page) {
  return page.getByRole('button', { name: 'Support', exact: true });
}

async function openContactForm(page: Page) {
  await supportButton(page).click();
  await page.getByRole('navigation', { name: 'Support' }).getByRole('button', { name: 'Contact Form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Support' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('support button', () => {
  test('is on every page except / and /faq, below the chat launcher', async ({ page }) => {
    for (const path of ['/about', '/features', '/auth', '/family/features-overview', '/legacy-stories']) {
      await page.goto(path);
      await expect(supportButton(page), path).toBeVisible();
      const support = await supportButton(page).boundingBox();
      const launcher = await page.getByRole('button', { name: 'Open chat assistant' }).boundingBox();
      expect(support && launcher && support.y > launcher.y + launcher.height, path).toBe(true);
    }
    for (const path of ['/', '/faq']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Open chat assistant' })).toBeVisible();
      await expect(supportButton(page), path).toHaveCount(0);
    }
  });

  test('its menu offers FAQ, WhatsApp, the contact form and the chat, and closes with Escape', async ({ page }) => {
    await page.goto('/about');
    await supportButton(page).click();
    const menu = page.getByRole('navigation', { name: 'Support' });
    await expect(menu.getByRole('link', { name: 'FAQ Section' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'WhatsApp Support' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Contact Form' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Chat with Assistant' })).toBeVisible();
    await expectNoAxeViolations(page, 'support menu open');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Support', exact: true })).toBeFocused();

    await supportButton(page).click();
    await menu.getByRole('link', { name: 'FAQ Section' }).click();
    await expect(page).toHaveURL('/faq');
    await expect(supportButton(page)).toHaveCount(0);
  });

  test('WhatsApp Support opens wa.me with the configured number and a greeting', async ({ page, context }) => {
    // The browser may not leave this machine: answer wa.me locally.
    await context.route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>WhatsApp</p>' }),
    );
    await page.goto('/about');
    await supportButton(page).click();
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'WhatsApp Support' }).click();
    await expect(await popup).toHaveURL(
      /^https:\/\/wa\.me\/18685550100\?text=Hello!%20I%20need%20some%20help%20with%20Tavara\.$/,
    );
  });

  test('Chat with Assistant toggles the chat panel', async ({ page }) => {
    await page.goto('/about');
    await supportButton(page).click();
    await page.getByRole('button', { name: 'Chat with Assistant' }).click();
    const panel = page.getByRole('dialog', { name: 'Tavara Assistant' });
    await expect(panel).toBeVisible();
    // Wait for the chat's first message and its choices (the final state): until then the chat
    // moves focus into itself, which closes a menu opened meanwhile.
    await expect(panel.getByRole('group', { name: 'Answer options' })).toBeVisible();
    await supportButton(page).click();
    await page.getByRole('button', { name: 'Chat with Assistant' }).click();
    await expect(panel).toBeHidden();
  });
});

test.describe('Contact Support dialog', () => {
  test('a request with a screenshot reaches the support mailbox, escaped', async ({ page, request }) => {
    const marker = `Booking page froze ${Date.now()}`;
    await page.goto('/features');
    const dialog = await openContactForm(page);
    await expect(dialog.getByRole('textbox', { name: 'Issue Description' })).toHaveAttribute('rows', '4');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Ravi <b>Singh</b>');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('ravi@example.tt');
    await dialog.getByRole('textbox', { name: 'Issue Description' }).fill(`${marker} <script>alert(1)</script>`);
    await dialog.getByLabel(/Screenshot/).setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    await expectNoAxeViolations(page, 'contact dialog filled');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText("Thank you — your message has been sent. We'll reply by email.")).toBeVisible();
    await expect(dialog).toBeHidden();

    let mail: DevMail | undefined;
    await expect
      .poll(async () => {
        const response = await request.get('/api/dev/mailbox?to=support@localhost');
        const { messages } = (await response.json()) as { messages: DevMail[] };
        mail = messages.find((m) => m.text.includes(marker));
        return mail !== undefined;
      })
      .toBe(true);
    expect(mail?.text).toContain('Screenshot: image/png');
    expect(mail?.html).toContain('Ravi &lt;b&gt;Singh&lt;/b&gt;');
    expect(mail?.html).not.toContain('<script>');
  });

  test('missing fields are named beside them; nothing is sent', async ({ page }) => {
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/support/requests')) posted = true;
    });
    await page.goto('/about');
    const dialog = await openContactForm(page);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Please enter your name.')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid email address so we can reply.')).toBeVisible();
    await expect(dialog.getByText('Please describe the issue in at least 10 characters.')).toBeVisible();
    // Each required field is marked `*` and told to screen readers as required; the first invalid one has focus.
    await expect(dialog.getByText('Issue Description*')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Issue Description' })).toHaveAttribute('required', '');
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    expect(posted).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test.describe('when the server refuses', () => {
    test.use({ allowConsoleErrors: /status of 429/ });

    test('the dialog keeps the values and says what went wrong', async ({ page }) => {
      await page.route('**/api/support/requests', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'rate_limited', message: 'You have sent several requests in a short time.' },
          }),
        }),
      );
      await page.goto('/about');
      const dialog = await openContactForm(page);
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Anya Ali');
      await dialog.getByRole('textbox', { name: 'Email' }).fill('anya@example.tt');
      await dialog.getByRole('textbox', { name: 'Issue Description' }).fill('I cannot find the sign-up form.');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'Your message could not be sent. You have sent several requests in a short time.',
      );
      await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Anya Ali');
      await expect(dialog.getByRole('textbox', { name: 'Issue Description' })).toHaveValue(
        'I cannot find the sign-up form.',
      );
      await expect(dialog.getByRole('button', { name: 'Submit' })).toBeVisible();
    });
  });
});

test.describe('support on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the menu and the contact form fit the screen and stay accessible', async ({ page }) => {
    await page.goto('/about');
    await supportButton(page).tap();
    const menu = page.getByRole('navigation', { name: 'Support' });
    const box = await menu.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    const dialog = await openContactFormFromOpenMenu(page);
    await expectNoAxeViolations(page, 'contact dialog at 360 px');
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox && dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= 360).toBe(true);
  });
});

test.describe('support and chat on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the support button steps aside while the chat panel covers the bottom of the screen', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open chat assistant' }).click();
    await expect(page.getByRole('dialog', { name: 'Tavara Assistant' })).toBeVisible();
    await expect(supportButton(page)).toBeHidden();
    await page.getByRole('dialog', { name: 'Tavara Assistant' }).getByRole('button', { name: 'Close chat' }).click();
    await expect(supportButton(page)).toBeVisible();
  });
});

async function openContactFormFromOpenMenu(page: Page) {
  await page.getByRole('navigation', { name: 'Support' }).getByRole('button', { name: 'Contact Form' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Contact Support' });
  await expect(dialog).toBeVisible();
  return dialog;
}
