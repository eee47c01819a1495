import { useParams } from 'react-router';
import { AssignmentPage } from '@/features/care-team/components/assignment-page';
import { AssignmentMedications } from '@/features/medications/components/assignment-medications';

/** /professional/assignments/:planId */
export default function AssignmentRoute() {
  const { planId = '' } = useParams();
  return <AssignmentPage key={planId} planId={planId} medications={<AssignmentMedications planId={planId} />} />;
}
