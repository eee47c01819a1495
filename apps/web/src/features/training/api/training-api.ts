import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CertificateVerification,
  QuizForAttempt,
  QuizResult,
  TrainingCertificate,
  TrainingLesson,
  TrainingOverview,
} from '@tavara/shared/training/training';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';

/**
 * Training requests (issue 21). Keys carry the viewer's id: signed out and signed in see
 * different progress, and one person's cache never shows another's.
 */
export const trainingKeys = {
  all: ['training'] as const,
  overview: (viewer: string) => ['training', 'overview', { viewer }] as const,
  lesson: (viewer: string, moduleId: string, lessonId: string) =>
    ['training', 'lesson', { viewer, moduleId, lessonId }] as const,
  quiz: (viewer: string, moduleId: string) => ['training', 'quiz', { viewer, moduleId }] as const,
  verification: (code: string) => ['training', 'verification', { code }] as const,
};

/** `viewer` is null while the session is still being checked: nothing is fetched twice. */
export const trainingOverviewQuery = (viewer: string | null) =>
  queryOptions({
    queryKey: trainingKeys.overview(viewer ?? ''),
    queryFn: (): Promise<TrainingOverview> => unwrap(api.training.overview.$get()),
    enabled: viewer !== null,
  });
export const useTrainingOverview = (viewer: string | null) => useQuery(trainingOverviewQuery(viewer));

export const lessonQuery = (viewer: string | null, moduleId: string, lessonId: string) =>
  queryOptions({
    enabled: viewer !== null,
    queryKey: trainingKeys.lesson(viewer ?? '', moduleId, lessonId),
    queryFn: (): Promise<TrainingLesson> =>
      unwrap(api.training.modules[':moduleId'].lessons[':lessonId'].$get({ param: { moduleId, lessonId } })),
    retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
  });
export const useLesson = (viewer: string | null, moduleId: string, lessonId: string) =>
  useQuery(lessonQuery(viewer, moduleId, lessonId));

export function useCompleteLesson(viewer: string, moduleId: string, lessonId: string) {
  const client = useQueryClient();
  return useRefreshingMutation(
    'training',
    () =>
      unwrap(api.training.modules[':moduleId'].lessons[':lessonId'].completion.$put({ param: { moduleId, lessonId } })),
    {
      alsoRefresh: [trainingKeys.overview(viewer)],
      // The lesson on screen is marked done at once; the overview is read again.
      onSuccess: () =>
        client.setQueryData<TrainingLesson>(trainingKeys.lesson(viewer, moduleId, lessonId), (old) =>
          old ? { ...old, completed: true } : old,
        ),
    },
  );
}

export const quizQuery = (viewer: string, moduleId: string, enabled: boolean) =>
  queryOptions({
    queryKey: trainingKeys.quiz(viewer, moduleId),
    queryFn: (): Promise<QuizForAttempt> =>
      unwrap(api.training.modules[':moduleId'].quiz.$get({ param: { moduleId } })),
    enabled,
    // One shuffle per attempt: no refetch behind the person's back while they answer.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
export const useQuiz = (viewer: string, moduleId: string, enabled: boolean) =>
  useQuery(quizQuery(viewer, moduleId, enabled));

/** A new attempt gets a new shuffle from the server: the quiz is dropped and read again. */
export function useResetQuiz(viewer: string, moduleId: string) {
  const client = useQueryClient();
  return () => client.resetQueries({ queryKey: trainingKeys.quiz(viewer, moduleId) });
}

export const useSubmitQuiz = (viewer: string, moduleId: string) =>
  useRefreshingMutation(
    'training',
    (answers: Record<string, string[]>): Promise<QuizResult> =>
      unwrap(api.training.modules[':moduleId'].quiz.attempts.$post({ param: { moduleId }, json: { answers } })),
    [trainingKeys.overview(viewer)],
  );

export const useIssueCertificate = (viewer: string) =>
  useRefreshingMutation(
    'training',
    (): Promise<{ certificate: TrainingCertificate }> => unwrap(api.training.certificate.$post()),
    [trainingKeys.overview(viewer)],
  );

export const certificateVerificationQuery = (code: string) =>
  queryOptions({
    queryKey: trainingKeys.verification(code),
    queryFn: (): Promise<CertificateVerification> =>
      unwrap(api.training.certificates[':code'].$get({ param: { code } })),
    enabled: code !== '',
    retry: false,
    // Offline, a paused query would leave a family looking at "Checking the code" for ever; failing
    // at once shows "We could not check this code" with a retry instead.
    networkMode: 'always',
  });
export const useCertificateVerification = (code: string) => useQuery(certificateVerificationQuery(code));

export const CERTIFICATE_PDF_URL = '/api/training/certificate/pdf';
