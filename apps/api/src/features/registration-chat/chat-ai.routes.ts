import { chatAiRequestSchema, MAX_CHAT_AI_BODY_BYTES } from '@tavara/shared/registration-chat/chat-ai.schema';
import { allow } from '../../auth/allow';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppBindings } from '../../app-types';
import { isFromTrustedOrigin, readSession } from '../../auth/require-user';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { createClientAddressResolver } from '../../lib/client-address';
import { validate } from '../../lib/validate';
import { createChatAi } from './chat-ai.service';
import type { ChatRequester } from './registration-chat.service';

/**
 * The chat AI (spec §7 `chat-gpt`, decision 010):
 *
 * - `GET  /chat/ai/status` — `{ available, reason }`: whether the server has an AI provider.
 * - `POST /chat/ai` — `{ sessionId, userRole, messages, temperature, fieldContext }` →
 *   `{ message, usage }`; 503 `ai_unavailable` without OPENAI_API_KEY, 429 over the per-address
 *   or per-session limit, 422 over the message caps or for a question outside the role's flow,
 *   404 for a chat linked to someone else, 502/504 when the provider fails.
 *
 * In order before the handler: no-store, availability and the per-address limit (malformed
 * requests count too), the CSRF origin check for cookie-carrying requests, the body limit and
 * the body's schema, then who is asking.
 */
export function chatAiRoutes(env: Env, db: Database) {
  const ai = createChatAi(env, db);
  const clientAddress = createClientAddressResolver(env.TRUSTED_PROXIES);

  const admit = createMiddleware<{ Variables: { aiIp: string | undefined } }>(async (c, next) => {
    const ctx = c as unknown as Context<AppBindings>;
    c.header('Cache-Control', 'no-store');
    const ip = clientAddress(c);
    await ai.admit(ip);
    if (!isFromTrustedOrigin(ctx)) {
      throw new AppError('forbidden', 'This request did not come from the app. Please reload the page and try again.');
    }
    c.set('aiIp', ip);
    await next();
  });

  return new Hono<AppBindings>()
    .get('/chat/ai/status', allow('anyone'), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(ai.status());
    })
    .post(
      '/chat/ai',
      allow.by(admit, { who: 'chat-session-holder' }),
      bodyLimit({
        maxSize: MAX_CHAT_AI_BODY_BYTES,
        onError: () => {
          throw new AppError(
            'payload_too_large',
            `This chat request is too large (limit ${MAX_CHAT_AI_BODY_BYTES / 1024} kB).`,
          );
        },
      }),
      validate('json', chatAiRequestSchema),
      async (c) => {
        const ctx = c as unknown as Context<AppBindings>;
        const data = await readSession(ctx);
        const requester: ChatRequester = {
          viewer: data ? { userId: data.user.id, isAdmin: data.user.role === 'admin' } : null,
          ip: c.get('aiIp'),
        };
        const body = c.req.valid('json');
        return c.json(await ai.reply(body, requester, c.get('logger')));
      },
    );
}
