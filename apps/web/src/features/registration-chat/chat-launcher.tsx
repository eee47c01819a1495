import { MessageCircleIcon, XIcon } from '@/components/ui/icons';
import { lazy, Suspense, type ComponentType } from 'react';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { CHAT_LAUNCHER_ID, CHAT_PANEL_ID, chatUi, useChatUi } from './chat-ui-store';

const loadChatHost = () => import('./components/chat-host');

const ChatHost = lazy<ComponentType>(() =>
  loadChatHost().catch((error: unknown) => {
    console.warn('The chat code failed to load', error);
    toast.error('The chat could not load. Please check your connection and refresh the page.');
    chatUi.closeAll();
    return { default: () => null };
  }),
);

const prefetchChat = () => {
  loadChatHost().catch(() => undefined);
};

/**
 * The floating chat button on every page (spec §2), above where the support button sits, and
 * the chat itself, whose code loads only once the chat is first opened (or prefetched when the
 * pointer or focus reaches the button). Default export: the layout loads this module lazily.
 */
export default function ChatLauncher() {
  const { isOpen, isFullScreen, hasOpened } = useChatUi();
  return (
    <>
      <button
        id={CHAT_LAUNCHER_ID}
        type="button"
        aria-label={isOpen ? 'Close chat assistant' : 'Open chat assistant'}
        aria-expanded={isOpen}
        aria-controls={isOpen && !isFullScreen ? CHAT_PANEL_ID : undefined}
        onClick={chatUi.toggle}
        onPointerEnter={prefetchChat}
        onFocus={prefetchChat}
        className={cn(
          'fixed right-4 bottom-[88px] z-40 grid size-14 place-items-center rounded-full bg-brand text-white shadow-lg transition-colors hover:bg-brand-strong',
          // The panel covers the bottom of a phone screen and has its own close button.
          isOpen && 'max-md:hidden',
        )}
      >
        {isOpen ? (
          <XIcon aria-hidden="true" className="size-6" />
        ) : (
          <MessageCircleIcon aria-hidden="true" className="size-7" />
        )}
      </button>
      {hasOpened && (
        <Suspense fallback={null}>
          <ChatHost />
        </Suspense>
      )}
    </>
  );
}
