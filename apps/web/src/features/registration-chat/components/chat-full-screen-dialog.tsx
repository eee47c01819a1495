import { Settings, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { PRODUCT_NAME } from '@tavara/shared/product';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Tooltip } from '@/components/ui/tooltip';
import type { RegistrationChat } from '../hooks/use-registration-chat';
import { ChatAssistant } from './chat-assistant';
import { ChatSettingsDialog } from './chat-settings-dialog';

const headerButton = 'inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-brand-soft';

/**
 * The full-screen chat (spec §2): a Radix dialog titled '{product} Chat' with settings and close
 * buttons around the same chat component; the settings button opens the Chat Settings dialog. Focus stays inside while it is open; closing it only
 * leaves full screen (spec §4), so the conversation carries on in the panel.
 */
export function ChatFullScreenDialog({
  open,
  chat,
  onClose,
}: {
  open: boolean;
  chat: RegistrationChat;
  onClose: () => void;
}) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        variant="fullscreen"
        data-testid="chat-full-screen"
        // The chat puts focus on its input or first option itself.
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        {/* A div, not <header>: a header here would be a second banner landmark. */}
        <div className="flex items-center gap-2 border-b border-line py-2 pr-2 pl-4">
          <DialogTitle className="min-w-0 flex-1 truncate">{PRODUCT_NAME} Chat</DialogTitle>
          {/* An icon button: the tooltip says in words what it opens. */}
          <Tooltip content="Chat Settings">
            <button
              ref={settingsButton}
              type="button"
              aria-label="Chat settings"
              aria-haspopup="dialog"
              onClick={() => setSettingsOpen(true)}
              className={headerButton}
            >
              <Settings aria-hidden="true" className="size-5" />
            </button>
          </Tooltip>
          <DialogClose asChild>
            <button type="button" aria-label="Close full-screen chat" className={headerButton}>
              <X aria-hidden="true" className="size-5" />
            </button>
          </DialogClose>
        </div>
        <DialogDescription className="sr-only">
          Answer a few questions and the assistant prepares your registration form.
        </DialogDescription>
        <div className="mx-auto flex min-h-0 w-full max-w-3xl flex-1 flex-col">
          <ChatAssistant chat={chat} hideHeader autoFocus />
        </div>
        <ChatSettingsDialog
          open={settingsOpen}
          onOpenChange={setSettingsOpen}
          onResetChat={chat.startOver}
          returnFocusTo={settingsButton}
        />
      </DialogContent>
    </Dialog>
  );
}
