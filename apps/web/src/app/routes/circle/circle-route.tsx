import { useParams } from 'react-router';
import { CirclePage } from '@/features/care-circle/components/circle-page';

/** /circle/:planId */
export default function CircleRoute() {
  const { planId = '' } = useParams();
  return <CirclePage key={planId} planId={planId} />;
}
