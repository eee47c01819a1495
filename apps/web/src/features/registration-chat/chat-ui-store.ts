import { useSyncExternalStore } from 'react';
import { isPublicRole, type PublicRole } from '@tavara/shared/roles';
import { onSignOut } from '@/lib/auth';
import { CHAT_KEYS, chatStorage } from './chat-storage';

/**
 * Spec §3 "Chat state holder" and §4: whether the chat is open, full screen, and on which role it
 * should start. A tiny store outside React, shared by the launcher (every page) and the role chat
 * bubbles (landing page) without a provider, and small enough for the first load. The
 * conversation itself lives in the chat chunk (`use-registration-chat.ts`).
 */
/** DOM ids: the launcher gets focus back when the panel closes; it controls the panel. */
export const CHAT_LAUNCHER_ID = 'chat-launcher';
export const CHAT_PANEL_ID = 'chat-panel';

export interface ChatUiState {
  /** The chat panel is open (persisted as `is_open`). */
  readonly isOpen: boolean;
  /** The full-screen chat dialog is open. */
  readonly isFullScreen: boolean;
  /** A role chosen before the chat opened (a role chat bubble); `initial_role` in storage. */
  readonly initialRole: PublicRole | null;
  /** The chat starts on `initialRole` instead of the welcome. */
  readonly skipIntro: boolean;
  /** The chat was opened during this visit, so its code is loaded and it stays mounted. */
  readonly hasOpened: boolean;
  /** Counts role-bubble clicks, so an already mounted chat notices a new one. */
  readonly roleRequest: number;
  /** Counts sign-outs: the chat is mounted afresh (keyed by it), forgetting the conversation. */
  readonly generation: number;
  /** Whether closing the full-screen chat returns to the panel (it was open before). */
  readonly returnToPanel: boolean;
}

function readInitialState(): ChatUiState {
  const stored = chatStorage.get(CHAT_KEYS.initialRole);
  const initialRole = isPublicRole(stored) ? stored : null;
  const isOpen = chatStorage.get(CHAT_KEYS.isOpen) === 'true';
  return {
    isOpen,
    isFullScreen: false,
    initialRole,
    skipIntro: initialRole !== null,
    hasOpened: isOpen,
    roleRequest: 0,
    generation: 0,
    returnToPanel: false,
  };
}

let state: ChatUiState | undefined;
const listeners = new Set<() => void>();

function current(): ChatUiState {
  state ??= readInitialState();
  return state;
}

function update(patch: Partial<ChatUiState>): void {
  const previous = current();
  const next = { ...previous, ...patch };
  if (next.isOpen || next.isFullScreen) next.hasOpened = true;
  state = next;
  if (next.isOpen !== previous.isOpen) chatStorage.set(CHAT_KEYS.isOpen, String(next.isOpen));
  listeners.forEach((listener) => listener());
}

/** Opens, closes and switches the chat. */
export const chatUi = {
  getState: current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setOpen(isOpen: boolean): void {
    update({ isOpen });
  },
  toggle(): void {
    update({ isOpen: !current().isOpen });
  },
  /** Opens the full-screen chat (which also opens the chat); with a role, the chat starts on it. */
  openFullScreen(role?: PublicRole | null): void {
    const returnToPanel = current().isFullScreen ? current().returnToPanel : current().isOpen;
    if (role) {
      chatStorage.set(CHAT_KEYS.initialRole, role);
      update({
        isOpen: true,
        isFullScreen: true,
        returnToPanel,
        initialRole: role,
        skipIntro: true,
        roleRequest: current().roleRequest + 1,
      });
      return;
    }
    update({ isOpen: true, isFullScreen: true, returnToPanel });
  },
  /**
   * Spec §4: closing full screen clears the flag; the panel stays open if it was open before
   * (issue 14: a chat opened full screen from a role bubble does not then reappear as a panel
   * on every page).
   */
  closeFullScreen(): void {
    update({ isFullScreen: false, isOpen: current().returnToPanel });
  },
  /** Closes the panel and the full-screen dialog (after the hand-over to the form). */
  closeAll(): void {
    update({ isOpen: false, isFullScreen: false });
  },
  /** The chat has started on the initial role: forget it, so a later visit starts normally. */
  consumeInitialRole(): void {
    chatStorage.remove(CHAT_KEYS.initialRole);
    if (current().initialRole !== null) update({ initialRole: null, skipIntro: false });
  },
};

// Sign-out (shared phones, issue 14): close the chat and mount it afresh; its storage is already cleared.
onSignOut(() => {
  update({
    isOpen: false,
    isFullScreen: false,
    initialRole: null,
    skipIntro: false,
    generation: current().generation + 1,
  });
});

/** The chat's open / full-screen / initial-role state, re-rendering on change. */
export function useChatUi(): ChatUiState {
  return useSyncExternalStore(chatUi.subscribe, current, current);
}
