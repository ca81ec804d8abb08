import type { GenerationRun } from '../use-generation-run';
import { CreatingImageDialog } from './CreatingImageDialog';

/** The progress dialog of one Create button's run (useGenerationRun): steps, failure, retry. */
export function RunProgressDialog({ run }: { run: GenerationRun }) {
  return (
    <CreatingImageDialog
      isOpen={run.isDialogOpen}
      generation={run.generation}
      failure={run.failure}
      onClose={run.closeDialog}
      onRetry={() => void run.run()}
    />
  );
}
