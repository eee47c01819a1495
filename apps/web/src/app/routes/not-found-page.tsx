import { NotFoundPanel } from '@/components/errors/not-found-panel';

export default function NotFoundPage() {
  return <NotFoundPanel />;
}
