import { MessageCircleIcon, XIcon } from '@/components/ui/icons';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { ChatLoadFailed, ChatLoadingShell } from './chat-loading-shell';
import { CHAT_LAUNCHER_ID, CHAT_PANEL_ID, chatUi, useChatUi } from './chat-ui-store';

const loadChatHost = () => import('./components/chat-host');

// The panel (or full screen) and its skeleton show at once on a tap; the chat fills it when its
// code arrives. A failed download says so in the same frame, with Try again.
const ChatHost = lazyWithRetry(loadChatHost, ChatLoadFailed, 'Chat');

const prefetchChat = () => {
  loadChatHost().catch(() => undefined);
};

/**
 * The floating chat button on every page (spec §2), above where the support button sits, and
 * the chat itself, whose code loads only once the chat is first opened (or prefetched when the
 * pointer or focus reaches the button). Default export: the layout loads this module lazily.
 */
export default function ChatLauncher() {
  const { isOpen, isFullScreen, hasOpened, generation } = useChatUi();
  const { pathname } = useLocation();
  // The sign-in and sign-up forms are never covered by a panel left open on another page (on a
  // phone it takes most of the screen); the launcher stays to reopen it.
  const onAuthPage = pathname === '/auth' || pathname.startsWith('/auth/');
  useEffect(() => {
    if (onAuthPage && chatUi.getState().isOpen && !chatUi.getState().isFullScreen) chatUi.setOpen(false);
  }, [onAuthPage]);
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
          'floating-control fixed right-4 bottom-[88px] z-40 grid size-14 place-items-center rounded-full bg-brand text-white shadow-lg transition-colors hover:bg-brand-strong',
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
        <Suspense fallback={<ChatLoadingShell />}>
          <ChatHost key={generation} />
        </Suspense>
      )}
    </>
  );
}
