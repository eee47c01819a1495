import { MAX_CHAT_MESSAGE_LENGTH, MAX_CHAT_TRANSCRIPT_MESSAGES } from '@tavara/shared/support/contact-limits';
import type { ContactChatData } from '@tavara/shared/support/contact-request.schema';
import { isPublicRole } from '@tavara/shared/roles';
import { CHAT_KEYS, chatStorage } from './chat-storage';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The current chat, as spec §3's contact request `chatData` (role, session id, transcript), for
 * the Contact Support form — or null when the visitor has not said anything in the chat yet.
 * Read from localStorage with hand-written checks (no zod: the support widget stays light); the
 * newest messages are kept when the chat is longer than the server accepts.
 */
export function readChatTranscript(): ContactChatData | null {
  const sessionId = chatStorage.get(CHAT_KEYS.sessionId);
  if (!sessionId) return null;
  const stored = chatStorage.getJson(CHAT_KEYS.messages(sessionId));
  if (!Array.isArray(stored)) return null;
  const transcript = stored
    .filter(isRecord)
    .map((message) => ({
      content: String(message.formattedContent ?? message.content ?? '').slice(0, MAX_CHAT_MESSAGE_LENGTH),
      isUser: message.isUser === true,
      timestamp: typeof message.timestamp === 'number' && message.timestamp >= 0 ? Math.floor(message.timestamp) : 0,
    }))
    .filter((message) => message.content.trim() !== '')
    .slice(-MAX_CHAT_TRANSCRIPT_MESSAGES);
  if (!transcript.some((message) => message.isUser)) return null;
  const session = chatStorage.getJson(CHAT_KEYS.session);
  const role = isRecord(session) ? session.role : null;
  return {
    role: isPublicRole(role) ? role : null,
    sessionId: sessionId.slice(0, 100),
    transcript,
  };
}
