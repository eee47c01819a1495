import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from '@/testing/render';
import { useRegistrationChat } from '../hooks/use-registration-chat';
import { ChatPanel } from './chat-panel';

/**
 * The chat panel in a real browser, on the real hook and controller (local only: no sync, no AI,
 * no typing pause): the log, answering by option and by typing, the spec's validation message.
 */

function Panel({ onClose }: { onClose: () => void }) {
  const chat = useRegistrationChat({ sync: null, ai: null, typingDelayMs: 0 });
  return <ChatPanel chat={chat} onClose={onClose} onFullScreen={() => {}} />;
}

function renderPanel() {
  const onClose = vi.fn();
  render(
    <MemoryRouter>
      <Panel onClose={onClose} />
    </MemoryRouter>,
  );
  return { onClose, log: page.getByRole('log', { name: 'Chat messages' }) };
}

describe('ChatPanel', () => {
  it('shows the conversation in a log and answers by option and by typing', async () => {
    const { log } = renderPanel();
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await expect.element(log).toHaveTextContent(/Family Member/);
    // The options answer the welcome: the first has focus, so a keyboard user starts there.
    const family = page.getByRole('button', { name: /Family Member/ });
    await expect.element(family).toHaveFocus();
    await userEvent.click(family);
    await expect.element(log).toHaveTextContent("Let's get started. What's your first name?");

    const input = page.getByLabelText('Your answer');
    await expect.element(input).toHaveFocus();
    await userEvent.fill(input, 'Keisha');
    await userEvent.keyboard('{Enter}');
    await expect.element(log).toHaveTextContent('Keisha');
    await expect.element(log).toHaveTextContent('And your last name?');
    await expect.element(input).toHaveValue('');
  });

  it('says what is wrong with a typed answer beside the input, and keeps it', async () => {
    const { log } = renderPanel();
    await userEvent.click(page.getByRole('button', { name: /Family Member/ }));
    const input = page.getByLabelText('Your answer');
    await userEvent.fill(input, 'K3isha');
    await userEvent.click(page.getByRole('button', { name: 'Send message' }));
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    await expect.element(input).toHaveAccessibleDescription(/letters/i);
    await expect.element(input).toHaveValue('K3isha');
    await expect.element(log).not.toHaveTextContent('And your last name?');
  });

  it('Escape closes the panel', async () => {
    const { onClose } = renderPanel();
    await userEvent.click(page.getByRole('button', { name: /Family Member/ }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
