import { randomUUID } from 'node:crypto';
import { EXAM_ERRORS } from '@app/contracts';
import { serverKindOf } from '../../question-kinds/index.js';
import type { TaskBundle } from '../academy/student/academy.student.exam-content.js';
import { roundMarks } from '../grading/grading.scoring.js';
import { examError, type AttemptCore } from './exam.attempts.js';
import type { AttemptRow } from './exam.repository.js';

/** A question as a paper sheet records it: the option's position (0-based), none, or several marks. */
export type PaperChoice = number | null | 'invalid';

export interface PaperAttemptInput {
  userId: number;
  taskId: number;
  /** One entry per question, in the test's order (the order its answer sheet prints them). */
  choices: PaperChoice[];
  /** When the sheet was written (its upload): the attempt's start and submission time. */
  at: Date;
}

export interface PaperAttemptResult {
  attemptId: string;
  courseId: number;
  scored: number | null;
  total: number;
  /** False when an earlier paper attempt of the student at the test was updated. */
  created: boolean;
}

/** Whether a paper sheet can answer the kind (its bubbles); the others print "answer online". */
const isPaperKind = (questionType: string) => !!serverKindOf(questionType)?.paperAnswer;

/** What a sheet's several marks on one question are saved as: no option chosen, and this marker in `answer_data`. */
export const PAPER_INVALID = { paper: 'invalid' } as const;

/** True when a saved answer is a sheet's several marks on one question (the feedback report says "Invalid"). */
export function isPaperInvalid(answerData: unknown): boolean {
  return typeof answerData === 'object' && answerData !== null && !Array.isArray(answerData) && (answerData as { paper?: unknown }).paper === 'invalid';
}

/**
 * The saved answer of one question: an option id (a list for multiple choice). Several marks on
 * one question are invalid as NTA counts them: no option is saved (so it scores 0, with no
 * negative mark, like a blank) and `answer_data` says the sheet was invalid there.
 */
function answerOf(map: TaskBundle['maps'][number], choice: PaperChoice | undefined): { answerId: number | number[] | null; answerData: typeof PAPER_INVALID | null } {
  const options = map.question.options;
  const paperAnswer = serverKindOf(map.question.questionType)?.paperAnswer;
  if (choice === undefined || choice === null || options.length === 0 || !paperAnswer) return { answerId: null, answerData: null };
  if (choice === 'invalid') return { answerId: null, answerData: PAPER_INVALID };
  const option = options[choice];
  if (!option) return { answerId: null, answerData: null };
  return { answerId: paperAnswer(option.answerID), answerData: null };
}

/**
 * Paper attempts: a completed attempt from an answer sheet (submitReason 'paper'), scored by
 * grading like any submitted attempt, so that ranks, item statistics and reports count it. One
 * paper attempt per student and test: recording again updates its answers and re-scores it.
 */
export function createExamPaper(core: AttemptCore) {
  const { repo, academy } = core;

  return {
    /** The test's questions (0-based, in the order its sheet prints them) that cannot be answered on paper. */
    async onlineOnlyQuestions(taskId: number): Promise<number[]> {
      const bundle = await core.loadBundle(taskId);
      return bundle.maps.flatMap((map, i) => (isPaperKind(map.question.questionType) ? [] : [i]));
    },

    async recordPaperAttempt(input: PaperAttemptInput): Promise<PaperAttemptResult> {
      const existing = await repo.findPaperAttempt(input.userId, input.taskId);
      const bundle = await core.loadBundle(input.taskId, existing?.id);
      if (bundle.task.kind !== 'test') throw examError(EXAM_ERRORS.EXAM_NOT_A_TEST);
      const answers = bundle.maps.map((map, i) => ({ mapId: map.mapId, ...answerOf(map, input.choices[i]) }));
      const { attempt, created } = await repo.withPaperLock(input.userId, input.taskId, async (tx) => {
        let row: AttemptRow | undefined = await repo.findPaperAttempt(input.userId, input.taskId, tx);
        const created = !row;
        if (!row) {
          row = await repo.insertPaperAttempt(
            tx,
            {
              id: randomUUID(),
              userId: input.userId,
              taskId: bundle.task.id,
              courseId: bundle.task.courseId,
              testType: bundle.task.testType ?? 'test',
              status: 'submitted',
              startedAt: input.at,
              deadlineAt: input.at,
              submittedAt: input.at,
              submitReason: 'paper',
              questionOrder: bundle.sections.map((s) => bundle.maps.filter((m) => m.sectionId === s.id).map((m) => m.mapId)),
              total: roundMarks(bundle.maps.reduce((sum, m) => sum + m.marks, 0)),
            },
            bundle.maps.map((m) => ({ questionTaskMapId: m.mapId, questionId: m.question.id, questionVersionId: m.question.versionId })),
          );
        }
        await repo.writePaperAnswers(tx, row.id, answers, input.at);
        return { attempt: await core.writeScored(tx, row, bundle), created };
      });
      if (created) await academy.markTaskCompleted({ userId: attempt.userId, taskId: attempt.taskId, courseId: attempt.courseId, at: input.at });
      return { attemptId: attempt.id, courseId: attempt.courseId, scored: attempt.scored, total: attempt.total, created };
    },
  };
}
