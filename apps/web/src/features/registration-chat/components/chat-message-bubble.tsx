import { memo, type ReactNode } from 'react';
import type { ChatMessage } from '@tavara/shared/registration-chat/chat-state';
import { enforceChatDialect } from '@tavara/shared/registration-chat/dialect';
import { CHAT_TEXT } from '@tavara/shared/registration-chat/phrases';
import { cn } from '@/lib/cn';

const CONSENT_QUESTION_ID = 'consent';

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
        {message.content === CHAT_TEXT.privacyNote || message.questionId === CONSENT_QUESTION_ID ? (
          <LegalLinks text={text} />
        ) : (
          text
        )}
      </p>
    </li>
  );
});

const LEGAL_LINKS: readonly (readonly [string, string])[] = [
  ['Terms of Service', '/terms'],
  ['Privacy Policy', '/privacy'],
];

/**
 * The privacy note and the consent question point to the real documents (issue 14): their
 * 'Terms of Service' and 'Privacy Policy' are links, opening in a new tab so the chat keeps its place.
 */
function LegalLinks({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let rest = text;
  for (;;) {
    const next = LEGAL_LINKS.map(([words, href]) => ({ words, href, at: rest.indexOf(words) }))
      .filter((found) => found.at !== -1)
      .sort((x, y) => x.at - y.at)[0];
    if (!next) break;
    parts.push(rest.slice(0, next.at));
    parts.push(
      <a
        key={parts.length}
        href={next.href}
        target="_blank"
        rel="noopener"
        className="font-semibold text-brand underline underline-offset-4 hover:text-brand-strong"
      >
        {next.words}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>,
    );
    rest = rest.slice(next.at + next.words.length);
  }
  parts.push(rest);
  return <>{parts}</>;
}
