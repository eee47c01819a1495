import { ArrowRight, CircleCheck, Circle, MessageCircle, PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import type { Checklist, ChecklistStep } from '@tavara/shared/dashboard/dashboard';
import type { PublicRole } from '@tavara/shared/roles';
import { ROLE_REGISTRATION_PATHS } from '@/config/paths';
import { cn } from '@/lib/cn';
import { ROLE_DASHBOARD_CONTENT } from '../dashboard-content';

const actionClass =
  'mt-3 inline-flex min-h-11 items-center gap-2 rounded-lg border border-line-strong bg-surface px-4 font-semibold hover:bg-brand-soft';

function StepAction({ role, step, onStartChat }: { role: PublicRole; step: ChecklistStep; onStartChat?: () => void }) {
  if (step.action === 'registration-chat') {
    if (!onStartChat) return null;
    return (
      <button type="button" onClick={onStartChat} className={actionClass}>
        <MessageCircle aria-hidden="true" className="size-5" />
        {step.actionLabel}
      </button>
    );
  }
  const to =
    step.action === 'care-plan'
      ? '/family/care-management/create'
      : step.action === 'schedule'
        ? '/professional/schedule'
        : ROLE_REGISTRATION_PATHS[role];
  return (
    <Link to={to} className={actionClass}>
      {step.actionLabel}
      <ArrowRight aria-hidden="true" className="size-5" />
    </Link>
  );
}

/**
 * The next-steps checklist, computed on the server from the user's own rows (shared/dashboard),
 * with a progress bar. Each step says in words whether it is done (never colour alone), and an
 * undone one leads to where it is done.
 */
export function NextSteps({
  role,
  checklist,
  onStartChat,
}: {
  role: PublicRole;
  checklist: Checklist;
  onStartChat?: () => void;
}) {
  const { accent } = ROLE_DASHBOARD_CONTENT[role];
  const { doneCount, totalCount, percent } = checklist;
  const allDone = totalCount > 0 && doneCount === totalCount;
  const progressText = `${doneCount} of ${totalCount} steps done`;
  return (
    <section aria-labelledby="next-steps-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
      <h2 id="next-steps-heading" className="text-xl font-bold">
        Your next steps
      </h2>
      <div className="mt-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <span id="next-steps-progress-label" className="font-semibold">
            Your progress
          </span>
          <span className="text-ink-muted" data-testid="progress-text">
            {progressText}
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="next-steps-progress-label"
          aria-valuemin={0}
          aria-valuemax={totalCount}
          aria-valuenow={doneCount}
          aria-valuetext={`${progressText} (${percent}%)`}
          className="mt-2 h-3 w-full overflow-hidden rounded-full bg-line"
        >
          <div className={cn('h-full rounded-full transition-[width]', accent.bg)} style={{ width: `${percent}%` }} />
        </div>
      </div>
      {allDone && (
        <p className="mt-4 flex items-start gap-2 font-semibold text-success">
          <PartyPopper aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          You have done everything there is to do for now. We will tell you when there is more.
        </p>
      )}
      <ol className="mt-5 flex flex-col gap-3">
        {checklist.steps.map((step) => (
          <li
            key={step.id}
            data-step={step.id}
            data-done={step.done}
            className={cn(
              'flex gap-3 rounded-lg border p-4',
              step.done ? 'border-success/30 bg-success-soft' : 'border-line bg-surface',
            )}
          >
            {step.done ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-success" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-ink-muted" />
            )}
            <div className="min-w-0">
              <h3 className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
                {step.title}
                <span
                  className={cn(
                    'rounded-full border px-2 text-sm',
                    step.done ? 'border-success/40 bg-surface text-success' : 'border-line-strong text-ink-muted',
                  )}
                >
                  <span className="sr-only">: </span>
                  {step.done ? 'Done' : 'To do'}
                </span>
              </h3>
              <p className="mt-0.5 text-ink-muted">{step.text}</p>
              {!step.done && <StepAction role={role} step={step} onStartChat={onStartChat} />}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
