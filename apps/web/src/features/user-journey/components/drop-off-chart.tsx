import type { QuestionDropOff } from '@tavara/shared/admin/user-journey';
import { ROLE_LABELS, type PublicRole } from '@tavara/shared/roles';
import { cn } from '@/lib/cn';
import { humanizeQuestionId, percentOf, TONES } from './chart-tones';

interface DropOffChartProps {
  readonly role: PublicRole;
  readonly questions: readonly QuestionDropOff[];
  /** Sessions that chose this role: the full width of a bar. */
  readonly base: number;
}

/**
 * Drop-off per question, in the flow's order and grouped by section: each question's bar shows
 * how many chats reached it (light) and how many are still stopped there (solid). The figures
 * are written beside every bar, so the chart never relies on colour or length alone.
 */
export function DropOffChart({ role, questions, base }: DropOffChartProps) {
  const colours = TONES[role];
  const sections = new Map<number, { title: string; questions: QuestionDropOff[] }>();
  for (const question of questions) {
    const section = sections.get(question.sectionIndex) ?? { title: question.sectionTitle, questions: [] };
    section.questions.push(question);
    sections.set(question.sectionIndex, section);
  }
  const roleLabel = ROLE_LABELS[role].toLowerCase();

  return (
    <div>
      <div aria-hidden="true" className="mb-4 flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-muted">
        <span className="inline-flex items-center gap-2">
          <span className={cn('inline-block size-3 rounded-sm', colours.reached)} /> Reached the question
        </span>
        <span className="inline-flex items-center gap-2">
          <span className={cn('inline-block size-3 rounded-sm', colours.bar)} /> Stopped there (still in progress)
        </span>
      </div>
      <div className="flex flex-col gap-6">
        {[...sections.entries()].map(([sectionIndex, section]) => (
          <section key={sectionIndex} aria-labelledby={`drop-off-${role}-${sectionIndex}`}>
            <h4 id={`drop-off-${role}-${sectionIndex}`} className="mb-2 font-semibold">
              Section {sectionIndex + 1}: {section.title}
            </h4>
            <ol className="flex flex-col gap-3">
              {section.questions.map((question) => (
                <li key={question.questionId}>
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="min-w-0 font-medium">
                      {humanizeQuestionId(question.questionId)}
                      <span className="sr-only">: “{question.label}”</span>
                    </span>
                    <span className="shrink-0 text-sm tabular-nums text-ink-muted">
                      reached <strong className="font-semibold text-ink">{question.reached}</strong>
                      <span className="sr-only">
                        {' '}
                        of {base} {roleLabel} chats
                      </span>{' '}
                      · stopped <strong className="font-semibold text-ink">{question.stopped}</strong>
                    </span>
                  </div>
                  <div
                    aria-hidden="true"
                    className="relative mt-1 h-3 overflow-hidden rounded-full bg-canvas ring-1 ring-line"
                  >
                    <div
                      className={cn('absolute inset-y-0 left-0 rounded-full', colours.reached)}
                      style={{ width: `${percentOf(question.reached, base)}%` }}
                    />
                    <div
                      className={cn('absolute inset-y-0 left-0 rounded-full', colours.bar)}
                      style={{ width: `${percentOf(question.stopped, base)}%` }}
                    />
                  </div>
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}
