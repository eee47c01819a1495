import { useParams } from 'react-router';
import { CarePlanFormPage } from '@/features/care-plans/components/care-plan-form-page';

/** /family/care-management/create and /family/care-management/create/:id (edit). */
export default function CarePlanFormRoute() {
  const { id } = useParams();
  // Keyed: moving from one plan's form to another's starts a fresh form.
  return <CarePlanFormPage key={id ?? 'new'} planId={id} />;
}
