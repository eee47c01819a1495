import { Navigate, useParams } from 'react-router';
import { useTrainingOverview } from '../api/training-api';
import { moduleTarget } from '../training-paths';
import { useViewer } from '../use-viewer';
import { BackToTraining, TrainingError, TrainingLoading, TrainingShell } from './training-states';
import { Notice } from '@/components/ui/notice';

/**
 * /professional/module/:moduleId and /professional/training-resources/module/:moduleId: no page
 * of their own — they resume the module where the person left off (the first unfinished lesson,
 * or the quiz once the lessons are done), replacing this address in the history so Back does not
 * bounce here again.
 */
export function ModuleRedirectPage() {
  const { moduleId = '' } = useParams();
  const { viewer } = useViewer();
  const overview = useTrainingOverview(viewer);
  const mod = overview.data?.modules.find((m) => m.id === moduleId);
  if (mod) return <Navigate to={moduleTarget(mod)} replace />;
  return (
    <TrainingShell>
      <h1 className="text-3xl font-bold">Training module</h1>
      <div className="mt-6 flex flex-col gap-4">
        {overview.isPending ? (
          <TrainingLoading label="Opening the module" />
        ) : overview.isError ? (
          <TrainingError
            title="The module could not be opened"
            error={overview.error}
            onRetry={() => void overview.refetch()}
          />
        ) : (
          <>
            <Notice tone="warning" role="alert" title="We could not find that training module">
              <p>The link may be out of date. All modules are listed on the training resources page.</p>
            </Notice>
            <BackToTraining label="Go to training resources" />
          </>
        )}
      </div>
    </TrainingShell>
  );
}
