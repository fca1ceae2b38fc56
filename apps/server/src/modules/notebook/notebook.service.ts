import {
  NOTEBOOK_ERRORS,
  type CardReason,
  type ErrorType,
  type FeedbackReport,
  type KeptQuestions,
  type NotebookCard,
  type NotebookPage,
  type NotebookQuestion,
  type NotebookListQuerySchema,
  type RemoveCardResult,
  type UpdateCardInput,
} from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { ExamContent } from '../academy/student/academy.student.exam-content.js';
import type { AttemptRow, ExamService } from '../exam/exam.service.js';
import { draftCards } from './notebook.cards.js';
import { PENDING_DUE, type CardRow, type NotebookRepository } from './notebook.repository.js';
import type { RetestGrading } from './notebook.retest.js';

export interface NotebookServiceDeps {
  repo: NotebookRepository;
  clock: Clock;
  exam: Pick<ExamService, 'listSubmittedAttempts' | 'listSubmittedAttemptIdsOf' | 'listAnswers' | 'loadAttemptBundle' | 'classMedianTimes' | 'ownAttempt'>;
  academy: Pick<ExamContent, 'taskNames'>;
  /** The weekly re-tests: a re-test's attempt grades its cards instead of making new ones (decision 081). */
  retests: Pick<RetestGrading, 'byTask' | 'grade'>;
  /** The attempt's feedback report as the actor may read it: its release rule decides whether keys and explanations are in it. */
  feedbackReport: (
    actor: Actor,
    query: { courseId: number; taskId: number; attemptId: string },
  ) => Promise<FeedbackReport>;
}

interface Shown {
  question: NotebookQuestion;
  keyReleased: boolean;
}

const toCard = (row: CardRow, testName: string, shown: Shown | undefined): NotebookCard => ({
  id: row.id,
  attemptId: row.attemptId,
  courseId: row.courseId,
  taskId: row.taskId,
  testName,
  subject: row.subject,
  topics: row.topics,
  questionTaskMapID: row.questionTaskMapId,
  reasons: row.reasons as CardReason[],
  suggestedErrorType: row.suggestedErrorType as ErrorType,
  errorType: (row.errorType ?? row.suggestedErrorType) as ErrorType,
  note: row.note,
  timeSpent: row.timeSpentSeconds,
  classMedianTime: row.classMedianSeconds,
  answerChanges: row.answerChanges,
  question: shown?.question ?? null,
  keyReleased: shown?.keyReleased ?? false,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The mistake notebook (issue 35). A student's cards are made from their submitted attempts the
 * first time the notebook is read after each attempt closes, off the close's path (decision 056).
 * Every call is the caller's own: a card of someone else is not found.
 */
export function createNotebookService(deps: NotebookServiceDeps) {
  const { repo, clock, exam } = deps;
  const cardNotFound = () => new AppError(NOTEBOOK_ERRORS.NOTEBOOK_CARD_NOT_FOUND);

  async function buildAttempt(attempt: AttemptRow): Promise<void> {
    const [bundle, answers, medians] = await Promise.all([
      exam.loadAttemptBundle(attempt),
      exam.listAnswers(attempt.id),
      exam.classMedianTimes(attempt.taskId),
    ]);
    await repo.saveBuild(attempt, draftCards({ attempt, bundle, answers, medians }), clock.now());
  }

  /**
   * Makes the cards of the student's submitted attempts that have none yet, oldest first. The
   * check reads ids only (every notebook read and review queue makes it); whole attempts are read
   * only when one is missing.
   */
  async function ensureBuilt(userId: number): Promise<void> {
    const [ids, built] = await Promise.all([exam.listSubmittedAttemptIdsOf(userId), repo.builtAttemptIds(userId)]);
    if (ids.every((id) => built.has(id))) return;
    const [attempts, retests] = await Promise.all([exam.listSubmittedAttempts(userId, {}), deps.retests.byTask(userId)]);
    for (const attempt of attempts.filter((a) => !built.has(a.id)).reverse()) {
      const retest = retests.get(attempt.taskId);
      if (!retest) {
        await buildAttempt(attempt);
        continue;
      }
      await deps.retests.grade(retest, attempt);
      await repo.saveBuild(attempt, [], clock.now());
    }
  }

  /** The questions of the cards, from each attempt's feedback report (one report per attempt on the page). */
  async function questionsOf(actor: Actor, rows: CardRow[]): Promise<Map<number, Shown>> {
    const attempts = new Map(rows.map((r) => [r.attemptId, r]));
    const reports = await Promise.all(
      [...attempts.values()].map((r) =>
        deps
          .feedbackReport(actor, { courseId: r.courseId, taskId: r.taskId, attemptId: r.attemptId })
          .catch(() => null),
      ),
    );
    const byAttemptAndMap = new Map<string, Shown>();
    for (const report of reports) {
      if (!report) continue;
      for (const question of report.QuestionsWithAnswer) {
        // A withheld key comes as nulls: the test holds its answers back, or an open graded test holds this question.
        const keyReleased =
          !report.answersHidden && (question.correctAnswerID !== null || question.correctAnswerData !== null);
        byAttemptAndMap.set(`${report.attemptId}:${question.questionTaskMapID}`, { question, keyReleased });
      }
    }
    const shown = new Map<number, Shown>();
    for (const r of rows) {
      const found = byAttemptAndMap.get(`${r.attemptId}:${r.questionTaskMapId}`);
      if (found) shown.set(r.id, found);
    }
    return shown;
  }

  async function present(actor: Actor, rows: CardRow[]): Promise<NotebookCard[]> {
    const [names, questions] = await Promise.all([
      deps.academy.taskNames(rows.map((r) => r.taskId)),
      questionsOf(actor, rows),
    ]);
    return rows.map((r) => toCard(r, names.get(r.taskId)?.name ?? '', questions.get(r.id)));
  }

  const questionNotFound = () => new AppError(NOTEBOOK_ERRORS.NOTEBOOK_QUESTION_NOT_FOUND);

  /**
   * An attempt the student keeps questions of: one of their submitted attempts, or their open
   * practice (its feedback shows each question's answer as they go). Anyone else's, or an open
   * timed test, is not found.
   */
  async function keepable(actor: Actor, attemptId: string): Promise<{ attempt: AttemptRow; isOpenPractice: boolean }> {
    const submitted = (await exam.listSubmittedAttempts(actor.userId, {})).find((a) => a.id === attemptId);
    if (submitted) return { attempt: submitted, isOpenPractice: false };
    const open = await exam.ownAttempt(actor, attemptId).catch(() => null);
    if (!open || open.status !== 'open' || open.testType !== 'practice') throw questionNotFound();
    return { attempt: open, isOpenPractice: true };
  }

  return {
    /** Makes the student's missing cards and returns their submitted attempts (the review queue's start). */
    ensureBuilt,

    /** One of the student's cards as the notebook shows it (its question through the release rule). */
    async show(actor: Actor, row: CardRow): Promise<NotebookCard> {
      return (await present(actor, [row]))[0]!;
    },

    async list(actor: Actor, query: z.output<typeof NotebookListQuerySchema>): Promise<NotebookPage> {
      await ensureBuilt(actor.userId);
      const { page, pageSize, ...filter } = query;
      const [{ rows, total }, values] = await Promise.all([
        repo.list(actor.userId, filter, (page - 1) * pageSize, pageSize),
        repo.filterValues(actor.userId),
      ]);
      const names = await deps.academy.taskNames(values.taskIds);
      return {
        cards: await present(actor, rows),
        total,
        page,
        pageSize,
        filters: {
          subjects: values.subjects,
          topics: values.topics,
          tests: values.taskIds
            .map((taskId) => ({ taskId, name: names.get(taskId)?.name ?? '' }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        },
      };
    },

    async update(actor: Actor, input: UpdateCardInput): Promise<NotebookCard> {
      const patch: { errorType?: string; note?: string } = {};
      if (input.errorType !== undefined) patch.errorType = input.errorType;
      if (input.note !== undefined) patch.note = input.note;
      const row = await repo.update(actor.userId, input.id, patch, clock.now());
      if (!row) throw cardNotFound();
      return (await present(actor, [row]))[0]!;
    },

    /**
     * Keeps a question of one of the student's submitted attempts (a bookmark from the test), or of
     * their open practice once its answer was shown (revealed); an existing card gains the reason.
     */
    async add(actor: Actor, input: { attemptId: string; questionTaskMapID: number }): Promise<NotebookCard> {
      await ensureBuilt(actor.userId);
      const { attempt, isOpenPractice } = await keepable(actor, input.attemptId);
      const existing = await repo.findByQuestion(actor.userId, attempt.id, input.questionTaskMapID);
      const now = clock.now();
      if (existing) {
        const reasons = existing.reasons.includes('bookmarked')
          ? existing.reasons
          : [...existing.reasons, 'bookmarked'];
        return (
          await present(actor, [(await repo.update(actor.userId, existing.id, { reasons }, now)) ?? existing])
        )[0]!;
      }
      const [bundle, answers, medians] = await Promise.all([
        exam.loadAttemptBundle(attempt),
        exam.listAnswers(attempt.id),
        exam.classMedianTimes(attempt.taskId),
      ]);
      const map = bundle.maps.find((m) => m.mapId === input.questionTaskMapID);
      if (!map) throw questionNotFound();
      const answer = answers.find((a) => a.questionTaskMapId === map.mapId);
      // In an open practice the feedback, and the key with it, shows once the answer is revealed: the same moment the button shows.
      if (isOpenPractice && !answer?.isRevealed) throw new AppError(NOTEBOOK_ERRORS.NOTEBOOK_NOT_REVEALED);
      const row = await repo.insert({
        userId: actor.userId,
        attemptId: attempt.id,
        courseId: attempt.courseId,
        taskId: attempt.taskId,
        questionTaskMapId: map.mapId,
        subject: map.question.subject ?? bundle.sections.find((s) => s.id === map.sectionId)?.name ?? '',
        topics: map.question.topicTags,
        reasons: ['bookmarked'],
        suggestedErrorType: 'concept',
        timeSpentSeconds: answer?.timeSpentSeconds ?? 0,
        classMedianSeconds: medians.get(map.mapId) ?? null,
        answerChanges: answer?.changeCount ?? 0,
        due: isOpenPractice ? PENDING_DUE : now,
        createdAt: now,
        updatedAt: now,
      });
      // A concurrent add of the same question: the card is there either way.
      const card = row ?? (await repo.findByQuestion(actor.userId, attempt.id, map.mapId));
      return (await present(actor, [card!]))[0]!;
    },

    /** Takes back a question kept by hand; taking back one that is not kept changes nothing. */
    async remove(actor: Actor, input: { attemptId: string; questionTaskMapID: number }): Promise<RemoveCardResult> {
      const { attempt } = await keepable(actor, input.attemptId);
      const bundle = await exam.loadAttemptBundle(attempt);
      if (!bundle.maps.some((m) => m.mapId === input.questionTaskMapID)) throw questionNotFound();
      const inNotebook = await repo.removeKept(actor.userId, attempt.id, input.questionTaskMapID, clock.now());
      return { attemptId: attempt.id, questionTaskMapID: input.questionTaskMapID, inNotebook };
    },

    /** The questions of one of the student's submitted attempts, or of their open practice, they kept by hand. */
    async kept(actor: Actor, query: { attemptId: string }): Promise<KeptQuestions> {
      const { attempt } = await keepable(actor, query.attemptId);
      return { attemptId: attempt.id, questionTaskMapIDs: await repo.keptMapIds(actor.userId, attempt.id) };
    },
  };
}

export type NotebookService = ReturnType<typeof createNotebookService>;
