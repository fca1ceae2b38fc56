import { inArray, sql } from 'drizzle-orm';
import { insertCopiedRows, updateCopiedRow } from '../../db/copied-rows.js';
import type { Db } from '../../db/client.js';
import { questionVersionTexts, questionVersions, questions } from '../../db/schema/index.js';

/** The bank's tables an exam centre copies, by the name the centre gives each kind of row. */
const COPIED = { question: questions, questionVersion: questionVersions } as const;
export type BankCopiedKind = keyof typeof COPIED;

/**
 * What an exam centre copies of the bank (decision 099): a paper's questions at their current
 * versions with their texts, as the tables hold them, and the same rows written on the centre.
 * Each call runs on the `db` given, the centre's transaction.
 */
export function createBankCopies(db: Db) {
  return {
    /** The questions, their current versions and those versions' texts. */
    async questionRows(questionIds: number[]) {
      const questionRows = questionIds.length ? await db.select().from(questions).where(inArray(questions.id, questionIds)) : [];
      const versionIds = questionRows.map((row) => row.currentVersionId).filter((id): id is number => id !== null);
      const versions = versionIds.length ? await db.select().from(questionVersions).where(inArray(questionVersions.id, versionIds)) : [];
      const texts = versionIds.length ? await db.select().from(questionVersionTexts).where(inArray(questionVersionTexts.versionId, versionIds)) : [];
      return { questions: questionRows, questionVersions: versions, questionVersionTexts: texts };
    },

    /** Updates a copied row; false when it is gone. */
    updateCopy: (kind: BankCopiedKind, id: number, values: Record<string, unknown>): Promise<boolean> => updateCopiedRow(db, COPIED[kind], id, values),

    /** Inserts copied rows in one statement; their ids, in the order given. */
    insertCopies: (kind: BankCopiedKind, rows: Array<Record<string, unknown>>): Promise<number[]> => insertCopiedRows(db, COPIED[kind], rows),

    /** Each of the questions is current at its (one) copied version. */
    async setCurrentVersions(questionIds: number[]) {
      if (!questionIds.length) return;
      await db
        .update(questions)
        .set({ currentVersionId: sql`(select max(v.id) from ${questionVersions} v where v.question_id = ${questions.id})` })
        .where(inArray(questions.id, questionIds));
    },

    async insertVersionTexts(rows: Array<typeof questionVersionTexts.$inferInsert>) {
      if (rows.length) await db.insert(questionVersionTexts).values(rows).onConflictDoNothing();
    },
  };
}

export type BankCopies = ReturnType<typeof createBankCopies>;
