import { readChatTranscript } from '@/features/registration-chat/chat-transcript';
import { FaqPage } from '@/features/support/components/faq-page';

/** `/faq`, with the current chat attachable to a contact request (the app joins the two features). */
export default function FaqRoute() {
  return <FaqPage getChatData={readChatTranscript} />;
}
