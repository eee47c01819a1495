import { BookOpen, Bot, LifeBuoy, Mail, MessageCircle, X } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { ContactChatData } from '@tavara/shared/support/contact-request.schema';
import { cn } from '@/lib/cn';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { toast } from '@/lib/toast';
import { openWhatsApp } from '../support-api';
import type { ContactDialogProps } from './contact-dialog';

import { ContactDialogFailed } from './contact-dialog-failed';

const loadContactDialog = () => import('./contact-dialog');
const ContactDialog = lazyWithRetry<ContactDialogProps>(loadContactDialog, ContactDialogFailed, 'Contact form');

export interface SupportWidgetProps {
  /** Toggles the 350 px chat panel (the chat feature's store, passed in by the app). */
  onToggleChat: () => void;
  /** The current chat's transcript to attach to a contact request, if any. */
  getChatData: () => ContactChatData | null;
  /** The chat panel is open: on a phone it covers the screen's bottom, so the button steps aside. */
  chatOpen?: boolean;
}

const itemClass =
  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left font-medium text-ink hover:bg-brand-soft focus-visible:bg-brand-soft';

const ITEM_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End']);

/**
 * The menu's arrow keys (issue 31): ArrowDown / ArrowUp move between its items (wrapping),
 * Home / End to the first and last; on the button, ArrowDown or ArrowUp opens the menu on its
 * first or last item. Tab still walks the items too (issue 14), as in a disclosure menu.
 */
function moveWithArrows(event: KeyboardEvent<HTMLDivElement>, open: boolean, openMenu: () => void) {
  if (!ITEM_KEYS.has(event.key)) return;
  const root = event.currentTarget;
  const onButton = (event.target as HTMLElement).dataset.supportButton !== undefined;
  if (onButton && (event.key === 'Home' || event.key === 'End')) return;
  event.preventDefault();
  const focusItem = (pick: (items: HTMLElement[]) => HTMLElement | undefined) => {
    const items = [...root.querySelectorAll<HTMLElement>('[data-support-item]')];
    pick(items)?.focus();
  };
  if (onButton) {
    const last = event.key === 'ArrowUp';
    if (!open) openMenu();
    // The items render with the next frame when the menu was closed.
    requestAnimationFrame(() => focusItem((items) => (last ? items.at(-1) : items[0])));
    return;
  }
  focusItem((items) => {
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Home') return items[0];
    if (event.key === 'End') return items.at(-1);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    return items[(at + step + items.length) % items.length];
  });
}

/**
 * Spec §2 "Support button": floating at the bottom right (the chat launcher sits above it), with
 * FAQ Section, WhatsApp Support, Contact Form and Chat with Assistant. The app shows it on every
 * page except / and /faq. The contact form's code loads on first use.
 */
export default function SupportWidget({ onToggleChat, getChatData, chatOpen = false }: SupportWidgetProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [contactUsed, setContactUsed] = useState(false);
  const [chatData, setChatData] = useState<ContactChatData | null>(null);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [menuOpen]);

  const close = (returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const openContact = () => {
    close(false);
    setChatData(getChatData());
    setContactUsed(true);
    setContactOpen(true);
  };

  const whatsApp = () => {
    close(true);
    openWhatsApp().catch((error: unknown) => {
      console.warn('Could not open WhatsApp', error);
      toast.error('WhatsApp Support is not available right now. Please use the contact form.');
    });
  };

  return (
    <div
      ref={rootRef}
      className={cn('floating-control fixed right-4 bottom-4 z-40', chatOpen && 'max-md:hidden')}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menuOpen) {
          event.stopPropagation();
          close(true);
          return;
        }
        moveWithArrows(event, menuOpen, () => setMenuOpen(true));
      }}
      onBlur={(event) => {
        if (menuOpen && !event.currentTarget.contains(event.relatedTarget)) setMenuOpen(false);
      }}
    >
      {/* The button first: Tab goes from it into the open menu, not backwards (issue 14). */}
      <button
        ref={buttonRef}
        data-support-button
        type="button"
        aria-label={menuOpen ? 'Close support menu' : 'Support'}
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? menuId : undefined}
        onClick={() => setMenuOpen((open) => !open)}
        className="grid size-14 place-items-center rounded-full border border-line bg-surface text-brand-strong shadow-lg transition-colors hover:bg-brand-soft"
      >
        {menuOpen ? <X aria-hidden="true" className="size-6" /> : <LifeBuoy aria-hidden="true" className="size-7" />}
      </button>
      {menuOpen && (
        <nav
          id={menuId}
          aria-label="Support"
          className="absolute right-0 bottom-16 w-64 rounded-card border border-line bg-surface p-2 text-base shadow-xl"
        >
          <p className="px-3 pt-1 pb-2 text-sm font-semibold text-ink-muted">How can we help?</p>
          <ul className="flex flex-col gap-0.5">
            <li>
              <Link to="/faq" data-support-item className={itemClass} onClick={() => close(false)}>
                <BookOpen aria-hidden="true" className="size-5 text-brand" />
                FAQ Section
              </Link>
            </li>
            <li>
              <button type="button" data-support-item className={itemClass} onClick={whatsApp}>
                <MessageCircle aria-hidden="true" className="size-5 text-professional" />
                WhatsApp Support
              </button>
            </li>
            <li>
              <button
                type="button"
                data-support-item
                className={itemClass}
                onClick={openContact}
                onPointerEnter={() => void loadContactDialog().catch(() => undefined)}
              >
                <Mail aria-hidden="true" className="size-5 text-brand" />
                Contact Form
              </button>
            </li>
            <li>
              <button
                type="button"
                data-support-item
                className={itemClass}
                onClick={() => {
                  close(false);
                  onToggleChat();
                }}
              >
                <Bot aria-hidden="true" className="size-5 text-brand" />
                Chat with Assistant
              </button>
            </li>
          </ul>
        </nav>
      )}
      {contactUsed && (
        <Suspense fallback={null}>
          <ContactDialog
            open={contactOpen}
            onOpenChange={setContactOpen}
            // The menu item that opened it has gone with the menu: back to the support button.
            returnFocusTo={() => buttonRef.current}
            chatData={chatData}
          />
        </Suspense>
      )}
    </div>
  );
}
