import type { Clock } from '../../lib/clock.js';
import type { ExamContent } from '../academy/academy.exam-content.js';
import { createExamAnswers } from './exam.answers.js';
import { createAttemptCore } from './exam.attempts.js';
import { createExamEntries } from './exam.entries.js';
import { createExamProgress } from './exam.progress.js';
import type { ExamRepository } from './exam.repository.js';
import { createExamStart } from './exam.start.js';
import { createExamSweeper } from './exam.sweeper.js';
import { resultOf } from './exam.views.js';

export type { AnswerRow, AttemptRow } from './exam.repository.js';

export interface ExamServiceDeps {
  repo: ExamRepository;
  clock: Clock;
  /** The academy service: tests, their questions, and course progress. */
  academy: ExamContent;
}

/**
 * Attempts: start and resume (exam.start), time and the player's state (exam.progress), answers
 * and submit (exam.answers), the expired-attempt sweeper (exam.sweeper), and what other modules
 * ask of attempts (exam.entries). Scoring rules are grading's (grading.scoring).
 */
export function createExamService(deps: ExamServiceDeps) {
  const core = createAttemptCore(deps);
  return {
    ...createExamStart(core),
    ...createExamProgress(core),
    ...createExamAnswers(core),
    ...createExamSweeper(core),
    ...createExamEntries(core),
    finalize: core.finalize,
    resultOf,
  };
}

export type ExamService = ReturnType<typeof createExamService>;
