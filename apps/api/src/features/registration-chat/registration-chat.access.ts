import type { AccessRow } from '../../testing/access';

/** The registration chat's sync and AI (testing/access.ts). */
export const accessRows: AccessRow[] = [
  {
    method: 'GET',
    path: '/api/chat/sessions',
    who: 'owner',
    ownerTest: {
      file: 'registration-chat.access.test.ts',
      test: "the signed-in user's list shows only their own linked chats, newest first",
    },
  },
  { method: 'POST', path: '/api/chat/sessions', who: 'anyone' },
  { method: 'GET', path: '/api/chat/sessions/:sessionId', who: 'chat-session-holder' },
  { method: 'PUT', path: '/api/chat/sessions/:sessionId', who: 'chat-session-holder' },
  { method: 'POST', path: '/api/chat/sessions/:sessionId/messages', who: 'chat-session-holder' },
  {
    method: 'POST',
    path: '/api/chat/sessions/:sessionId/link',
    who: 'owner',
    ownerTest: {
      file: 'registration-chat.access.test.ts',
      test: 'linking twice is harmless; a chat linked to someone else cannot be taken over (403)',
    },
  },
  { method: 'GET', path: '/api/chat/ai/status', who: 'anyone' },
  { method: 'POST', path: '/api/chat/ai', who: 'chat-session-holder' },
];
