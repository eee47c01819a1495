import { ArrowLeft, ArrowRight, CheckCircle2, Circle, Clock, ClipboardCheck, LogIn } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useRequireAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useCompleteLesson, useLesson, useTrainingOverview } from '../api/training-api';
import { lessonPath, quizPath } from '../training-paths';
import { useViewer } from '../use-viewer';
import { BackToTraining, TrainingError, TrainingLoading, TrainingShell } from './training-states';

/**
 * /professional/training-resources/module/:moduleId/lesson/:lessonId (issue 21): "Lesson {n} of
 * {total}: {title}", the lesson (HTML the server rendered from Markdown with raw HTML disabled —
 * decision 019 — so no Markdown code ships to the browser), "Mark as complete", previous / next,
 * and the module's quiz once its lessons are done.
 */
export function LessonPage() {
  const { moduleId = '', lessonId = '' } = useParams();
  const { viewer, tracks } = useViewer();
  const lesson = useLesson(viewer, moduleId, lessonId);
  const overview = useTrainingOverview(viewer);
  const complete = useCompleteLesson(viewer ?? '', moduleId, lessonId);
  const requireAuth = useRequireAuth();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A new lesson is a new page: move focus (and the screen reader) to its heading.
  const lessonTitle = lesson.data?.title;
  useEffect(() => {
    if (lessonTitle) headingRef.current?.focus({ preventScroll: false });
  }, [lessonTitle]);
  useEffect(() => {
    if (lessonTitle) window.scrollTo({ top: 0 });
  }, [lessonId, lessonTitle]);

  const mod = overview.data?.modules.find((m) => m.id === moduleId);
  const data = lesson.data;

  if (!data) {
    return (
      <TrainingShell>
        {lesson.isError ? (
          <>
            <h1 className="text-3xl font-bold">Lesson</h1>
            <div className="mt-6">
              <TrainingError
                title="This lesson could not be opened"
                error={lesson.error}
                onRetry={() => void lesson.refetch()}
              />
            </div>
          </>
        ) : (
          <TrainingLoading label="Loading the lesson" />
        )}
      </TrainingShell>
    );
  }

  const completed = data.completed === true;
  const lessonsDone = mod?.progress ? mod.progress.completedLessons === mod.progress.totalLessons : false;
  const isLast = data.nextLessonId === null;

  return (
    <TrainingShell wide>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 max-w-[44rem]">
          <BackToTraining />
          <p className="mt-4 font-semibold text-professional">{data.moduleTitle}</p>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="mt-1 text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl"
          >
            Lesson {data.number} of {data.total}: {data.title}
          </h1>
          <p className="mt-2 inline-flex items-center gap-1 text-ink-muted">
            <Clock aria-hidden="true" className="size-4" />
            About {data.minutes} minutes
            {completed && (
              <span className="ml-3 inline-flex items-center gap-1 font-semibold text-success">
                <CheckCircle2 aria-hidden="true" className="size-4" />
                Completed
              </span>
            )}
          </p>

          <article
            className="lesson-content mt-6 rounded-card border border-line bg-surface p-5 sm:p-8"
            // Server-rendered by markdown-it with html: false (lesson-markdown.ts): raw HTML in a
            // lesson file arrives escaped as text, links are checked. Nothing user-written is here.
            dangerouslySetInnerHTML={{ __html: data.html }}
          />

          <div className="mt-6 flex flex-col gap-4">
            {tracks ? (
              completed ? (
                <Notice tone="success" role="status" title="Lesson complete">
                  {isLast
                    ? lessonsDone
                      ? 'You have finished every lesson in this module. Take the quiz when you are ready.'
                      : 'This was the last lesson. Finish the others in the list to unlock the quiz.'
                    : 'On to the next lesson when you are ready.'}
                </Notice>
              ) : (
                <div className="flex flex-col gap-2">
                  <Button
                    variant="professional"
                    className="self-start"
                    aria-disabled={complete.isPending || undefined}
                    onClick={() => {
                      if (!complete.isPending) complete.mutate();
                    }}
                  >
                    <CheckCircle2 aria-hidden="true" className="size-5" />
                    {complete.isPending ? 'Saving...' : 'Mark as complete'}
                  </Button>
                  {complete.isError && (
                    <Notice tone="error" role="alert">
                      {complete.error.message}
                    </Notice>
                  )}
                </div>
              )
            ) : viewer === 'anonymous' ? (
              <Notice tone="info" title="Track your progress">
                <p>Sign in as a care professional to mark lessons complete, take the quiz and earn your certificate.</p>
                <Button className="mt-3" onClick={() => requireAuth('track your training progress')}>
                  <LogIn aria-hidden="true" className="size-5" />
                  Sign in
                </Button>
              </Notice>
            ) : null}

            {tracks && lessonsDone && (
              <Button asChild variant={completed && isLast ? 'professional' : 'secondary'} className="self-start">
                <Link to={quizPath(moduleId)}>
                  <ClipboardCheck aria-hidden="true" className="size-5" />
                  {mod?.progress?.quizPassed ? 'Retake the module quiz' : 'Take the module quiz'}
                </Link>
              </Button>
            )}

            <nav aria-label="Lessons" className="flex flex-wrap justify-between gap-3 border-t border-line pt-4">
              {data.previousLessonId ? (
                <Button asChild variant="secondary">
                  <Link to={lessonPath(moduleId, data.previousLessonId)}>
                    <ArrowLeft aria-hidden="true" className="size-5" />
                    Previous lesson
                  </Link>
                </Button>
              ) : (
                <span />
              )}
              {data.nextLessonId && (
                <Button asChild variant={completed ? 'professional' : 'secondary'}>
                  <Link to={lessonPath(moduleId, data.nextLessonId)}>
                    Next lesson
                    <ArrowRight aria-hidden="true" className="size-5" />
                  </Link>
                </Button>
              )}
            </nav>
          </div>
        </div>

        {mod && (
          <aside aria-labelledby="module-lessons-heading" className="lg:pt-14">
            <h2 id="module-lessons-heading" className="font-bold">
              In this module
            </h2>
            <ol className="mt-2 flex flex-col gap-1">
              {mod.lessons.map((l, index) => {
                const current = l.id === lessonId;
                return (
                  <li key={l.id}>
                    <Link
                      to={lessonPath(moduleId, l.id)}
                      aria-current={current ? 'page' : undefined}
                      className={cn(
                        'flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 hover:bg-professional-soft',
                        current && 'bg-professional-soft font-semibold',
                      )}
                    >
                      {l.completed ? (
                        <CheckCircle2 aria-label="Completed" className="size-5 shrink-0 text-success" />
                      ) : (
                        <Circle aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
                      )}
                      <span>
                        {index + 1}. {l.title}
                      </span>
                    </Link>
                  </li>
                );
              })}
              <li>
                {tracks && lessonsDone ? (
                  <Link
                    to={quizPath(moduleId)}
                    className="flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 hover:bg-professional-soft"
                  >
                    <ClipboardCheck aria-hidden="true" className="size-5 shrink-0 text-professional" />
                    <span>Module quiz{mod.progress?.quizPassed ? ' (passed)' : ''}</span>
                  </Link>
                ) : (
                  <p className="flex min-h-11 items-center gap-2 px-3 py-2 text-ink-muted">
                    <ClipboardCheck aria-hidden="true" className="size-5 shrink-0" />
                    Module quiz — after the lessons
                  </p>
                )}
              </li>
            </ol>
          </aside>
        )}
      </div>
    </TrainingShell>
  );
}
