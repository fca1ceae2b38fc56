import { runnerRoutes, type StartRunBody } from '@app/contracts';
import { callApi } from '../../../lib/api-client';

/** The code runner's calls (spec 001 §7), typed from the contracts. */
export const runnerApi = {
  startRun: (body: StartRunBody) => callApi(runnerRoutes.run, { body }),
  getRunDetails: (runID: string, signal?: AbortSignal) => callApi(runnerRoutes.getRunDetails, { query: { runID }, signal }),
};
