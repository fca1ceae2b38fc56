import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { examAnswers, examAttempts } from '../src/db/schema/index.js';
import { STATUS_LETTER, statusOfLetter, type QuestionScore } from '../src/question-kinds/index.js';

export interface HeldMark {
  attemptId: string;
  questionTaskMapId: number;
  marksAwarded: number;
  status: string;
  /** The answer saved for the question, if any. */
  answer: typeof examAnswers.$inferSelect | undefined;
}

/**
 * Every question's marks and status as the attempts hold them (decision 086: on the attempt, one
 * entry per question scored), with the answer saved for it; by attempt, then question.
 */
export async function marksOf(db: Db, attemptIds: string[]): Promise<HeldMark[]> {
  if (!attemptIds.length) return [];
  const attempts = await db
    .select({ id: examAttempts.id, mapIds: examAttempts.itemMapIds, marks: examAttempts.itemMarks, statuses: examAttempts.itemStatuses })
    .from(examAttempts)
    .where(inArray(examAttempts.id, attemptIds))
    .orderBy(asc(examAttempts.id));
  const answers = await db.select().from(examAnswers).where(inArray(examAnswers.attemptId, attemptIds));
  const answerOf = new Map(answers.map((a) => [`${a.attemptId}:${a.questionTaskMapId}`, a]));
  return attempts.flatMap((a) =>
    (a.mapIds ?? [])
      .map((mapId, i) => ({
        attemptId: a.id,
        questionTaskMapId: mapId,
        marksAwarded: a.marks![i]!,
        status: statusOfLetter(a.statuses![i]),
        answer: answerOf.get(`${a.id}:${mapId}`),
      }))
      .sort((p, q) => p.questionTaskMapId - q.questionTaskMapId),
  );
}

/** One attempt's marks by question. */
export async function marksByQuestion(db: Db, attemptId: string): Promise<Map<number, HeldMark>> {
  return new Map((await marksOf(db, [attemptId])).map((m) => [m.questionTaskMapId, m]));
}

/**
 * Writes an attempt's answers and its marks as a close leaves them (the answer rows, and every
 * question's marks and status on the attempt): for tests that build scored attempts directly.
 */
export async function writeScoredAnswers(
  db: Db,
  attemptId: string,
  rows: (Omit<typeof examAnswers.$inferInsert, 'attemptId'> & { status: QuestionScore['status']; marksAwarded: number })[],
): Promise<void> {
  if (rows.length) await db.insert(examAnswers).values(rows.map(({ status: _s, marksAwarded: _m, ...answer }) => ({ ...answer, attemptId })));
  await db
    .update(examAttempts)
    .set({ itemMapIds: rows.map((r) => r.questionTaskMapId), itemMarks: rows.map((r) => r.marksAwarded), itemStatuses: rows.map((r) => STATUS_LETTER[r.status]).join('') })
    .where(eq(examAttempts.id, attemptId));
}
