import {
  CHAT_SYNC_MESSAGES,
  chatMessagesBatchSchema,
  chatSessionUpdateSchema,
  isValidChatSessionId,
  MAX_CHAT_SYNC_BODY_BYTES,
} from '@tavara/shared/registration-chat/chat-sync.schema';
import { allow } from '../../auth/allow';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { AppBindings } from '../../app-types';
import { isFromTrustedOrigin, readSession } from '../../auth/require-user';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { createClientAddressResolver } from '../../lib/client-address';
import { validate } from '../../lib/validate';
import { type ChatRequester, createChatSessions } from './registration-chat.service';
import { redactError, redactSessionPath, sessionLogTag } from './session-id';
import { isDatabaseUnavailable } from '../../db/unavailable';

/** Own rows only: the test that shows another user's are out of reach (auth/allow.ts). */
const OWN_LIST_OF_LINKED_CHATS = {
  file: 'registration-chat.access.test.ts',
  test: "the signed-in user's list shows only their own linked chats, newest first",
};
const OWN_LINKING_TWICE_IS = {
  file: 'registration-chat.access.test.ts',
  test: 'linking twice is harmless; a chat linked to someone else cannot be taken over (403)',
};

interface ChatVariables {
  chat: {
    /** The validated session id ('' on the list route). */
    sessionId: string;
    requester: ChatRequester;
  };
}

/**
 * Runs route work so its failures answer in the usual shape (a 429's Retry-After comes from the
 * app's onError), and an unexpected error is logged without the session id or query parameters (`redactError`).
 */
async function run<T>(c: Context, sessionId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // A lost database connection goes up as it is, so the app answers 503 (its cause carries the
    // connection's error code, which the redacted copy would drop); the app's log serializer
    // already keeps query parameters out of the log.
    if (error instanceof AppError || error instanceof HTTPException || isDatabaseUnavailable(error)) throw error;
    throw redactError(error, sessionId || undefined);
  }
}

/**
 * The registration chat's server sync (spec §3 chatbot_conversations / chatbot_messages, product
 * notes lesson 4). Every route answers `Cache-Control: no-store` and counts against the per-IP
 * rate; session routes take a session id the server issued (`POST /chat/sessions`; any other id
 * is not found), which is a bearer capability: it is checked for format (400), never logged (the
 * request log shows a hash tag), and an unlinked session is reachable with it alone, a linked one
 * only by its user or an admin (404 otherwise).
 *
 * - `POST   /chat/sessions` — a new session: 201 `{ sessionId, session }` (new-session limits apply)
 * - `PUT    /chat/sessions/:sessionId` — progress and answers snapshot → `{ session, applied }`
 * - `POST   /chat/sessions/:sessionId/messages` — transcript batch → `{ accepted, duplicates, messageCount }`
 * - `GET    /chat/sessions/:sessionId` — `{ session, messages, answers }`
 * - `POST   /chat/sessions/:sessionId/link` — signed in: link to the current user → `{ session }`
 * - `GET    /chat/sessions` — signed in: the user's linked sessions → `{ sessions }`
 */
export function registrationChatRoutes(env: Env, db: Database) {
  const sessions = createChatSessions(db, { sessionCreationLimits: !env.CHAT_SESSION_LIMITS_DISABLED });
  const clientAddress = createClientAddressResolver(env.TRUSTED_PROXIES);

  const chatBodyLimit = bodyLimit({
    maxSize: MAX_CHAT_SYNC_BODY_BYTES,
    onError: () => {
      throw new AppError(
        'payload_too_large',
        `This chat update is too large (limit ${MAX_CHAT_SYNC_BODY_BYTES / 1024} kB). Send fewer messages at a time.`,
      );
    },
  });

  /**
   * Before every chat handler, in this order: no-store, the redacted log path, the per-IP rate
   * (so malformed requests count too), the session id's format, the CSRF origin check for
   * cookie-carrying writes (as `requireUser`), then who is asking.
   */
  const chatRequest = (kind: 'list' | 'create' | 'read' | 'write') =>
    createMiddleware<{ Variables: ChatVariables }>(async (c, next) => {
      const ctx = c as unknown as Context<AppBindings>;
      c.header('Cache-Control', 'no-store');
      const hasId = kind === 'read' || kind === 'write';
      const sessionId = hasId ? (c.req.param('sessionId') ?? '') : '';
      if (hasId) ctx.set('logPath', redactSessionPath(c.req.path));
      const ip = clientAddress(c);
      await run(c, sessionId, () => sessions.enforceIpLimit(ip));
      if (hasId && !isValidChatSessionId(sessionId)) {
        throw new AppError('bad_request', CHAT_SYNC_MESSAGES.invalidSessionId);
      }
      if ((kind === 'write' || kind === 'create') && !isFromTrustedOrigin(ctx)) {
        throw new AppError(
          'forbidden',
          'This request did not come from the app. Please reload the page and try again.',
        );
      }
      const data = await run(c, sessionId, () => readSession(ctx));
      const viewer = data ? { userId: data.user.id, isAdmin: data.user.role === 'admin' } : null;
      if (kind === 'list' && !viewer) throw new AppError('unauthorized', 'Please sign in to continue.');
      c.set('chat', { sessionId, requester: { viewer, ip } });
      await next();
    });

  return new Hono<AppBindings>()
    .get(
      '/chat/sessions',
      allow.by(chatRequest('list'), { who: 'owner', shownBy: OWN_LIST_OF_LINKED_CHATS }),
      async (c) => {
        const { requester } = c.get('chat');
        const userId = requester.viewer?.userId ?? '';
        return c.json({ sessions: await run(c, '', () => sessions.listUserSessions(userId)) });
      },
    )
    .post('/chat/sessions', allow.by(chatRequest('create'), { who: 'anyone' }), async (c) => {
      const { requester } = c.get('chat');
      const session = await run(c, '', () => sessions.createSession(requester));
      return c.json({ sessionId: session.sessionId, session }, 201);
    })
    .get('/chat/sessions/:sessionId', allow.by(chatRequest('read'), { who: 'chat-session-holder' }), async (c) => {
      const { sessionId, requester } = c.get('chat');
      return c.json(await run(c, sessionId, () => sessions.getSession(sessionId, requester)));
    })
    .put(
      '/chat/sessions/:sessionId',
      allow.by(chatRequest('write'), { who: 'chat-session-holder' }),
      chatBodyLimit,
      validate('json', chatSessionUpdateSchema),
      async (c) => {
        const { sessionId, requester } = c.get('chat');
        const update = c.req.valid('json');
        return c.json(await run(c, sessionId, () => sessions.updateSession(sessionId, requester, update)));
      },
    )
    .post(
      '/chat/sessions/:sessionId/messages',
      allow.by(chatRequest('write'), { who: 'chat-session-holder' }),
      chatBodyLimit,
      validate('json', chatMessagesBatchSchema),
      async (c) => {
        const { sessionId, requester } = c.get('chat');
        const { messages } = c.req.valid('json');
        return c.json(await run(c, sessionId, () => sessions.addMessages(sessionId, requester, messages)));
      },
    )
    .post(
      '/chat/sessions/:sessionId/link',
      allow.by(chatRequest('write'), { who: 'owner', shownBy: OWN_LINKING_TWICE_IS }),
      async (c) => {
        const { sessionId, requester } = c.get('chat');
        const session = await run(c, sessionId, () => sessions.linkSession(sessionId, requester));
        c.get('logger').info(
          { chatSession: sessionLogTag(sessionId), userId: requester.viewer?.userId },
          'chat session linked',
        );
        return c.json({ session });
      },
    );
}
