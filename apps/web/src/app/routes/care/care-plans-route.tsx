import { CarePlansPage } from '@/features/care-plans/components/care-plans-page';
import { InvitationList } from '@/features/care-team/components/invitation-list';
import { CalendarFeedCard } from '@/features/shifts/components/calendar-feed-card';

/** /family/care-management */
export default function CarePlansRoute() {
  return (
    <CarePlansPage
      invitations={<InvitationList heading="Invitations to care teams" />}
      calendarFeed={<CalendarFeedCard audience="family" />}
    />
  );
}
