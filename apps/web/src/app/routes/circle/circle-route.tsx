import { useParams } from 'react-router';
import { CirclePage } from '@/features/care-circle/components/circle-page';
import { UpdatesFeed } from '@/features/plan-updates/components/updates-feed';

/** /circle/:planId — the village's help and circle, with the plan's updates feed joined in. */
export default function CircleRoute() {
  const { planId = '' } = useParams();
  return <CirclePage key={planId} planId={planId} updates={(zone) => <UpdatesFeed planId={planId} zone={zone} />} />;
}
