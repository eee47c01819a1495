import { ProfessionalSchedulePage } from '@/features/care-plans/components/professional-schedule-page';

/** /professional/schedule */
export default function ProfessionalScheduleRoute() {
  return <ProfessionalSchedulePage />;
}
