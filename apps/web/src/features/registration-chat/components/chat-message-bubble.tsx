import { memo } from 'react';
import type { ChatMessage } from '@tavara/shared/registration-chat/chat-state';
import { enforceChatDialect } from '@tavara/shared/registration-chat/dialect';
import { cn } from '@/lib/cn';

/**
 * One message. Bot text shows `formattedContent` in place of `content` when it has one (spec
 * §3). User bubbles are at most 70 % of the transcript wide, 78 % of the screen on mobile
 * (spec §2). Memoised: typing in the input box re-renders the chat, not every message.
 */
export const ChatMessageBubble = memo(function ChatMessageBubble({ message }: { message: ChatMessage }) {
  // Spec §1: every bot text passes the dialect check (no sentence starting with "a,", never "Yuh").
  const text = message.isUser ? message.content : enforceChatDialect(message.formattedContent ?? message.content);
  return (
    <li className={cn('flex', message.isUser ? 'justify-end' : 'justify-start')}>
      <p
        className={cn(
          'rounded-2xl px-3.5 py-2 break-words whitespace-pre-wrap',
          message.isUser
            ? 'max-w-[70%] rounded-br-sm bg-brand text-white max-md:max-w-[78vw]'
            : 'max-w-[88%] rounded-bl-sm border border-line bg-canvas text-ink',
        )}
      >
        <span className="sr-only">{message.isUser ? 'You: ' : 'Assistant: '}</span>
        {text}
      </p>
    </li>
  );
});
