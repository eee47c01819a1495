import type { AccessRow } from '../../testing/access';

const OWNER_TEST = { file: 'boards.test.ts', test: 'only the author edits or deletes a post' };
const THREAD_TEST = { file: 'boards.test.ts', test: 'a private conversation is reachable only by its two people' };

/**
 * Message boards (issue 20). Reading is open (contact details removed for visitors); writing is
 * for families and professionals, each on its board; the post's author alone edits or deletes
 * it; private conversations only their two people; moderation admins.
 */
export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/boards/posts/mine', who: 'signed-in', roles: ['family', 'professional'] },
  { method: 'GET', path: '/api/boards/:board/posts', who: 'anyone' },
  { method: 'GET', path: '/api/boards/posts/:id', who: 'anyone' },
  { method: 'POST', path: '/api/boards/posts', who: 'signed-in', roles: ['family', 'professional'] },
  {
    method: 'PUT',
    path: '/api/boards/posts/:id',
    who: 'owner',
    roles: ['family', 'professional'],
    ownerTest: OWNER_TEST,
  },
  {
    method: 'DELETE',
    path: '/api/boards/posts/:id',
    who: 'owner',
    roles: ['family', 'professional'],
    ownerTest: OWNER_TEST,
  },
  { method: 'POST', path: '/api/boards/posts/:id/replies', who: 'signed-in', roles: ['family', 'professional'] },
  { method: 'POST', path: '/api/boards/posts/:id/reports', who: 'signed-in' },
  { method: 'POST', path: '/api/boards/posts/:id/threads', who: 'signed-in', roles: ['family', 'professional'] },
  { method: 'GET', path: '/api/boards/threads', who: 'signed-in' },
  { method: 'GET', path: '/api/boards/threads/:id', who: 'owner', ownerTest: THREAD_TEST },
  { method: 'POST', path: '/api/boards/threads/:id/messages', who: 'owner', ownerTest: THREAD_TEST },
  { method: 'GET', path: '/api/admin/board-reports', who: 'admin' },
  { method: 'POST', path: '/api/admin/board-posts/:id/moderation', who: 'admin' },
];
