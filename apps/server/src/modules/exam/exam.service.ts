import type { Clock } from '../../lib/clock.js';
import type { ExamContent } from '../academy/student/academy.student.exam-content.js';
import { createExamAnswers } from './exam.answers.js';
import { createAttemptCore, type AttemptCoreDeps } from './exam.attempts.js';
import { createExamContentResource } from './exam.content.js';
import { createExamEntries } from './exam.entries.js';
import { createExamPaper } from './exam.paper.js';
import { createExamPreparation, type PreparationDeps } from './exam.prepare.js';
import { createExamProgress } from './exam.progress.js';
import type { ExamRepository } from './exam.repository.js';
import { createExamStart } from './exam.start.js';
import { createExamSupervision, type SupervisionPeople } from './exam.supervision.js';
import { createExamSweeper } from './exam.sweeper.js';
import { createExamSynced } from './exam.synced.js';
import { resultOf } from './exam.views.js';

export type { AnswerRow, AnswerToScore, AttemptRow, Statement, Statements } from './exam.repository.js';
export type { RescoredQuestion, ScoredAttempt, ScoredAttempts } from './exam.attempts.js';
export type { PaperAttemptInput, PaperAttemptResult, PaperChoice } from './exam.paper.js';
export type { SyncedAttemptInput } from './exam.synced.js';

export interface ExamServiceDeps {
  repo: ExamRepository;
  clock: Clock;
  /** The academy service: tests, their questions, and course progress. */
  academy: ExamContent;
  /** The schedule's check before a new attempt (see exam.attempts). */
  assertCanStart?: AttemptCoreDeps['assertCanStart'];
  /** Who may take a test (see exam.attempts). */
  reachesTest?: AttemptCoreDeps['reachesTest'];
  /** Accounts, for the live room (the auth service, composed before; bound late). */
  people: () => SupervisionPeople;
  /** The statement that records a submitted attempt as scored (the reports' summaries). */
  onScored?: AttemptCoreDeps['onScored'];
  /** The statement that records a question scored again across attempts (a regrade; the reports' summaries). */
  onQuestionRescored?: AttemptCoreDeps['onQuestionRescored'];
  /** On an exam centre, the staged draw of a loaded window (see exam.attempts). */
  stagedDraw?: AttemptCoreDeps['stagedDraw'];
  /** The test windows and their students, for attempts prepared ahead of a window (decision 078); absent prepares none. */
  preparation?: PreparationDeps;
  /** Starts and resumes worked on at once (START_CONCURRENCY); 16 when not given. */
  startConcurrency?: number;
  /** Attempts closed at once (SUBMIT_CONCURRENCY); 4 when not given. */
  submitConcurrency?: number;
  /** Closes made together at most (SUBMIT_GROUP); CLOSE_GROUP when not given. */
  submitGroup?: number;
  /** Closes waiting beyond which a submit is answered at once as accepted (SUBMIT_ACCEPT_AFTER); 16 when not given. */
  submitAcceptAfter?: number;
  /** How long a submit waits for its close before it is answered as accepted (SUBMIT_ANSWER_WITHIN). */
  submitAnswerWithinMs?: number;
}

/**
 * Attempts: start and resume (exam.start), time and the player's state (exam.progress), answers
 * and submit (exam.answers), the expired-attempt sweeper (exam.sweeper), attempts prepared ahead of a
 * test window (exam.prepare), and what other modules
 * ask of attempts (exam.entries), and the live exam room (exam.supervision). Scoring rules are grading's (grading.scoring).
 */
export function createExamService(deps: ExamServiceDeps) {
  const core = createAttemptCore(deps);
  const { attemptDrafts, ...start } = createExamStart(core, createExamContentResource(core), deps.startConcurrency ?? 16);
  return {
    ...start,
    ...createExamPreparation(core, attemptDrafts, deps.preparation),
    ...createExamProgress(core),
    ...createExamAnswers(core),
    ...createExamSweeper(core),
    ...createExamEntries(core),
    ...createExamSupervision(core, deps.people),
    ...createExamPaper(core),
    ...createExamSynced(core),
    finalize: core.finalize,
    submitsWaiting: core.submitsWaiting,
    resultOf,
  };
}

export type ExamService = ReturnType<typeof createExamService>;
