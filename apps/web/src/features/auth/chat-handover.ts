import { use, useState } from 'react';
import {
  CHAT_SESSION_ID_STORAGE_KEY,
  chatPrefillStorageKey,
  chatProgressStorageKey,
  chatServerSessionStorageKey,
} from '@tavara/shared/registration-chat/storage-keys';
import { isPublicRole, PUBLIC_ROLES, type PublicRole } from '@tavara/shared/roles';
import { ROLE_REGISTRATION_PATHS } from '@/config/paths';
import { LOCAL_KEYS, localStore } from '@/lib/browser-storage';
import { retryImport } from '@/lib/lazy-with-retry';
import type * as ChatHandoverSchemas from './chat-handover-schemas';

/**
 * What /auth knows about a visitor the chat (or a registration link) has just sent to create an
 * account (issue 14, item 1): the role of their chat, its session id, and the name and e-mail
 * they gave it. Read from `lastPath` (the registration form's address, `?session=` included, kept
 * by the form page) and the chat's prefill in localStorage; nothing here leaves the browser
 * except the session id, which the sign-up request carries so the server links the chat.
 */
export interface ChatSignUpHandover {
  /**
   * `form`: sent here by a registration form (`?from=registration`). `stored`: the visitor came
   * another way (Sign In → Sign Up after closing the chat), and this is the chat kept in this
   * browser — so the role, names and the link to the chat still reach the sign-up.
   */
  readonly source: 'form' | 'stored';
  readonly role: PublicRole;
  /** The registration form's address to come back to (with `?session=`). */
  readonly formPath: string;
  /** The chat's id in this browser (its prefill's key). */
  readonly sessionId: string | null;
  /**
   * The id the server issued for the chat (issue 13): what sign-up sends to link it; null when the
   * chat never reached the server (there is nothing there to link).
   */
  readonly serverSessionId: string | null;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}

/** The role whose registration form `pathname` is (`/registration/professional-fix` is the professional's). */
export function registrationRoleOf(pathname: string): PublicRole | null {
  return PUBLIC_ROLES.find((role) => pathname.startsWith(ROLE_REGISTRATION_PATHS[role])) ?? null;
}

type Schemas = typeof ChatHandoverSchemas;

/**
 * The chat's schemas, once downloaded. Most visitors of /auth have no saved chat, and their first
 * load carries neither these schemas nor zod (issue 23); a visitor with one waits for them
 * (`useChatHandover`) — usually from the service worker's precache, since their chat was here.
 */
let schemas: Schemas | undefined;
let schemasLoad: Promise<void> | undefined;

/**
 * Downloads the schemas once; the promise never rejects. If they cannot download, the saved chat
 * is left unread (as if unreadable) rather than keeping the page from showing.
 */
function loadSchemas(): Promise<void> {
  return (schemasLoad ??= retryImport(() => import('./chat-handover-schemas')).then(
    (module) => {
      schemas = module;
    },
    (error: unknown) => console.warn('Could not load the chat hand-over', error),
  ));
}

/** A storage value, null when absent or unreadable (checked on every render: no warning here). */
function peek(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The registration form `lastPath` names (the hand-over from a form), with its chat's id if any. */
function formOfLastPath(): { lastPath: string; role: PublicRole; sessionId: string | null } | null {
  const lastPath = localStore.get(LOCAL_KEYS.lastPath);
  if (!lastPath?.startsWith('/registration/')) return null;
  const url = new URL(lastPath, window.location.origin);
  const role = registrationRoleOf(url.pathname);
  return role ? { lastPath, role, sessionId: url.searchParams.get('session') } : null;
}

/** Whether reading the hand-over has a saved chat to check, which takes the chat's schemas. */
function readsSavedChat(fromRegistration: boolean): boolean {
  return (fromRegistration && formOfLastPath()?.sessionId != null) || peek(CHAT_SESSION_ID_STORAGE_KEY) !== null;
}

/** The server's id for the chat with local id `localId` (issue 13: the server issues ids). */
function readServerSessionId(localId: string): string | null {
  try {
    return window.localStorage.getItem(chatServerSessionStorageKey(localId));
  } catch {
    return null;
  }
}

function readJson(key: string, what: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch (error) {
    console.warn(`Could not read the ${what}`, error);
    return null;
  }
}

function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    console.warn(`Could not read ${key}`, error);
    return null;
  }
}

/** Names and e-mail as the form fields want them, from the chat's answers. */
function contactOf(answers: {
  first_name?: unknown;
  last_name?: unknown;
  name?: unknown;
  full_name?: unknown;
  email?: unknown;
}): { firstName: string; lastName: string; email: string } {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  // Community members give one full name: its first word is the first name, the rest the last.
  const [first = '', ...rest] = (text(answers.name) || text(answers.full_name)).split(/\s+/);
  return {
    firstName: text(answers.first_name) || first,
    lastName: text(answers.last_name) || rest.join(' '),
    email: text(answers.email),
  };
}

/** The hand-over from a registration form: `lastPath` is that form's address (with `?session=`). */
function readFormHandover(): ChatSignUpHandover | null {
  const form = formOfLastPath();
  if (!form) return null;
  const { lastPath, role, sessionId } = form;
  const parsed =
    sessionId && schemas
      ? schemas.registrationPrefillSchema.safeParse(readJson(chatPrefillStorageKey(sessionId), 'chat prefill'))
      : null;
  const prefill = parsed?.success && parsed.data.role === role ? parsed.data : null;
  return {
    source: 'form',
    role,
    formPath: lastPath,
    sessionId,
    serverSessionId: sessionId ? readServerSessionId(sessionId) : null,
    ...contactOf(prefill ?? {}),
  };
}

/**
 * The chat kept in this browser, once it has a role: its session id, role and the names and
 * e-mail it was given. Without a chat, the role chosen at an earlier sign-up or hand-over in
 * this browser (spec §3 `registeringAs` / `registrationRole`) — role only, nothing to link.
 */
function readStoredChat(): ChatSignUpHandover | null {
  const sessionId = readString(CHAT_SESSION_ID_STORAGE_KEY);
  const progress =
    sessionId && schemas
      ? schemas.chatProgressSchema.safeParse(readJson(chatProgressStorageKey(sessionId), 'chat progress'))
      : null;
  if (sessionId && progress?.success && progress.data.sessionId === sessionId) {
    const { role, formData } = progress.data;
    const formPath = `${ROLE_REGISTRATION_PATHS[role]}?session=${encodeURIComponent(sessionId)}`;
    return {
      source: 'stored',
      role,
      formPath,
      sessionId,
      serverSessionId: readServerSessionId(sessionId),
      ...contactOf(formData),
    };
  }
  const remembered = localStore.get(LOCAL_KEYS.registeringAs) ?? localStore.get(LOCAL_KEYS.registrationRole);
  if (!isPublicRole(remembered)) return null;
  return {
    source: 'stored',
    role: remembered,
    formPath: ROLE_REGISTRATION_PATHS[remembered],
    sessionId: null,
    serverSessionId: null,
    firstName: '',
    lastName: '',
    email: '',
  };
}

/**
 * What the chat knows for the sign-up: the form's hand-over when `fromRegistration`, otherwise
 * (or if that has nothing) the chat kept in this browser. Null when there is neither.
 */
function readChatHandover(fromRegistration: boolean): ChatSignUpHandover | null {
  return (fromRegistration ? readFormHandover() : null) ?? readStoredChat();
}

/**
 * The hand-over, read once when the page mounts. With a saved chat in this browser the component
 * suspends until the chat's schemas have downloaded: while /auth hydrates, React keeps the
 * prerendered HTML meanwhile (what it shows does not depend on the chat: the notice is on the
 * Sign Up tab, the e-mail goes into the field after hydration); otherwise the page's loading
 * fallback shows.
 */
export function useChatHandover(fromRegistration: boolean): ChatSignUpHandover | null {
  // The build's prerender of /auth (decision 028): a visitor with no chat in this browser.
  const browser = typeof window !== 'undefined';
  if (browser && !schemas && readsSavedChat(fromRegistration)) use(loadSchemas());
  const [handover] = useState(() => (browser ? readChatHandover(fromRegistration) : null));
  return handover;
}

/** After signing up with another role than the chat's: the new role's own form, without the chat. */
export function pointHandoverAt(role: PublicRole): void {
  localStore.set(LOCAL_KEYS.lastPath, ROLE_REGISTRATION_PATHS[role]);
}
