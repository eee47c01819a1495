import type { TrainingModuleSummary } from '@tavara/shared/training/training';
import { describe, expect, it } from 'vitest';
import { lessonPath, moduleActionLabel, moduleTarget, nextModule, quizPath, TRAINING_HOME } from './training-paths';

type Progress = NonNullable<TrainingModuleSummary['progress']>;

/** A three-lesson module as the overview API sends it; `progress` null is a visitor who is not tracked. */
function mod(progress: Partial<Progress> | null, id = 'basics'): TrainingModuleSummary {
  const lessons = ['one', 'two', 'three'].map((l) => ({ id: `${id}-${l}`, title: l, minutes: 8, completed: false }));
  return {
    id,
    position: 1,
    title: 'Caregiving basics',
    summary: '',
    minutes: 24,
    lessons,
    progress: progress && {
      completedLessons: 0,
      totalLessons: 3,
      quizPassed: false,
      bestScorePercent: null,
      completed: false,
      resumeLessonId: `${id}-one`,
      ...progress,
    },
  };
}

describe('moduleTarget (where Start / Continue goes)', () => {
  it('opens the first lesson for a visitor and for someone who has not started', () => {
    expect(moduleTarget(mod(null))).toBe(lessonPath('basics', 'basics-one'));
    expect(moduleTarget(mod({}))).toBe(lessonPath('basics', 'basics-one'));
  });

  it('resumes at the first unfinished lesson the server names', () => {
    expect(moduleTarget(mod({ completedLessons: 1, resumeLessonId: 'basics-two' }))).toBe(
      lessonPath('basics', 'basics-two'),
    );
  });

  it('goes to the quiz once every lesson is done and the quiz is not passed, even after a failed attempt', () => {
    expect(moduleTarget(mod({ completedLessons: 3 }))).toBe(quizPath('basics'));
    expect(moduleTarget(mod({ completedLessons: 3, bestScorePercent: 40 }))).toBe(quizPath('basics'));
  });

  it('goes back to the lessons (the resume lesson) once the module is complete', () => {
    const done = mod({ completedLessons: 3, quizPassed: true, completed: true, bestScorePercent: 100 });
    expect(moduleTarget(done)).toBe(lessonPath('basics', 'basics-one'));
  });

  it('falls back to the training home for a module without lessons', () => {
    expect(moduleTarget({ ...mod(null), lessons: [] })).toBe(TRAINING_HOME);
  });
});

describe('moduleActionLabel', () => {
  it('says Start before anything is done, and to a visitor', () => {
    expect(moduleActionLabel(mod(null))).toBe('Start');
    expect(moduleActionLabel(mod({}))).toBe('Start');
  });

  it('says Continue after a lesson, or after a quiz attempt', () => {
    expect(moduleActionLabel(mod({ completedLessons: 1 }))).toBe('Continue');
    expect(moduleActionLabel(mod({ completedLessons: 3 }))).toBe('Continue');
    expect(moduleActionLabel(mod({ bestScorePercent: 20 }))).toBe('Continue');
  });

  it('says Review once the lessons are done and the quiz is passed', () => {
    expect(moduleActionLabel(mod({ completedLessons: 3, quizPassed: true, completed: true }))).toBe('Review');
  });
});

describe('nextModule', () => {
  it('is the first module not completed, and null when all are', () => {
    const first = mod({ completed: true, quizPassed: true, completedLessons: 3 }, 'first');
    const second = mod({ completedLessons: 1 }, 'second');
    expect(nextModule([first, second])?.id).toBe('second');
    expect(nextModule([first])).toBeNull();
  });
});
