import { OFFICE_UPLOAD_MAX_BYTES, type OfficeHealth } from '@app/contracts';
import { createOfficeAuthoring } from './office.authoring.js';
import { createOfficeContext, type OfficeServiceDeps } from './office.context.js';
import { createOfficeEditor } from './office.editor.js';
import { registerEvaluationJob } from './office.evaluation-job.js';
import { createOfficeRuns } from './office.runs.js';
import { createWorkingCopies } from './office.working-copies.js';

export { uploadError } from './office.context.js';
export type { OfficeAnswerKeys, OfficeExamSource, OfficeJobQueue, OfficeQuestionBank, OfficeQuestionInfo, OfficeScoreSink, OfficeServiceDeps } from './office.context.js';
export { OFFICE_EVALUATION_JOB } from './office.evaluation-job.js';

/**
 * Office questions, one operation file per job (decision 090): working copies
 * (office.working-copies.ts), evaluation runs (office.runs.ts) and their job
 * (office.evaluation-job.ts), authors' files and rubrics (office.authoring.ts) and the document
 * server (office.editor.ts), over what they share (office.context.ts).
 */
export function createOfficeService(deps: OfficeServiceDeps) {
  const context = createOfficeContext(deps);
  registerEvaluationJob(context);
  return {
    evaluator: deps.evaluator,
    ...createWorkingCopies(context),
    ...createOfficeRuns(context),
    ...createOfficeAuthoring(context),
    ...createOfficeEditor(context),

    health(): OfficeHealth {
      return { evaluator: 'ready', documentServer: !!context.documentServer, uploadMaxBytes: OFFICE_UPLOAD_MAX_BYTES };
    },
  };
}

export type OfficeService = ReturnType<typeof createOfficeService>;
