import { MessageCircleIcon, XIcon } from '@/components/ui/icons';
import {
  lazy,
  type ComponentType,
  Suspense,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { ROLE_LABELS, type PublicRole } from '@tavara/shared/roles';
import { MOBILE_BREAKPOINT_PX } from '@/config/ui';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { chatUi } from './chat-ui-store';

type BubbleRole = PublicRole | 'default';

/** Spec §2 "Role chat bubble": the card's message and the tooltip's prompt per role. */
export const ROLE_CHAT_BUBBLE_TEXT: Readonly<Record<BubbleRole, { message: string; prompt: string }>> = {
  family: { message: 'Need help finding care for a loved one?', prompt: "Let's chat about care options" },
  professional: {
    message: "Are you a care professional? Let's get you connected with families who need your skills!",
    prompt: 'Join as a caregiver',
  },
  // Word for word: where the spec means the brand name it writes {product}; here it does not.
  community: { message: 'Want to support your community through the product?', prompt: 'Get involved' },
  default: { message: 'How can I help you today?', prompt: "Let's chat" },
};

const BUBBLE_COLOURS: Readonly<Record<BubbleRole, string>> = {
  family: 'bg-family hover:bg-family/90',
  professional: 'bg-professional hover:bg-professional/90',
  community: 'bg-community hover:bg-community/90',
  default: 'bg-brand hover:bg-brand-strong',
};

// Radix's tooltip (with its positioning code) loads on the first hover or focus, not with the page.
const loadTooltip = () => import('@/components/ui/tooltip');
const Tooltip = lazy<ComponentType<{ content: ReactNode; children: ReactNode }>>(() =>
  loadTooltip()
    .then((module) => ({ default: module.Tooltip }))
    .catch((error: unknown) => {
      console.warn('The tooltip code failed to load', error);
      return { default: ({ children }: { children: ReactNode }) => children };
    }),
);

/** Hover exists only on desktop: a mouse on a screen at least 768 px wide (spec §9). */
function canHover(): boolean {
  return window.matchMedia(`(hover: hover) and (min-width: ${MOBILE_BREAKPOINT_PX}px)`).matches;
}

/**
 * A round chat button coloured by role (spec §2). On desktop, hovering shows a tooltip with the
 * role's prompt and a card with its message and a dismiss button; on mobile only the click works.
 * Clicking stores the role as the chat's initial role and opens the full-screen chat on it.
 * Tiny on purpose: the landing page shows it, and the chat's code loads on the click.
 */
export function RoleChatBubble({ role, className }: { role?: PublicRole; className?: string }) {
  const hydrated = useHydrated();
  const key: BubbleRole = role ?? 'default';
  const { message, prompt } = ROLE_CHAT_BUBBLE_TEXT[key];
  const messageId = useId();
  const [cardOpen, setCardOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [tooltipReady, setTooltipReady] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Swapping in the tooltip re-creates the button, so it waits until the button has no focus.
  const prepareTooltip = () => {
    if (tooltipReady) return;
    loadTooltip().then(
      () => {
        if (document.activeElement !== buttonRef.current) setTooltipReady(true);
      },
      () => undefined,
    );
  };
  const showCard = () => {
    if (!dismissed && canHover()) setCardOpen(true);
  };
  const hideCard = () => {
    setCardOpen(false);
    setDismissed(false);
  };

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !canHover()) return;
    prepareTooltip();
    showCard();
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) hideCard();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && cardOpen) {
      setCardOpen(false);
      setDismissed(true);
    }
  };
  const openChat = () => {
    setCardOpen(false);
    chatUi.openFullScreen(role);
  };

  const button = (
    <button
      ref={buttonRef}
      type="button"
      // On a prerendered page the bubble waits for hydration: a tap before it would be lost.
      disabled={!hydrated || undefined}
      aria-label={role ? `${prompt} (${ROLE_LABELS[role]})` : prompt}
      // Only while the card shows: an undefined value would also drop the tooltip's own description.
      {...(cardOpen ? { 'aria-describedby': messageId } : {})}
      data-role-chat-bubble={key}
      onClick={openChat}
      onFocus={() => {
        prepareTooltip();
        showCard();
      }}
      onBlur={prepareTooltip}
      className={cn(
        'grid size-12 place-items-center rounded-full text-white shadow-md transition-[transform,background-color] hover:scale-105',
        BUBBLE_COLOURS[key],
      )}
    >
      <MessageCircleIcon aria-hidden="true" className="size-6" />
    </button>
  );

  return (
    <div
      className={cn('relative inline-flex', className)}
      onPointerEnter={onPointerEnter}
      onPointerLeave={hideCard}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {tooltipReady ? (
        <Suspense fallback={button}>
          <Tooltip content={prompt}>{button}</Tooltip>
        </Suspense>
      ) : (
        button
      )}
      {cardOpen && (
        <div className="absolute top-full left-1/2 z-30 mt-3 w-64 -translate-x-1/2 rounded-card border border-line bg-surface p-3 pr-10 text-left text-ink shadow-lg">
          <p id={messageId}>{message}</p>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => {
              // Focus first: focusing the bubble asks to show the card, and the later updates win.
              buttonRef.current?.focus();
              setCardOpen(false);
              setDismissed(true);
            }}
            className="absolute top-1.5 right-1.5 grid size-8 place-items-center rounded-lg text-ink-muted hover:bg-brand-soft"
          >
            <XIcon aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}
