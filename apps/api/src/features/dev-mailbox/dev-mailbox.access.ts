import type { AccessRow } from '../../testing/access';

/** The development outbox (testing/access.ts). */
export const accessRows: AccessRow[] = [{ method: 'GET', path: '/api/dev/mailbox', who: 'this-machine' }];
