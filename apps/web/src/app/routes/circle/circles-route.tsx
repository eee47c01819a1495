import { CirclesPage } from '@/features/care-circle/components/circles-page';

/** /circles */
export default function CirclesRoute() {
  return <CirclesPage />;
}
