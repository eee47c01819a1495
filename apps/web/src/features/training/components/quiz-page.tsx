import type { QuizForAttempt, QuizResult } from '@tavara/shared/training/training';
import { Award, CheckCircle2, RotateCw, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useRequireAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useQuiz, useResetQuiz, useSubmitQuiz, useTrainingOverview } from '../api/training-api';
import { lessonPath, moduleTarget, nextModule, TRAINING_HOME } from '../training-paths';
import { useViewer } from '../use-viewer';
import { BackToTraining, TrainingError, TrainingLoading, TrainingShell } from './training-states';

type Answers = Record<string, string[]>;

function Question({
  question,
  index,
  total,
  chosen,
  onChange,
  missing,
  result,
}: {
  question: QuizForAttempt['questions'][number];
  index: number;
  total: number;
  chosen: string[];
  onChange: (ids: string[]) => void;
  missing: boolean;
  result?: QuizResult['questions'][number];
}) {
  const multiple = question.kind === 'multiple';
  const name = `question-${question.id}`;
  const errorId = `${name}-error`;
  const feedbackId = `${name}-feedback`;
  return (
    <fieldset
      id={name}
      aria-describedby={cn(missing && errorId, result && feedbackId) || undefined}
      className={cn(
        'rounded-card border bg-surface p-5',
        result
          ? result.correct
            ? 'border-success/50'
            : 'border-danger/50'
          : missing
            ? 'border-danger'
            : 'border-line',
      )}
    >
      {/* A floated legend sits inside the card's padding, not on its border (issue 31, item 8). */}
      <legend className="float-left w-full">
        <span className="block text-sm font-semibold text-ink-muted">
          Question {index + 1} of {total}
        </span>
        <span className="mt-1 block text-lg font-semibold">{question.prompt}</span>
      </legend>
      {multiple && <p className="clear-both pt-1 text-sm text-ink-muted">Choose all that apply.</p>}
      <div className="clear-both flex flex-col gap-2 pt-3">
        {question.options.map((option) => {
          const checked = chosen.includes(option.id);
          // Only a passed attempt carries the right options (a failed one: right/not quite only).
          const isCorrect = result?.correctOptionIds?.includes(option.id);
          return (
            <label
              key={option.id}
              className={cn(
                'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5',
                checked ? 'border-professional bg-professional-soft/60' : 'border-line',
                result && 'cursor-default',
              )}
            >
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={option.id}
                checked={checked}
                disabled={result !== undefined}
                onChange={(event) => {
                  if (!multiple) onChange([option.id]);
                  else
                    onChange(event.target.checked ? [...chosen, option.id] : chosen.filter((id) => id !== option.id));
                }}
                className="mt-1 size-5 shrink-0 accent-professional"
              />
              <span className="min-w-0">
                {option.text}
                {result && isCorrect && (
                  <span className="ml-2 inline-flex items-center gap-1 text-sm font-semibold text-success">
                    <CheckCircle2 aria-hidden="true" className="size-4" />
                    Correct answer
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {missing && !result && (
        <p id={errorId} className="mt-2 font-semibold text-danger">
          Choose an answer for this question.
        </p>
      )}
      {result && (
        <div
          id={feedbackId}
          className={cn(
            'mt-3 rounded-lg p-3',
            result.correct ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger',
          )}
        >
          <p className="flex items-center gap-2 font-semibold">
            {result.correct ? (
              <CheckCircle2 aria-hidden="true" className="size-5" />
            ) : (
              <XCircle aria-hidden="true" className="size-5" />
            )}
            {result.correct ? 'Right' : 'Not quite'}
          </p>
          <p className="mt-1 text-ink">{result.explanation}</p>
        </div>
      )}
    </fieldset>
  );
}

/**
 * /professional/training-resources/module/:moduleId/quiz (ours, issue 21): the module's quiz as
 * one form of radio and checkbox groups. The questions arrive shuffled and without answers; the
 * server scores the attempt and then says, per question, right or not with an explanation — and
 * which options were right only once the quiz is passed.
 */
export function QuizPage() {
  const { moduleId = '' } = useParams();
  const { viewer, tracks } = useViewer();
  const overview = useTrainingOverview(viewer);
  const mod = overview.data?.modules.find((m) => m.id === moduleId);
  const lessonsDone = mod?.progress ? mod.progress.completedLessons === mod.progress.totalLessons : false;
  const quiz = useQuiz(viewer ?? '', moduleId, tracks && lessonsDone);
  const submit = useSubmitQuiz(viewer ?? '', moduleId);
  const resetQuiz = useResetQuiz(viewer ?? '', moduleId);
  const requireAuth = useRequireAuth();
  const [answers, setAnswers] = useState<Answers>({});
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const resultRef = useRef<HTMLDivElement>(null);
  const result = submit.data;

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const retry = () => {
    setAnswers({});
    setMissing(new Set());
    submit.reset();
    void resetQuiz();
    window.scrollTo({ top: 0 });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!quiz.data || submit.isPending) return;
    const unanswered = quiz.data.questions.filter((q) => (answers[q.id] ?? []).length === 0).map((q) => q.id);
    setMissing(new Set(unanswered));
    if (unanswered.length > 0) {
      document.querySelector<HTMLInputElement>(`#question-${unanswered[0]} input`)?.focus();
      return;
    }
    submit.mutate(answers);
  };

  const heading = mod ? `Quiz: ${mod.title}` : 'Module quiz';
  let body;
  if (viewer === null || overview.isPending) body = <TrainingLoading label="Loading the quiz" />;
  else if (overview.isError)
    body = (
      <TrainingError
        title="The quiz could not be opened"
        error={overview.error}
        onRetry={() => void overview.refetch()}
      />
    );
  else if (!mod) {
    body = (
      <Notice tone="warning" role="alert" title="We could not find that training module">
        <p>
          <Link to={TRAINING_HOME} className="font-semibold underline">
            See all modules
          </Link>
        </p>
      </Notice>
    );
  } else if (!tracks) {
    body = (
      <Notice tone="info" title="Quizzes are for care professionals">
        <p>Sign in with a care professional account to take the quiz and earn your certificate.</p>
        {viewer === 'anonymous' && (
          <Button className="mt-3" onClick={() => requireAuth('take the module quiz')}>
            Sign in
          </Button>
        )}
      </Notice>
    );
  } else if (!lessonsDone) {
    body = (
      <Notice tone="info" title="Finish the lessons first">
        <p>Finish every lesson in this module to unlock its quiz.</p>
        <Button asChild variant="professional" className="mt-3">
          <Link to={moduleTarget(mod)}>Continue the lessons</Link>
        </Button>
      </Notice>
    );
  } else if (quiz.isError) {
    body = (
      <TrainingError title="The quiz could not be loaded" error={quiz.error} onRetry={() => void quiz.refetch()} />
    );
  } else if (!quiz.data) body = <TrainingLoading label="Loading the questions" />;
  else {
    const questions = quiz.data.questions;
    const resultById = new Map(result?.questions.map((q) => [q.id, q]));
    const next = overview.data ? nextModule(overview.data.modules.filter((m) => m.id !== moduleId)) : null;
    body = (
      <>
        <p className="text-ink-muted">
          {questions.length} questions. You need {quiz.data.passPercent} % to pass; you can try as many times as you
          like, and the questions come in a new order each time.
        </p>
        {result && (
          <div ref={resultRef} tabIndex={-1} role="status" className="mt-6 focus:outline-none">
            <Notice
              tone={result.passed ? 'success' : 'warning'}
              title={
                result.passed
                  ? `You passed with ${result.scorePercent} % (${result.correctCount} of ${result.total})`
                  : `You scored ${result.scorePercent} % (${result.correctCount} of ${result.total}) — ${result.passPercent} % is needed to pass`
              }
            >
              <p>
                {result.passed
                  ? result.eligibleForCertificate
                    ? 'That was the last module. Your certificate is waiting on the training resources page.'
                    : 'Module complete. The explanations below are worth a read.'
                  : 'Each question below says whether you got it right, with an explanation. The right options are shown once you pass: look back at the lessons if you like, and try again.'}
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                {!result.passed && (
                  <Button variant="professional" onClick={retry}>
                    <RotateCw aria-hidden="true" className="size-5" />
                    Try again
                  </Button>
                )}
                {result.passed && result.eligibleForCertificate && (
                  <Button asChild variant="professional">
                    <Link to={TRAINING_HOME}>
                      <Award aria-hidden="true" className="size-5" />
                      Get your certificate
                    </Link>
                  </Button>
                )}
                {result.passed && !result.eligibleForCertificate && next && (
                  <Button asChild variant="professional">
                    <Link to={moduleTarget(next)}>Next module: {next.title}</Link>
                  </Button>
                )}
                <Button asChild variant="secondary">
                  <Link to={TRAINING_HOME}>All training modules</Link>
                </Button>
              </div>
            </Notice>
          </div>
        )}
        <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5" aria-label={heading}>
          {questions.map((q, index) => (
            <Question
              key={q.id}
              question={q}
              index={index}
              total={questions.length}
              chosen={answers[q.id] ?? []}
              missing={missing.has(q.id)}
              result={resultById.get(q.id)}
              onChange={(ids) => {
                setAnswers((prev) => ({ ...prev, [q.id]: ids }));
                if (ids.length > 0)
                  setMissing((prev) => (prev.has(q.id) ? new Set([...prev].filter((id) => id !== q.id)) : prev));
              }}
            />
          ))}
          {missing.size > 0 && !result && (
            <Notice tone="error" role="alert">
              {missing.size === 1 ? 'One question has no answer yet.' : `${missing.size} questions have no answer yet.`}
            </Notice>
          )}
          {submit.isError && (
            <Notice tone="error" role="alert">
              {submit.error.message} Your answers are still here.
            </Notice>
          )}
          {!result && (
            <Button
              type="submit"
              variant="professional"
              className="self-start"
              aria-disabled={submit.isPending || undefined}
            >
              {submit.isPending ? 'Checking your answers...' : 'Submit answers'}
            </Button>
          )}
          {result && !result.passed && (
            <Button variant="professional" className="self-start" onClick={retry}>
              <RotateCw aria-hidden="true" className="size-5" />
              Try again
            </Button>
          )}
        </form>
        {mod.lessons[0] && (
          <p className="mt-6">
            <Link
              to={lessonPath(moduleId, mod.lessons[0].id)}
              className="font-semibold text-professional underline-offset-4 hover:underline"
            >
              Look back at the lessons
            </Link>
          </p>
        )}
      </>
    );
  }

  return (
    <TrainingShell>
      <BackToTraining />
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
      <div className="mt-4">{body}</div>
    </TrainingShell>
  );
}
