import { useParams } from 'react-router';
import { CarePlanDetailPage } from '@/features/care-plans/components/care-plan-detail-page';
import { TeamTab } from '@/features/care-team/components/team-tab';
import { ScheduleTab } from '@/features/shifts/components/schedule-tab';

/** /family/care-management/:id — the plan page, with the team and schedule tabs of their features. */
export default function CarePlanDetailRoute() {
  const { id = '' } = useParams();
  return (
    <CarePlanDetailPage
      key={id}
      planId={id}
      tabs={{
        team: (data) => <TeamTab data={data} />,
        schedule: (data, week) => <ScheduleTab data={data} loading={week.loading} setWeek={week.showWeek} />,
      }}
    />
  );
}
