import {
  EXAM_ERRORS,
  QUESTION_KINDS,
  type PracticeAnswer,
  type ReportQuestionBodySchema,
  type RevealAnswerBodySchema,
  type SaveAnswerBodySchema,
  type SaveAnswerItemSchema,
  type SaveAnswerResult,
  type SubmitTestBodySchema,
  type TestResult,
} from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { serverKindOf } from '../../question-kinds/index.js';
import type { TaskBundle } from '../academy/student/academy.student.exam-content.js';
import { examError, type AttemptCore } from './exam.attempts.js';
import type { AttemptRow } from './exam.repository.js';
import { secondsLeft } from './exam.timing.js';
import { acceptedOf, practiceAnswerOf, resultOf } from './exam.views.js';

type SaveItem = z.output<typeof SaveAnswerItemSchema>;

/** A student's submit being closed in this process: the close, and the test it closes (read only when an answer needs it before the close is made). */
interface QueuedClose {
  closing: Promise<{ attempt: AttemptRow; bundle: TaskBundle }>;
  task: () => Promise<TaskBundle['task']>;
}

/**
 * How long a submit sent again for an attempt whose close is queued in this process waits for
 * that close before it answers "accepted" once more: the player asks again a few seconds after
 * each answer, so one held ask replaces several (each a signed-in request reading the attempt),
 * and the score reaches the student as soon as it is ready. Well inside the player's 60 s
 * request timeout and the load balancer's 70 s.
 */
export const SCORE_HOLD_MS = 20_000;

/** Whether a close is still being made after `ms` (a close that fails counts as made: its caller sees the failure). */
async function stillClosingAfter(closing: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), ms);
  });
  try {
    return await Promise.race([closing.then(() => false, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Every item's answer in the shape its kind takes (the kind's answer schema in the contracts'
 * registry), checked before anything is written. The item's kind must also be the question's
 * (the save's typeMismatch), so this is the question's kind.
 */
function assertAnswerShapes(items: SaveItem[]): void {
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const shape = QUESTION_KINDS[item.questionType].answerSchema.safeParse({ answerID: item.answerID, answerData: item.answerData ?? null });
    if (!shape.success) {
      const field = shape.error.issues[0]?.path[0] === 'answerData' ? 'answerData' : 'answerID';
      throw new AppError(EXAM_ERRORS.EXAM_QUESTION_TYPE_MISMATCH, { fields: { [`data.${i}.${field}`]: 'answerShapeInvalid' } });
    }
  }
}

/** Answers of an attempt: saving them, the final submit, a practice reveal, and reporting a question. */
export function createExamAnswers(core: AttemptCore) {
  const { repo, clock, academy } = core;
  /** Students' submits being closed in this process, by attempt: a second press joins the first. */
  const submitting = new Map<string, QueuedClose>();

  /** The result of a queued close once it is made, or "accepted" again when it takes longer than SCORE_HOLD_MS (or fails). */
  async function resultWhenClosed(attempt: AttemptRow, pending: QueuedClose): Promise<TestResult> {
    let timer: NodeJS.Timeout | undefined;
    const held = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), SCORE_HOLD_MS);
    });
    try {
      const done = await Promise.race([pending.closing.catch(() => null), held]);
      return done ? resultOf(done.attempt, done.bundle.task) : acceptedOf(attempt, await pending.task(), clock.now());
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * An answer whose kind checks it against the question as served (ordering: a permutation of its
   * items) is checked here, before anything is written; only saves holding such an answer read the
   * test's content. An attempt that is not the student's is left to the save, which refuses it.
   */
  async function assertAnswersFit(actor: Actor, attemptId: string, items: SaveItem[]): Promise<void> {
    const checked = items.filter((item) => item.answerID !== null && serverKindOf(item.questionType)?.fitsQuestion);
    if (checked.length === 0) return;
    const attempt = await repo.getAttempt(attemptId);
    if (!attempt || attempt.userId !== actor.userId) return;
    const bundle = await core.loadBundle(attempt.taskId, attempt.id);
    items.forEach((item, i) => {
      const fits = item.answerID === null ? undefined : serverKindOf(item.questionType)?.fitsQuestion;
      const map = fits && bundle.maps.find((m) => m.mapId === item.questionTaskMapID);
      if (map && map.question.questionType === item.questionType && !fits(map.question, item.answerID)) {
        throw new AppError(EXAM_ERRORS.EXAM_QUESTION_TYPE_MISMATCH, { fields: { [`data.${i}.answerID`]: 'answerShapeInvalid' } });
      }
    });
  }

  async function saveItems(actor: Actor, attemptId: string, items: SaveItem[], retried = false): Promise<SaveAnswerResult> {
    if (!retried) {
      assertAnswerShapes(items);
      await assertAnswersFit(actor, attemptId, items);
    }
    const now = clock.now();
    const outcome = await repo.saveAnswersFast(
      attemptId,
      actor.userId,
      now,
      items.map((item) => ({
        mapId: item.questionTaskMapID,
        questionType: item.questionType,
        seq: item.seq,
        answerId: item.answerID,
        answerData: item.answerData ?? null,
        timeSpent: item.timeSpent,
        isMarked: item.isMarked ?? null,
      })),
    );
    const attempt = outcome.attempt;
    if (!attempt || attempt.userId !== actor.userId) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
    if (outcome.okCount === 0) {
      // Submitted, or its submit accepted and waiting to be scored: the answers are final.
      if (attempt.status !== 'open' || attempt.submitRequestedAt !== null) throw examError(EXAM_ERRORS.EXAM_ALREADY_SUBMITTED);
      if (new Date(attempt.deadlineAt) <= now) {
        // Nothing was written; close the attempt now rather than wait for the sweeper.
        await core.finalize(attemptId, 'timeout');
        throw examError(EXAM_ERRORS.EXAM_TIME_OVER);
      }
      if (!retried && attempt.activeSectionDeadlineAt && new Date(attempt.activeSectionDeadlineAt) <= now) {
        const row = await repo.getAttempt(attemptId);
        const refreshed = row ? await core.refresh(row) : undefined;
        if (refreshed?.status !== 'open') throw examError(EXAM_ERRORS.EXAM_TIME_OVER);
        return saveItems(actor, attemptId, items, true);
      }
      throw examError(EXAM_ERRORS.EXAM_SECTION_CLOSED);
    }
    const bad = outcome.bad;
    if (bad?.notInTest) throw examError(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
    if (bad?.typeMismatch) throw examError(EXAM_ERRORS.EXAM_QUESTION_TYPE_MISMATCH);
    // Only when every item is a revealed question: a batch with others saves those and skips these.
    if (bad && bad.revealed > 0 && bad.revealed === bad.total) throw examError(EXAM_ERRORS.EXAM_ANSWER_REVEALED);
    if (bad?.wrongSection) throw examError(EXAM_ERRORS.EXAM_SECTION_CLOSED);
    const applied = new Map(outcome.applied.map((a) => [a.mapId, a.seq]));
    const current = new Map(outcome.current.map((c) => [c.mapId, c.seq]));
    const seen = new Set<number>();
    const saved = items
      .filter((item) => (seen.has(item.questionTaskMapID) ? false : (seen.add(item.questionTaskMapID), true)))
      .map((item) => {
        const appliedSeq = applied.get(item.questionTaskMapID);
        return appliedSeq !== undefined
          ? { questionTaskMapID: item.questionTaskMapID, seq: appliedSeq, applied: true }
          : { questionTaskMapID: item.questionTaskMapID, seq: current.get(item.questionTaskMapID) ?? item.seq, applied: false };
      });
    return { TestSessionID: attemptId, RemainingTime: secondsLeft(new Date(attempt.deadlineAt), now), saved };
  }

  return {
    async saveAnswer(actor: Actor, body: z.output<typeof SaveAnswerBodySchema>): Promise<SaveAnswerResult> {
      const result = await saveItems(actor, body.TestSessionID, body.data);
      if (body.screenInactive !== undefined) await repo.recordScreenInactive(body.TestSessionID, body.screenInactive);
      return result;
    },

    async submitTest(actor: Actor, body: z.output<typeof SubmitTestBodySchema>): Promise<TestResult> {
      // Until its close is asked for (or its acceptance answered), other closes make way for it.
      const received = core.receivingSubmit();
      try {
        const attempt = await core.ownAttempt(actor, body.TestSessionID);
        if (attempt.taskId !== body.TaskID) throw examError(EXAM_ERRORS.EXAM_ATTEMPT_NOT_FOUND);
        if (attempt.status === 'open' && attempt.deadlineAt > clock.now() && body.data?.length) {
          await saveItems(actor, attempt.id, body.data);
        }
        if (attempt.status !== 'open') return resultOf(attempt, await core.taskOf(attempt.taskId));
        const pending = submitting.get(attempt.id);
        // A press again (the player asks every few seconds) waits on the close in its queue.
        if (pending) {
          received();
          return await resultWhenClosed(attempt, pending);
        }
        // Answered at once when the closes queue up: the answers are saved, the close keeps its turn.
        // The acceptance is written first, so that no later save is taken and a close lost with this
        // process is still made (the sweeper, or the next read of the attempt), at this time.
        const pressedAt = clock.now();
        const isAccepted = core.isCloseQueueLong() && (await repo.markSubmitRequested(attempt.id, pressedAt));
        const again = submitting.get(attempt.id);
        if (again) {
          received();
          return await resultWhenClosed(attempt, again);
        }
        const closing = core.finalize(attempt.id, 'student', { analyticsId: body.analyticsID ?? null });
        let task: Promise<TaskBundle['task']> | undefined;
        submitting.set(attempt.id, { closing, task: () => (task ??= core.taskOf(attempt.taskId)) });
        void closing.then(
          () => submitting.delete(attempt.id),
          // A close that fails leaves the attempt open with its answers: the player's next submit tries again.
          () => submitting.delete(attempt.id),
        );
        if (isAccepted) return acceptedOf(attempt, await submitting.get(attempt.id)!.task(), clock.now());
        received();
        // A close that is not made within its time (a wave's groups are long) is accepted then, at the press's time.
        const late = await stillClosingAfter(closing, core.submitAnswerWithinMs);
        if (late && (await repo.markSubmitRequested(attempt.id, pressedAt))) return acceptedOf(attempt, await submitting.get(attempt.id)!.task(), clock.now());
        const { attempt: done, bundle } = await closing;
        return resultOf(done, bundle.task);
      } finally {
        received();
      }
    },

    async revealAnswer(actor: Actor, body: z.output<typeof RevealAnswerBodySchema>): Promise<PracticeAnswer> {
      const attempt = await core.ownAttempt(actor, body.TestSessionID);
      const bundle = await core.loadBundle(attempt.taskId, attempt.id);
      const map = bundle.maps.find((m) => m.mapId === body.questionTaskMapID);
      if (!map) throw examError(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
      // A graded test shows keys only in the feedback report, after submission.
      if (bundle.task.testType !== 'practice') throw examError(EXAM_ERRORS.EXAM_REVEAL_NOT_ALLOWED);
      // Nor does practice show the key of a question that a graded test students can take holds.
      if ((await academy.questionsInOpenGradedTests([map.question.id])).size > 0) throw examError(EXAM_ERRORS.EXAM_REVEAL_NOT_ALLOWED);
      if (attempt.status === 'open') await repo.setRevealed(attempt.id, map.mapId, clock.now());
      const answers = await repo.listAnswers(attempt.id);
      return practiceAnswerOf(map, answers.find((a) => a.questionTaskMapId === map.mapId));
    },

    async reportQuestion(actor: Actor, body: z.output<typeof ReportQuestionBodySchema>) {
      const map = await academy.findQuestionMap(body.questionTaskMapID);
      if (!map) throw examError(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
      if (body.TestSessionID) {
        const attempt = await core.ownAttempt(actor, body.TestSessionID);
        if (attempt.taskId !== map.taskId) throw examError(EXAM_ERRORS.EXAM_QUESTION_NOT_IN_TEST);
      } else {
        await core.accessibleTest(actor, map.taskId);
      }
      const row = await repo.insertQuestionReport({
        userId: actor.userId,
        questionTaskMapId: map.id,
        attemptId: body.TestSessionID ?? null,
        message: body.message,
        createdAt: clock.now(),
      });
      return { reportId: row.id };
    },
  };
}
