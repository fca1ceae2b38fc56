import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { keyChallenges, keyDecisions, languageDirectory, questionPosts, userDirectory } from '../../db/schema/index.js';

export type PostRow = typeof questionPosts.$inferSelect;
export type ChallengeRow = typeof keyChallenges.$inferSelect;
export type DecisionRow = typeof keyDecisions.$inferSelect;

/** A thread: one institute's posts about one question of one test. */
export interface ThreadRef {
  clientId: string;
  instituteId: number | null;
  taskId: number;
  questionTaskMapId: number;
}

/** Where staff look: their client, and their institute when they have one. */
export interface StaffPlace {
  clientId: string;
  instituteId: number | null;
}

const inPlace = (table: typeof keyChallenges | typeof keyDecisions | typeof questionPosts, place: StaffPlace): SQL | undefined =>
  and(eq(table.clientId, place.clientId), place.instituteId === null ? undefined : eq(table.instituteId, place.instituteId));

export function createChallengesRepository(db: Db) {
  const threadWhere = (ref: ThreadRef) =>
    and(
      eq(questionPosts.clientId, ref.clientId),
      ref.instituteId === null ? isNull(questionPosts.instituteId) : eq(questionPosts.instituteId, ref.instituteId),
      eq(questionPosts.taskId, ref.taskId),
      eq(questionPosts.questionTaskMapId, ref.questionTaskMapId),
    );

  return {
    /** The thread's posts, pinned first then oldest first; taken-down posts only when asked for (staff). */
    async listPosts(ref: ThreadRef, withHidden: boolean): Promise<PostRow[]> {
      return db
        .select()
        .from(questionPosts)
        .where(and(threadWhere(ref), withHidden ? undefined : isNull(questionPosts.hiddenAt)))
        .orderBy(sql`${questionPosts.pinnedAt} is null`, asc(questionPosts.createdAt), asc(questionPosts.id))
        .limit(500);
    },

    async insertPost(row: typeof questionPosts.$inferInsert): Promise<PostRow> {
      const [saved] = await db.insert(questionPosts).values(row).returning();
      return saved!;
    },

    async getPost(id: number): Promise<PostRow | undefined> {
      const [row] = await db.select().from(questionPosts).where(eq(questionPosts.id, id)).limit(1);
      return row;
    },

    /** Takes a post down, with the audit entry written in the same transaction. */
    async hidePost(id: number, change: { by: number; reason: string; at: Date }, audit: (tx: Db) => Promise<void>): Promise<PostRow | undefined> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const [row] = await tx
          .update(questionPosts)
          .set({ hiddenAt: change.at, hiddenBy: change.by, hiddenReason: change.reason, pinnedAt: null })
          .where(eq(questionPosts.id, id))
          .returning();
        if (row) await audit(tx);
        return row;
      });
    },

    /** One pinned post per thread: pinning one unpins the others. */
    async pinPost(post: PostRow, pinned: boolean, at: Date): Promise<PostRow> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        if (pinned) {
          await tx
            .update(questionPosts)
            .set({ pinnedAt: null })
            .where(and(threadWhere(post), sql`${questionPosts.pinnedAt} is not null`));
        }
        const [row] = await tx
          .update(questionPosts)
          .set({ pinnedAt: pinned ? at : null })
          .where(eq(questionPosts.id, post.id))
          .returning();
        return row!;
      });
    },

    /** Inserts a challenge; null when the student already has one open on the question (the partial unique index). */
    async insertChallenge(row: typeof keyChallenges.$inferInsert): Promise<ChallengeRow | null> {
      const [saved] = await db.insert(keyChallenges).values(row).onConflictDoNothing().returning();
      return saved ?? null;
    },

    async getChallenge(id: number): Promise<ChallengeRow | undefined> {
      const [row] = await db.select().from(keyChallenges).where(eq(keyChallenges.id, id)).limit(1);
      return row;
    },

    /** Sets the picture of a challenge still open; undefined when it was decided meanwhile. */
    async setChallengeImage(id: number, image: { key: string; type: string }): Promise<ChallengeRow | undefined> {
      const [row] = await db
        .update(keyChallenges)
        .set({ imageKey: image.key, imageType: image.type })
        .where(and(eq(keyChallenges.id, id), eq(keyChallenges.status, 'open')))
        .returning();
      return row;
    },

    async challengesOf(userId: number, taskId: number): Promise<(ChallengeRow & { decisionNote: string | null })[]> {
      const rows = await db
        .select({ challenge: keyChallenges, decisionNote: keyDecisions.note })
        .from(keyChallenges)
        .leftJoin(keyDecisions, eq(keyDecisions.id, keyChallenges.decisionId))
        .where(and(eq(keyChallenges.userId, userId), eq(keyChallenges.taskId, taskId)))
        .orderBy(desc(keyChallenges.createdAt), desc(keyChallenges.id));
      return rows.map((r) => ({ ...r.challenge, decisionNote: r.decisionNote }));
    },

    /** The challenges of a test in the staff member's place, with the note of the decision that closed each. */
    async challengesOfTest(place: StaffPlace, taskId: number): Promise<(ChallengeRow & { decisionNote: string | null })[]> {
      const rows = await db
        .select({ challenge: keyChallenges, decisionNote: keyDecisions.note })
        .from(keyChallenges)
        .leftJoin(keyDecisions, eq(keyDecisions.id, keyChallenges.decisionId))
        .where(and(inPlace(keyChallenges, place), eq(keyChallenges.taskId, taskId)))
        .orderBy(asc(keyChallenges.createdAt), asc(keyChallenges.id))
        .limit(5000);
      return rows.map((r) => ({ ...r.challenge, decisionNote: r.decisionNote }));
    },

    async decisionsOfTest(place: StaffPlace, taskId: number): Promise<DecisionRow[]> {
      return db
        .select()
        .from(keyDecisions)
        .where(and(inPlace(keyDecisions, place), eq(keyDecisions.taskId, taskId)))
        .orderBy(desc(keyDecisions.createdAt), desc(keyDecisions.id));
    },

    /**
     * Records a decision and closes the open challenges of the question in the place, with the
     * audit entry, in one transaction. Returns the decision and the challengers told of it.
     */
    async recordDecision(
      row: typeof keyDecisions.$inferInsert,
      place: StaffPlace,
      audit: (tx: Db, decision: DecisionRow, closed: ChallengeRow[]) => Promise<void>,
    ): Promise<{ decision: DecisionRow; closed: ChallengeRow[] }> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const [decision] = await tx.insert(keyDecisions).values(row).returning();
        const closed = await tx
          .update(keyChallenges)
          .set({ status: row.decision, decisionId: decision!.id, decidedAt: row.createdAt })
          .where(
            and(
              inPlace(keyChallenges, place),
              eq(keyChallenges.taskId, row.taskId),
              eq(keyChallenges.questionTaskMapId, row.questionTaskMapId),
              eq(keyChallenges.status, 'open'),
            ),
          )
          .returning();
        await audit(tx, decision!, closed);
        return { decision: decision!, closed };
      });
    },

    /** E-mail address and language of users (who to tell of a decision). */
    async contactsOf(userIds: number[]): Promise<{ id: number; email: string | null; language: string | null }[]> {
      if (!userIds.length) return [];
      return db
        .select({ id: userDirectory.id, email: userDirectory.email, language: languageDirectory.code })
        .from(userDirectory)
        .leftJoin(languageDirectory, eq(languageDirectory.id, userDirectory.languageId))
        .where(inArray(userDirectory.id, userIds));
    },
  };
}

export type ChallengesRepository = ReturnType<typeof createChallengesRepository>;
