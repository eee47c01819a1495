import { InvitationList } from '@/features/care-team/components/invitation-list';
import { ProfessionalSchedulePage } from '@/features/shifts/components/professional-schedule-page';

/** /professional/schedule */
export default function ProfessionalScheduleRoute() {
  return <ProfessionalSchedulePage invitations={<InvitationList heading="Invitations to accept" />} />;
}
