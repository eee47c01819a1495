import { CarePlansPage } from '@/features/care-plans/components/care-plans-page';

/** /family/care-management */
export default function CarePlansRoute() {
  return <CarePlansPage />;
}
