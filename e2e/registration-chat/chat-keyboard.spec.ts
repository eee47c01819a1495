import { chatInput, chatOption, chatPanel, expect, expectBotSaid, test } from './chat-fixtures';

test.describe('at the real typing pause', () => {
  test.use({ typingDelayMs: null });

  test('the bot shows its typing dots and keeps the input disabled until its message is in', async ({ page }) => {
    await page.goto('/about');
    // The dots show for 450 ms: polling from the test can miss them on a busy machine, so the page
    // itself counts each time they appear.
    await page.evaluate(() => {
      const seen = { count: 0, shown: false, inputUsableWhileTyping: false };
      (window as unknown as { typingSeen: typeof seen }).typingSeen = seen;
      new MutationObserver(() => {
        const dots = document.querySelector('[data-testid="chat-typing"]');
        const shown = dots !== null;
        if (shown && !seen.shown) seen.count += 1;
        const input = dots?.closest('[role="dialog"]')?.querySelector('textarea');
        if (input && !input.disabled && input.getAttribute('aria-disabled') !== 'true') {
          seen.inputUsableWhileTyping = true;
        }
        seen.shown = shown;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const typingSeen = () =>
      page.evaluate(() => (window as unknown as { typingSeen: { count: number } }).typingSeen.count);
    const inputWasUsableWhileTyping = () =>
      page.evaluate(
        () =>
          (window as unknown as { typingSeen: { inputUsableWhileTyping: boolean } }).typingSeen.inputUsableWhileTyping,
      );

    await page.getByRole('button', { name: 'Open chat assistant' }).click();
    const panel = chatPanel(page);
    const typing = panel.getByText('The assistant is typing');
    await expect.poll(typingSeen).toBe(1);
    await expect(chatOption(panel, /Family Member/)).toBeVisible();
    await expect(typing).toHaveCount(0);
    await chatOption(panel, /Family Member/).click();
    await expect.poll(typingSeen).toBe(2);
    await expectBotSaid(panel, "Let's get started. What's your first name?");
    await expect(typing).toHaveCount(0);
    await expect(chatInput(panel)).toBeEnabled();
    expect(await inputWasUsableWhileTyping(), 'the input was usable while the dots showed').toBe(false);
  });
});

test('keyboard only: open, choose a role, answer with Enter (Shift+Enter is a new line), close with Escape', async ({
  page,
}) => {
  await page.goto('/about');
  const launcher = page.getByRole('button', { name: 'Open chat assistant' });
  await launcher.focus();
  await page.keyboard.press('Enter');
  const panel = chatPanel(page);
  await expect(panel).toBeVisible();
  // The input is disabled in the intro, so focus goes to the first option once the welcome is typed.
  await expect(chatOption(panel, /Family Member/)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(chatOption(panel, /Care Professional/)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');

  await expectBotSaid(panel, "Let's get started. What's your first name?");
  const input = chatInput(panel);
  await expect(input).toBeFocused();
  await page.keyboard.type('Keisha');
  await page.keyboard.press('Shift+Enter');
  await expect(input).toHaveValue('Keisha\n');
  await expect(panel.getByRole('log').getByText('Keisha')).toHaveCount(0);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('log').getByText(/^You: Keisha$/)).toBeVisible();
  await expectBotSaid(panel, /And your last name\?/);
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('');
  // The placeholder gives a format example, shortened while the input has focus.
  await expect(input).toHaveAttribute('placeholder', 'e.g., Keisha Ramdass');
  await page.keyboard.press('Shift+Tab');
  await expect(input).not.toBeFocused();
  await expect(input).toHaveAttribute('placeholder', 'Enter your name (e.g., Keisha Ramdass)');
  await page.keyboard.press('Tab');
  await expect(input).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(launcher).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    chatPanel(page)
      .getByRole('log')
      .getByText(/^You: Keisha$/),
  ).toBeVisible();
});

test('?debug=true logs the full message payload with console.info', async ({ page }) => {
  const payloads: unknown[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'info' || !message.text().startsWith('[chat] option_selected')) return;
    void message
      .args()[1]
      ?.jsonValue()
      .then((value: unknown) => payloads.push(value));
  });
  await page.goto('/about?debug=true');
  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  await chatOption(chatPanel(page), /Family Member/).click();
  await expect.poll(() => payloads.length).toBeGreaterThan(0);
  expect(payloads[0]).toMatchObject({
    event: { type: 'option_selected', optionId: 'family' },
    messages: [
      { isUser: true, content: "I'm a family member." },
      { isUser: false, content: "Let's get started. What's your first name?", questionId: 'first_name' },
    ],
  });
});
