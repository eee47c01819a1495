import { chatOption, expect, expectBotSaid, openChatPanel, test } from '../registration-chat/chat-fixtures';

test('a contact request made after talking to the chat includes the chat session data', async ({ page }) => {
  await page.goto('/about');
  const panel = await openChatPanel(page);
  await chatOption(panel, /Family Member/).click();
  await expectBotSaid(panel, /What's your first name\?/);
  await panel.getByRole('button', { name: 'Close chat' }).click();

  await page.getByRole('button', { name: 'Support', exact: true }).click();
  await page.getByRole('button', { name: 'Contact Form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Support' });
  await expect(dialog.getByText('Including chat session data with your request')).toBeVisible();
});

test('without a conversation, nothing is attached', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Support', exact: true }).click();
  await page.getByRole('button', { name: 'Contact Form' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Support' });
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeVisible();
  await expect(dialog.getByText('Including chat session data with your request')).toHaveCount(0);
});
