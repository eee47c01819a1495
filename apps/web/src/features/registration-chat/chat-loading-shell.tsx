import { XIcon } from '@/components/ui/icons';
import { PRODUCT_NAME } from '@tavara/shared/product';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { LoadFailedProps } from '@/lib/lazy-with-retry';
import { CHAT_LAUNCHER_ID, CHAT_PANEL_ID, chatUi, useChatUi } from './chat-ui-store';

/**
 * The chat's frame while its code downloads, or after the download failed: the panel's frame
 * (chat-panel.tsx), or the full screen after a role bubble. It shows the moment the chat opens,
 * so a tap on a slow connection answers at once; the chat (chat-host) replaces it. Kept small:
 * it is part of the launcher's chunk on every page.
 */
function ChatFrame({ retry }: Partial<LoadFailedProps>) {
  const { isFullScreen, isOpen } = useChatUi();
  if (!isOpen && !isFullScreen) return null;
  const title = `${PRODUCT_NAME} ${isFullScreen ? 'Chat' : 'Assistant'}`;
  const close = () => {
    chatUi.closeAll();
    document.getElementById(CHAT_LAUNCHER_ID)?.focus();
  };
  return (
    <section
      id={isFullScreen ? undefined : CHAT_PANEL_ID}
      role="dialog"
      aria-label={title}
      aria-busy={!retry}
      data-testid="chat-loading"
      onKeyDown={(event) => event.key === 'Escape' && close()}
      className={
        isFullScreen
          ? 'fixed inset-0 z-50 flex flex-col bg-surface'
          : 'fixed z-40 flex flex-col border border-line bg-surface shadow-2xl max-md:inset-x-0 max-md:bottom-0 max-md:h-[85dvh] max-md:rounded-t-card md:right-4 md:bottom-[152px] md:h-[min(560px,calc(100dvh-168px))] md:w-[350px] md:rounded-card'
      }
    >
      <div className="flex items-center border-b border-line py-1.5 pr-1 pl-4">
        <p className="flex-1 font-semibold">{title}</p>
        <button
          type="button"
          aria-label="Close chat"
          onClick={close}
          className="grid size-11 place-items-center rounded-lg hover:bg-brand-soft"
        >
          <XIcon aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="mx-auto flex w-full max-w-3xl flex-col items-start gap-3 p-4">
        {retry ? (
          <>
            <p role="alert">
              The chat could not load. Check your connection: it loads by itself once you are back online.
            </p>
            <Button onClick={retry}>Try again</Button>
          </>
        ) : (
          <>
            <p role="status" className="sr-only">
              Loading the chat…
            </p>
            <Skeleton className="h-16 w-4/5 rounded-2xl" />
            <Skeleton className="h-10 w-3/5 rounded-2xl" />
          </>
        )}
      </div>
    </section>
  );
}

export const ChatLoadingShell = () => <ChatFrame />;
export const ChatLoadFailed = ({ retry }: LoadFailedProps) => <ChatFrame retry={retry} />;
