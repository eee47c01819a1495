import { CHAT_LAUNCHER_ID, chatUi, useChatUi } from '../chat-ui-store';
import { usePageBehindPanelInert } from '../hooks/use-page-behind-panel-inert';
import { useRegistrationChat } from '../hooks/use-registration-chat';
import { ChatFullScreenDialog } from './chat-full-screen-dialog';
import { ChatPanel } from './chat-panel';

/**
 * The chat's lazily loaded half: one conversation, shown in the panel or in the full-screen
 * dialog. It stays mounted after the first opening, so closing and reopening keeps the bot's
 * place (and its pending messages).
 */
export default function ChatHost() {
  const ui = useChatUi();
  const chat = useRegistrationChat();
  // In the chat's own chunk, not the launcher's: the landing page's first load stays lean.
  usePageBehindPanelInert(ui.isOpen && !ui.isFullScreen);
  const closePanel = () => {
    chatUi.setOpen(false);
    document.getElementById(CHAT_LAUNCHER_ID)?.focus();
  };
  return (
    <>
      {ui.isOpen && !ui.isFullScreen && (
        <ChatPanel chat={chat} onClose={closePanel} onFullScreen={() => chatUi.openFullScreen()} />
      )}
      <ChatFullScreenDialog open={ui.isFullScreen} chat={chat} onClose={chatUi.closeFullScreen} />
    </>
  );
}
