import { DevMailboxPage } from '@/features/dev-mailbox/components/dev-mailbox-page';

/** /dev/mailbox — outside the spec's route table: the development outbox (not found in production). */
export default function DevMailboxRoute() {
  return <DevMailboxPage />;
}
