import { useParams } from 'react-router';
import { AssignmentPage } from '@/features/care-plans/components/assignment-page';

/** /professional/assignments/:planId */
export default function AssignmentRoute() {
  const { planId = '' } = useParams();
  return <AssignmentPage key={planId} planId={planId} />;
}
