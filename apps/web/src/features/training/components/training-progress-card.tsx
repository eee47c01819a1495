import { GraduationCap } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TrainingCompletedBadge } from '@/components/ui/training-completed-badge';
import { useTrainingOverview } from '../api/training-api';
import { moduleTarget, nextModule, TRAINING_HOME } from '../training-paths';
import { useViewer } from '../use-viewer';
import { ProgressBar } from './progress-bar';

/** The professional dashboard's training card: modules complete, and the way back in. */
export function TrainingProgressCard() {
  const { viewer } = useViewer();
  const overview = useTrainingOverview(viewer);
  const data = overview.data;
  const done = data?.modules.filter((m) => m.progress?.completed).length ?? 0;
  const next = data ? nextModule(data.modules) : null;
  const started = data?.modules.some((m) => (m.progress?.completedLessons ?? 0) > 0) ?? false;
  return (
    <section aria-labelledby="training-card-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
      <h2 id="training-card-heading" className="flex items-center gap-2 text-xl font-bold">
        <GraduationCap aria-hidden="true" className="size-6 text-professional" />
        Your training
      </h2>
      {overview.isPending ? (
        <div role="status" className="mt-3 flex flex-col gap-2">
          <span className="sr-only">Loading your training progress</span>
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-2.5 w-full" />
        </div>
      ) : overview.isError || !data ? (
        <p className="mt-2 text-ink-muted">
          Your training progress could not be loaded.{' '}
          <Link to={TRAINING_HOME} className="font-semibold text-professional underline">
            Open training resources
          </Link>
        </p>
      ) : (
        <div className="mt-2 flex flex-col gap-3">
          <p data-testid="dashboard-training-summary">
            {done} of {data.modules.length} modules complete
          </p>
          <ProgressBar value={done} max={data.modules.length} label="Training modules completed" />
          {data.certificate ? <TrainingCompletedBadge /> : null}
          <div className="flex flex-wrap gap-3">
            {next && (
              <Button asChild variant="professional">
                <Link to={moduleTarget(next)}>{started ? 'Continue training' : 'Start training'}</Link>
              </Button>
            )}
            <Button asChild variant="secondary">
              <Link to={TRAINING_HOME}>
                {data.eligibleForCertificate && !data.certificate ? 'Get your certificate' : 'All modules'}
              </Link>
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
