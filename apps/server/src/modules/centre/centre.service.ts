import path from 'node:path';
import type { AppDeps } from '../../deps.js';
import { startPeriodic } from '../../lib/periodic.js';
import { createCentralCentreService, type StagingDraws, type SyncedAttempts } from './centre.central.js';
import { createOutageJournal, type OutageDeps } from './centre.journal.js';
import { createLocalCentreService } from './centre.local.js';
import { createCentreRepository } from './centre.repository.js';

/**
 * The centre module's services: `central` (pairing codes, staging, key release, invigilator codes)
 * answers on every server and is what centres call; `local` exists only on a centre server
 * (SERVER_ROLE=centre), which also stages and asks for started exams' keys in the background.
 */
export function createCentreServices(deps: AppDeps, onStop: (stop: () => Promise<void>) => void, exam: Pick<OutageDeps, 'creditOutage'> & { synced: () => SyncedAttempts; draws: () => StagingDraws }) {
  const repo = createCentreRepository(deps.db);
  const log = (text: string, error?: unknown) => console.error(text, error ?? '');
  const central = createCentralCentreService({ repo, clock: deps.clock, exam: exam.synced, draws: exam.draws });
  const { SERVER_ROLE, CENTRAL_URL, CENTRE_STAGE_AHEAD_HOURS, CENTRE_POLL_INTERVAL_MS, NODE_ENV } = deps.config;
  const local = SERVER_ROLE === 'centre' && CENTRAL_URL ? createLocalCentreService({ repo, clock: deps.clock, centralUrl: CENTRAL_URL, stageAheadHours: CENTRE_STAGE_AHEAD_HOURS, log }) : null;
  if (local && NODE_ENV !== 'test' && CENTRE_POLL_INTERVAL_MS > 0) {
    onStop(startPeriodic(() => local.pollOnce(), CENTRE_POLL_INTERVAL_MS, (error) => log('centre round failed', error)));
  }
  // A centre's heartbeat journal: the outage before this start is credited before it serves (and before its sweeper runs).
  const journal = local && NODE_ENV !== 'test' ? createOutageJournal({ file: path.join(deps.config.DATA_DIR, 'centre-heartbeat.json'), clock: deps.clock, creditOutage: exam.creditOutage, log }) : null;
  let settle: () => void = () => undefined;
  const outageSettled = journal ? new Promise<void>((resolve) => (settle = resolve)) : Promise.resolve();
  if (journal) onStop(() => journal.stop());
  /** Credits the outage since the last heartbeat and starts beating (the server calls it just before it listens). */
  async function startJournal(): Promise<void> {
    if (!journal) return;
    try {
      const credited = await journal.start();
      if (credited) log(`centre: ${credited} running attempts credited the outage`);
    } catch (error) {
      log('centre outage credit failed', error);
    } finally {
      settle();
    }
  }
  /** The server's clock and role, for a lab machine's pre-exam check. */
  const check = () => ({ role: SERVER_ROLE, serverNow: deps.clock.now().toISOString() });
  return { role: SERVER_ROLE, central, local, startJournal, outageSettled, check };
}

export type CentreServices = ReturnType<typeof createCentreServices>;
