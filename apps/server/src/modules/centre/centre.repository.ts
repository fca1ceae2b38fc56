import type { Db } from '../../db/client.js';
import { createCentreLoadedRepository } from './centre.loaded.repository.js';
import { createCentreLocalRepository } from './centre.local.repository.js';
import { createCentreOutboxRepository } from './centre.outbox.repository.js';
import { createCentrePairingRepository } from './centre.pairing.repository.js';
import { createCentreStagingRepository } from './centre.staging.repository.js';
import { createCentreSyncRepository } from './centre.sync.repository.js';
import type { Clashes } from '../../lib/repository-parts.js';

/*
 * The centre module's queries, on the central server and on a centre, as its services see them:
 * one object composed of a repository per aggregate (decision 099, as decision 089 did for the
 * exam). The centre's own tables are its centres, pairing codes, deliveries, keys, staged exams,
 * roster, loaded rows and sync chains; what it copies of other modules' rows (a paper, a roster,
 * attempts, audit entries) it reads and writes through those modules' copy repositories.
 */

export type { LoadedKind, OutboxRow, RosterRow, StagedExamRow, SyncAttemptRow, SyncedAuditEntry, SystemAuditEntry } from './centre.shared.repository.js';

function centreQueries(db: Db) {
  return {
    // The central server
    ...createCentrePairingRepository(db),
    ...createCentreStagingRepository(db),
    ...createCentreSyncRepository(db),
    // A centre
    ...createCentreLocalRepository(db),
    ...createCentreOutboxRepository(db),
    ...createCentreLoadedRepository(db),
  };
}

export function createCentreRepository(db: Db) {
  return {
    ...centreQueries(db),
    /** The same queries on a transaction another module opened (a synced attempt is imported in the exam's). */
    within: (tx: Db) => centreQueries(tx),
    /** Runs `work` with the same queries inside one transaction. */
    transaction: <T>(work: (tx: CentreQueries) => Promise<T>) => db.transaction((tx) => work(centreQueries(tx as unknown as Db))),
  };
}

type Parts = [
  ReturnType<typeof createCentrePairingRepository>,
  ReturnType<typeof createCentreStagingRepository>,
  ReturnType<typeof createCentreSyncRepository>,
  ReturnType<typeof createCentreLocalRepository>,
  ReturnType<typeof createCentreOutboxRepository>,
  ReturnType<typeof createCentreLoadedRepository>,
];
/** Fails to compile, naming the method, when two parts define the same one. */
const _noClash: [Clashes<Parts>] extends [never] ? true : Clashes<Parts> = true;

type CentreQueries = ReturnType<typeof centreQueries>;
export type CentreRepository = ReturnType<typeof createCentreRepository>;
