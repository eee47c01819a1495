import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from '@/testing/render';
import { chatUi } from './chat-ui-store';
import { ROLE_CHAT_BUBBLE_TEXT, RoleChatBubble } from './role-chat-bubble';

/** The landing page's role chat bubble in a real browser (spec §2 "Role chat bubble"). */

const bubble = () => page.getByRole('button', { name: "Let's chat about care options (Family Member)" });
const { message } = ROLE_CHAT_BUBBLE_TEXT.family;

describe('RoleChatBubble', () => {
  beforeEach(async () => {
    chatUi.closeAll();
    await page.viewport(1280, 800);
  });

  it('on desktop, hovering shows the prompt and the role message, tied to the button; Dismiss hides it', async () => {
    // Placed as on the landing page, with room around it for the tooltip above and the card below.
    render(
      <div className="grid h-96 place-items-center">
        <RoleChatBubble role="family" />
      </div>,
    );
    await userEvent.hover(bubble());
    await expect.element(page.getByText(message)).toBeVisible();
    await expect.element(bubble()).toHaveAccessibleDescription(new RegExp(message.replace('?', '\\?')));
    // The tooltip's code loads on the first hover (Radix then marks the button with data-state);
    // it opens as the pointer moves on, after the 700 ms delay.
    await expect.element(bubble()).toHaveAttribute('data-state', expect.stringMatching(/closed|delayed-open/));
    await userEvent.hover(bubble(), { position: { x: 20, y: 20 } });
    await expect.element(page.getByRole('tooltip')).toHaveTextContent(ROLE_CHAT_BUBBLE_TEXT.family.prompt);
    await userEvent.click(page.getByRole('button', { name: 'Dismiss' }));
    await expect.element(page.getByText(message)).not.toBeInTheDocument();
    await expect.element(bubble()).toHaveFocus();
  });

  it('from the keyboard, focus shows the message and Escape dismisses it, focus staying put', async () => {
    render(
      <>
        <button type="button">Before</button>
        <RoleChatBubble role="family" />
      </>,
    );
    await userEvent.click(page.getByRole('button', { name: 'Before' }));
    await userEvent.tab();
    await expect.element(bubble()).toHaveFocus();
    await expect.element(page.getByText(message)).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByText(message)).not.toBeInTheDocument();
    await expect.element(bubble()).toHaveFocus();
  });

  it('a click opens the full-screen chat on its role and remembers the role for the chat', async () => {
    render(<RoleChatBubble role="family" />);
    await userEvent.click(bubble());
    expect(chatUi.getState()).toMatchObject({ isOpen: true, isFullScreen: true, initialRole: 'family' });
    expect(localStorage.getItem('tavara_chat_initial_role')).toBe('family');
  });

  it('on a 360 px phone there is no hover card: only the tap works', async () => {
    await page.viewport(360, 740);
    render(<RoleChatBubble role="family" />);
    await userEvent.hover(bubble());
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect.element(page.getByText(message)).not.toBeInTheDocument();
  });

  it('is at least 44 px square, a comfortable touch target', async () => {
    render(<RoleChatBubble role="family" />);
    await expect.element(bubble()).toBeVisible();
    const box = bubble().element().getBoundingClientRect();
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  });
});
