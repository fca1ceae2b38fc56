import type { Db } from '../../db/client.js';
import { createExamAnswersRepository } from './exam.answers.repository.js';
import { createExamAttemptsRepository } from './exam.attempts.repository.js';
import { createExamRegradesRepository } from './exam.regrades.repository.js';
import { createExamReportsRepository } from './exam.reports.repository.js';
import { createExamServedRepository } from './exam.served.repository.js';
import { createExamStartsRepository } from './exam.starts.repository.js';
import { createExamSupervisionRepository } from './exam.supervision.repository.js';
import type { Clashes } from '../../lib/repository-parts.js';

/*
 * The exam's repository as its services see it: one object composed of a repository per aggregate
 * (decision 089). The exam's tables are attempts, their answers, served sets and versions,
 * regrades and question reports; tasks, sections and questions are the academy's (read through
 * its service). See docs/decisions/009-exam-split.md.
 */

export type { AttemptRow, Statement, Statements } from './exam.shared.repository.js';
export type { AnswerRow, AnswerToScore, FastSaveItem, FastSaveOutcome, SyncedAnswer } from './exam.answers.repository.js';
export type { RescoredRow } from './exam.regrades.repository.js';
export type { ServedOf, ServedVersion } from './exam.served.repository.js';
export type { ScoresToWrite } from './exam.attempts.repository.js';
export type { PreparedStart } from './exam.starts.repository.js';
export { servedSetKey } from './exam.served.repository.js';

export function createExamRepository(db: Db, options: { driver: 'pglite' | 'postgres' } = { driver: 'postgres' }) {
  return {
    ...createExamAttemptsRepository(db),
    ...createExamStartsRepository(db),
    ...createExamServedRepository(db),
    ...createExamAnswersRepository(db, options),
    ...createExamRegradesRepository(db),
    ...createExamSupervisionRepository(db),
    ...createExamReportsRepository(db),
  };
}

type Parts = [
  ReturnType<typeof createExamAttemptsRepository>,
  ReturnType<typeof createExamStartsRepository>,
  ReturnType<typeof createExamServedRepository>,
  ReturnType<typeof createExamAnswersRepository>,
  ReturnType<typeof createExamRegradesRepository>,
  ReturnType<typeof createExamSupervisionRepository>,
  ReturnType<typeof createExamReportsRepository>,
];
/** Fails to compile, naming the method, when two parts define the same one. */
const _noClash: [Clashes<Parts>] extends [never] ? true : Clashes<Parts> = true;

export type ExamRepository = ReturnType<typeof createExamRepository>;
