import { Maximize2 } from 'lucide-react';
import { useId, type KeyboardEvent } from 'react';
import { CHAT_PANEL_ID } from '../chat-ui-store';
import type { RegistrationChat } from '../hooks/use-registration-chat';
import { CHAT_HEADER_BUTTON_CLASS, ChatAssistant } from './chat-assistant';

/**
 * The 350 px chat panel at the bottom right, above the launcher (which sits above the support
 * button); full width below 768 px (spec §2, §9). A non-modal dialog: the page stays usable,
 * Escape closes it.
 */
export function ChatPanel({
  chat,
  onClose,
  onFullScreen,
}: {
  chat: RegistrationChat;
  onClose: () => void;
  onFullScreen: () => void;
}) {
  const titleId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <section
      id={CHAT_PANEL_ID}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      data-testid="chat-panel"
      className="fixed z-40 flex flex-col overflow-hidden border border-line bg-surface shadow-2xl max-md:inset-x-0 max-md:bottom-0 max-md:h-[85dvh] max-md:rounded-t-card md:right-4 md:bottom-[152px] md:h-[min(560px,calc(100dvh-168px))] md:w-[350px] md:rounded-card"
    >
      <ChatAssistant
        chat={chat}
        titleId={titleId}
        onClose={onClose}
        autoFocus
        headerActions={
          <button
            type="button"
            aria-label="Open full-screen chat"
            onClick={onFullScreen}
            className={CHAT_HEADER_BUTTON_CLASS}
          >
            <Maximize2 aria-hidden="true" className="size-4" />
          </button>
        }
      />
    </section>
  );
}
