import { useLocation } from 'react-router';
import { BoardPage } from '@/features/boards/components/board-page';

/**
 * /family/message-board and /professional/message-board: one lazy module for both (as the
 * registration forms share one), so the router in the landing page's first load grows by one
 * entry, not two.
 */
export default function BoardRoute() {
  const { pathname } = useLocation();
  return <BoardPage board={pathname.startsWith('/professional/') ? 'professional' : 'family'} />;
}
