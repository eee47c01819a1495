import SupportWidget from '@/features/support/components/support-widget';
import { chatUi, useChatUi } from '@/features/registration-chat/chat-ui-store';
import { readChatTranscript } from '@/features/registration-chat/chat-transcript';

/**
 * The support button with the chat wired in: 'Chat with Assistant' toggles the chat panel and
 * the contact form attaches the current chat's transcript. Joined here because a feature never
 * imports another (decision 001). Loaded lazily by the router, on pages that show it.
 */
export default function SupportOverlay() {
  const { isOpen } = useChatUi();
  return <SupportWidget onToggleChat={chatUi.toggle} getChatData={readChatTranscript} chatOpen={isOpen} />;
}
