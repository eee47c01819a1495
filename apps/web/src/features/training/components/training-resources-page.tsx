import type { TrainingModuleSummary, TrainingOverview } from '@tavara/shared/training/training';
import { Award, BookOpen, CheckCircle2, Clock, Footprints, GraduationCap, LogIn, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Notice } from '@/components/ui/notice';
import { useRequireAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useTrainingOverview } from '../api/training-api';
import { moduleActionLabel, moduleTarget, nextModule } from '../training-paths';
import { useViewer } from '../use-viewer';
import { CertificatePanel } from './certificate-panel';
import { ProgressBar } from './progress-bar';
import { TrainingError, TrainingLoading, TrainingShell } from './training-states';

const STEPS = [
  {
    Icon: BookOpen,
    title: '1. Learn at your own pace',
    text: 'Seven short modules written for caregivers in Trinidad and Tobago. Each has a few lessons and a quiz; read on your phone whenever you have a moment, and pick up where you left off.',
  },
  {
    Icon: Footprints,
    title: '2. Shadow an experienced caregiver',
    text: 'Lessons are a start; practice builds confidence. Ask an agency or an experienced colleague if you can join them on a few visits. Tavara does not arrange shadowing placements yet.',
  },
  {
    Icon: GraduationCap,
    title: '3. Take your next steps',
    text: 'Pass all seven quizzes to receive your certificate, with a code any family can check. Then take a hands-on first aid and CPR course from a recognised provider.',
  },
] as const;

function ModuleCard({ mod, tracking }: { mod: TrainingModuleSummary; tracking: boolean }) {
  const p = mod.progress;
  const action = moduleActionLabel(mod);
  return (
    <li className="flex flex-col gap-3 rounded-card border border-line bg-surface p-5">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'grid size-10 shrink-0 place-items-center rounded-full text-lg font-bold',
            p?.completed ? 'bg-professional text-white' : 'bg-professional-soft text-professional',
          )}
        >
          {p?.completed ? <CheckCircle2 className="size-6" /> : mod.position}
        </span>
        <div className="min-w-0">
          <h3 className="text-lg font-bold">
            <span className="sr-only">Module {mod.position}: </span>
            {mod.title}
          </h3>
          <p className="mt-1 text-ink-muted">{mod.summary}</p>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
            <span className="inline-flex items-center gap-1">
              <BookOpen aria-hidden="true" className="size-4" />
              {mod.lessons.length} lessons and a quiz
            </span>
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-4" />
              About {mod.minutes} minutes
            </span>
          </p>
        </div>
      </div>
      {tracking && p && (
        <div className="flex flex-col gap-1.5">
          <ProgressBar value={p.completedLessons} max={p.totalLessons} label={`${mod.title}: lessons completed`} />
          <p className="text-sm">
            {p.completedLessons} of {p.totalLessons} lessons done ·{' '}
            {p.quizPassed
              ? `Quiz passed (best ${p.bestScorePercent ?? 0} %)`
              : p.bestScorePercent !== null
                ? `Quiz not passed yet (best ${p.bestScorePercent} %)`
                : 'Quiz not taken'}
          </p>
        </div>
      )}
      <div className="mt-auto">
        <Button asChild variant={action === 'Review' ? 'secondary' : 'professional'}>
          <Link to={moduleTarget(mod)} aria-label={`${action}: ${mod.title}`}>
            {action}
          </Link>
        </Button>
      </div>
    </li>
  );
}

function OverallProgress({ data }: { data: TrainingOverview }) {
  const done = data.modules.filter((m) => m.progress?.completed).length;
  const next = nextModule(data.modules);
  const started = data.modules.some((m) => (m.progress?.completedLessons ?? 0) > 0);
  return (
    <section
      aria-labelledby="progress-heading"
      className="rounded-card border border-professional/30 bg-professional-soft/50 p-5 sm:p-6"
    >
      <h2 id="progress-heading" className="text-xl font-bold">
        Your progress
      </h2>
      <p className="mt-1 text-lg" data-testid="training-progress-summary">
        {done} of {data.modules.length} modules complete
      </p>
      <ProgressBar className="mt-3 bg-surface" value={done} max={data.modules.length} label="Modules completed" />
      {next && (
        <Button asChild variant="professional" className="mt-4">
          <Link to={moduleTarget(next)}>
            {started ? 'Continue' : 'Start'}: {next.title}
          </Link>
        </Button>
      )}
    </section>
  );
}

/**
 * /professional/training-resources (issue 21): what the programme is, the seven modules and —
 * for a signed-in professional — their progress, "Start" / "Continue" and the certificate.
 * Signed out, everything is readable, with a way to sign in to track progress.
 */
export function TrainingResourcesPage() {
  const { viewer, signedIn, tracks } = useViewer();
  const overview = useTrainingOverview(viewer);
  const requireAuth = useRequireAuth();

  return (
    <TrainingShell wide>
      <header className="border-l-8 border-professional pl-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Training resources</h1>
        <p className="mt-1 text-lg text-ink-muted">
          Free, self-paced training for caregivers in Trinidad and Tobago — from the basics to emergencies, dementia
          care and your legal duties.
        </p>
      </header>

      <section aria-labelledby="how-heading" className="mt-8">
        <h2 id="how-heading" className="text-xl font-bold">
          How the programme works
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {STEPS.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-card border border-line bg-surface p-5">
              <Icon aria-hidden="true" className="size-7 text-professional" />
              <h3 className="mt-2 font-bold">{title}</h3>
              <p className="mt-1 text-ink-muted">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="mt-8 flex flex-col gap-6">
        {!signedIn && viewer !== null && (
          <Notice tone="info" title="Sign in to track your progress">
            <p>
              Anyone can read the lessons. Care professionals who sign in can mark lessons complete, take the quizzes
              and earn a certificate.
            </p>
            <Button className="mt-3" onClick={() => requireAuth('track your training progress')}>
              <LogIn aria-hidden="true" className="size-5" />
              Sign in to track progress
            </Button>
          </Notice>
        )}
        {signedIn && !tracks && (
          <Notice tone="info" title="Progress is kept for care professionals">
            <p>
              You can read every lesson. Quizzes, progress and certificates are for accounts registered as care
              professionals.
            </p>
          </Notice>
        )}
        {tracks && overview.isPending && (
          // The progress and certificate cards' place while they load (issue 31): the modules
          // below do not jump down when they arrive.
          <div role="status" className="grid gap-6 lg:grid-cols-2">
            <span className="sr-only">Loading your progress</span>
            <Skeleton className="h-52" />
            <Skeleton className="h-52" />
          </div>
        )}
        {overview.data?.tracking && (
          <div className="grid gap-6 lg:grid-cols-2">
            <OverallProgress data={overview.data} />
            <CertificatePanel data={overview.data} viewer={viewer ?? ''} />
          </div>
        )}
      </div>

      <section aria-labelledby="modules-heading" className="mt-10">
        <h2 id="modules-heading" className="flex items-center gap-2 text-2xl font-bold">
          <Users aria-hidden="true" className="size-6 text-professional" />
          The seven modules
        </h2>
        <div className="mt-4">
          {overview.isPending ? (
            <TrainingLoading label="Loading the training modules" />
          ) : overview.isError ? (
            <TrainingError
              title="The modules could not be loaded"
              error={overview.error}
              onRetry={() => void overview.refetch()}
            />
          ) : (
            <ol className="grid gap-4 md:grid-cols-2">
              {overview.data.modules.map((mod) => (
                <ModuleCard key={mod.id} mod={mod} tracking={overview.data.tracking} />
              ))}
            </ol>
          )}
        </div>
      </section>
      <p className="mt-10 flex items-start gap-2 text-ink-muted">
        <Award aria-hidden="true" className="mt-1 size-5 shrink-0" />
        These lessons support, but do not replace, accredited caregiver, nursing or first-aid training.
      </p>
    </TrainingShell>
  );
}
