import { useParams } from 'react-router';
import { CarePlanDetailPage } from '@/features/care-plans/components/care-plan-detail-page';

/** /family/care-management/:id */
export default function CarePlanDetailRoute() {
  const { id = '' } = useParams();
  return <CarePlanDetailPage key={id} planId={id} />;
}
