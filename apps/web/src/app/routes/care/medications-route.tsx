import { useParams } from 'react-router';
import { MedicationsPage } from '@/features/medications/components/medications-page';

/** /family/care-management/:carePlanId/medications */
export default function MedicationsRoute() {
  const { carePlanId = '' } = useParams();
  return <MedicationsPage key={carePlanId} planId={carePlanId} />;
}
