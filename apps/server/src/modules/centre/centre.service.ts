import type { AppDeps } from '../../deps.js';
import { startPeriodic } from '../../lib/periodic.js';
import { createCentralCentreService } from './centre.central.js';
import { createLocalCentreService } from './centre.local.js';
import { createCentreRepository } from './centre.repository.js';

/**
 * The centre module's services: `central` (pairing codes, staging, key release, invigilator codes)
 * answers on every server and is what centres call; `local` exists only on a centre server
 * (SERVER_ROLE=centre), which also stages and asks for started exams' keys in the background.
 */
export function createCentreServices(deps: AppDeps, onStop: (stop: () => Promise<void>) => void) {
  const repo = createCentreRepository(deps.db);
  const log = (text: string, error?: unknown) => console.error(text, error ?? '');
  const central = createCentralCentreService({ repo, clock: deps.clock });
  const { SERVER_ROLE, CENTRAL_URL, CENTRE_STAGE_AHEAD_HOURS, CENTRE_POLL_INTERVAL_MS, NODE_ENV } = deps.config;
  const local = SERVER_ROLE === 'centre' && CENTRAL_URL ? createLocalCentreService({ repo, clock: deps.clock, centralUrl: CENTRAL_URL, stageAheadHours: CENTRE_STAGE_AHEAD_HOURS, log }) : null;
  if (local && NODE_ENV !== 'test' && CENTRE_POLL_INTERVAL_MS > 0) {
    onStop(startPeriodic(() => local.pollOnce(), CENTRE_POLL_INTERVAL_MS, (error) => log('centre round failed', error)));
  }
  return { role: SERVER_ROLE, central, local };
}

export type CentreServices = ReturnType<typeof createCentreServices>;
