import { CARE_TIME_ZONE, formatLongDate } from '@tavara/shared/time/format';
import type { TrainingModuleSummary } from '@tavara/shared/training/training';

/** The training area's addresses (spec route table, plus our quiz and verification pages). */
export const TRAINING_HOME = '/professional/training-resources';
export const modulePath = (moduleId: string) => `/professional/training-resources/module/${moduleId}`;
export const lessonPath = (moduleId: string, lessonId: string) => `${modulePath(moduleId)}/lesson/${lessonId}`;
export const quizPath = (moduleId: string) => `${modulePath(moduleId)}/quiz`;
export const verifyPath = (code = '') => (code ? `/verify-certificate/${code}` : '/verify-certificate');

/**
 * Where "Start" / "Continue" takes a person in a module: the first unfinished lesson; the quiz
 * once every lesson is done and the quiz is not passed yet; the first lesson otherwise.
 */
export function moduleTarget(mod: TrainingModuleSummary): string {
  const progress = mod.progress;
  if (progress && progress.completedLessons === progress.totalLessons && !progress.quizPassed) return quizPath(mod.id);
  const lessonId = progress?.resumeLessonId ?? mod.lessons[0]?.id;
  return lessonId ? lessonPath(mod.id, lessonId) : TRAINING_HOME;
}

/** The module to continue with: the first one not completed (null when all are). */
export function nextModule(modules: TrainingModuleSummary[]): TrainingModuleSummary | null {
  return modules.find((m) => !m.progress?.completed) ?? null;
}

export function moduleActionLabel(mod: TrainingModuleSummary): 'Start' | 'Continue' | 'Review' {
  const p = mod.progress;
  if (!p) return 'Start';
  if (p.completed) return 'Review';
  return p.completedLessons > 0 || p.bestScorePercent !== null ? 'Continue' : 'Start';
}

/** "25 November 2026", in Trinidad and Tobago's time zone — as the certificate PDF prints it. */
export const formatIssueDate = (iso: string) => formatLongDate(iso, CARE_TIME_ZONE);
