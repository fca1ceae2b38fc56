import {
  NOTEBOOK_ERRORS,
  type CardReason,
  type ErrorType,
  type FeedbackReport,
  type NotebookCard,
  type NotebookPage,
  type NotebookQuestion,
  type NotebookListQuerySchema,
  type UpdateCardInput,
} from '@app/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { ExamContent } from '../academy/academy.exam-content.js';
import type { AttemptRow, ExamService } from '../exam/exam.service.js';
import { draftCards } from './notebook.cards.js';
import type { CardRow, NotebookRepository } from './notebook.repository.js';

export interface NotebookServiceDeps {
  repo: NotebookRepository;
  clock: Clock;
  exam: Pick<ExamService, 'listSubmittedAttempts' | 'listAnswers' | 'loadAttemptBundle' | 'classMedianTimes'>;
  academy: Pick<ExamContent, 'taskNames'>;
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

  /** Makes the cards of the student's submitted attempts that have none yet, oldest first. */
  async function ensureBuilt(userId: number): Promise<AttemptRow[]> {
    const [attempts, built] = await Promise.all([exam.listSubmittedAttempts(userId, {}), repo.builtAttemptIds(userId)]);
    for (const attempt of attempts.filter((a) => !built.has(a.id)).reverse()) await buildAttempt(attempt);
    return attempts;
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

    /** Keeps a question of one of the student's submitted attempts (a bookmark from the test); an existing card gains the reason. */
    async add(actor: Actor, input: { attemptId: string; questionTaskMapID: number }): Promise<NotebookCard> {
      const attempts = await ensureBuilt(actor.userId);
      const attempt = attempts.find((a) => a.id === input.attemptId);
      const questionNotFound = () => new AppError(NOTEBOOK_ERRORS.NOTEBOOK_QUESTION_NOT_FOUND);
      if (!attempt) throw questionNotFound();
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
        createdAt: now,
        updatedAt: now,
      });
      // A concurrent add of the same question: the card is there either way.
      const card = row ?? (await repo.findByQuestion(actor.userId, attempt.id, map.mapId));
      return (await present(actor, [card!]))[0]!;
    },
  };
}

export type NotebookService = ReturnType<typeof createNotebookService>;
