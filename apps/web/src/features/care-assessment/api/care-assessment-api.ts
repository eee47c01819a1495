import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AssessmentListResponse,
  AssessmentSectionId,
  SavedAssessment,
  SectionAnswers,
} from '@tavara/shared/care-assessment/care-assessment';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';

/** The care needs assessment (issue 19). Saving a section refreshes the list and any plan's care details. */
export const assessmentKeys = { all: ['care-assessments'] as const };

export const assessmentsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: assessmentKeys.all,
    queryFn: (): Promise<AssessmentListResponse> => unwrap(api['care-assessments'].$get()),
    enabled,
    retry: 1,
  });
export const useAssessments = (enabled: boolean) => useQuery(assessmentsQuery(enabled));

/** The list, and a plan's "care details" that show this assessment (`REFRESHES`), not waited for. */
export const useSaveSection = () =>
  useRefreshingMutation(
    'care-assessment',
    ({
      section,
      recipientName,
      answers,
    }: {
      section: AssessmentSectionId;
      recipientName: string;
      answers: SectionAnswers;
    }) =>
      unwrap(
        api['care-assessments'].sections[':section'].$put({ param: { section }, json: { recipientName, answers } }),
      ) as Promise<SavedAssessment>,
    { alsoRefresh: [assessmentKeys.all], waitForRefresh: false },
  );
