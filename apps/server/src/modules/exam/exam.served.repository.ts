import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attemptQuestionVersions, examAttempts, servedSets, servedSetVersions } from '../../db/schema/index.js';
import { rowsOf } from '../../db/raw-rows.js';
import { userIdInReach } from '../../db/student-reach.js';
import type { StudentReach } from '../../lib/policy.js';
import { inPieces } from './exam.shared.repository.js';

/*
 * Which version of each question an attempt was served: served sets (served_sets,
 * served_set_versions) and an attempt's own rows (attempt_question_versions: draws, regrades).
 */

/** The key of a served set: the task and its (questionTaskMapID, version) pairs, in any order. */
export function servedSetKey(taskId: number, pairs: ReadonlyArray<readonly [number, number]>): string {
  const sorted = pairs.map(([mapId, versionId]) => `${mapId}:${versionId}`).sort();
  return createHash('sha256').update(`${taskId}|${sorted.join(',')}`).digest('base64url');
}

/** A drawn question as recorded on its attempt: the version it was served. */
export interface ServedVersion {
  questionTaskMapId: number;
  questionId: number;
  questionVersionId: number;
}

/** What an attempt was served: its test, its served set, and the versions it holds rows of its own for. */
export interface ServedOf {
  taskId: number;
  setId: number | null;
  own: [number, number][];
}

export function createExamServedRepository(db: Db) {
  /**
   * Attempts' tests, served sets and the versions they hold rows of their own for (draws,
   * regrades), in one indexed read; an id with no such attempt is absent.
   */
  async function servedVersionsOfMany(attemptIds: string[]): Promise<Map<string, ServedOf>> {
    const served = new Map<string, ServedOf>();
    if (!attemptIds.length) return served;
    // The own versions as a lateral read by key for each attempt (OFFSET 0 keeps it lateral): a join
    // left to the planner read the whole table of own versions (every drawn attempt's 180 rows) for a
    // close group of 32 whenever its statistics were older than its rows.
    const rows = rowsOf<{ attempt_id: string; task_id: number; served_set_id: number | null; map_id: number | null; version_id: number | null }>(
      await db.execute(sql`SELECT a.id AS attempt_id, a.task_id, a.served_set_id, v.question_task_map_id AS map_id, v.question_version_id AS version_id
        FROM ${examAttempts} a
        LEFT JOIN LATERAL (SELECT question_task_map_id, question_version_id FROM ${attemptQuestionVersions} WHERE attempt_id = a.id OFFSET 0) v ON true
        WHERE ${attemptIds.length === 1 ? sql`a.id = ${attemptIds[0]!}` : sql`a.id IN (${sql.join(attemptIds.map((id) => sql`${id}`), sql`, `)})`}`),
    );
    for (const raw of rows) {
      const row = { attemptId: raw.attempt_id, taskId: raw.task_id, setId: raw.served_set_id, mapId: raw.map_id, versionId: raw.version_id };
      const of = served.get(row.attemptId) ?? { taskId: row.taskId, setId: row.setId, own: [] };
      if (row.mapId !== null && row.versionId !== null) of.own.push([row.mapId, row.versionId]);
      served.set(row.attemptId, of);
    }
    return served;
  }

  /** One attempt's served set and own versions (servedVersionsOfMany); undefined when there is no such attempt. */
  async function servedVersionsOf(attemptId: string): Promise<ServedOf | undefined> {
    return (await servedVersionsOfMany([attemptId])).get(attemptId);
  }

  /** The versions a served set holds, by questionTaskMapID (a set never changes once written). */
  async function listSetVersions(setId: number): Promise<[number, number][]> {
    const rows = await db
      .select({ mapId: servedSetVersions.questionTaskMapId, versionId: servedSetVersions.questionVersionId })
      .from(servedSetVersions)
      .where(eq(servedSetVersions.setId, setId));
    return rows.map((r) => [r.mapId, r.versionId]);
  }

  async function ensureServedSet(taskId: number, key: string, served: { questionTaskMapId: number; questionId: number; questionVersionId: number }[]): Promise<number> {
    const [existing] = await db.select({ id: servedSets.id }).from(servedSets).where(eq(servedSets.key, key)).limit(1);
    if (existing) return existing.id;
    return db.transaction(async (tx) => {
      const [created] = await tx.insert(servedSets).values({ taskId, key }).onConflictDoNothing({ target: servedSets.key }).returning({ id: servedSets.id });
      if (created) {
        if (served.length) await tx.insert(servedSetVersions).values(served.map((s) => ({ setId: created.id, ...s })));
        return created.id;
      }
      const [row] = await tx.select({ id: servedSets.id }).from(servedSets).where(eq(servedSets.key, key)).limit(1);
      return row!.id;
    });
  }
  return {
    servedVersionsOf,
    servedVersionsOfMany,
    listSetVersions,

    /**
     * The id of the served set of these (questionTaskMapID, version) pairs of a task, created with
     * its rows when it is new. `key` names the set (the caller hashes the task and the pairs).
     * Two processes creating the same set at once: the unique key lets one insert; the other
     * waits for its commit and reads the id.
     */
    ensureServedSet,

    /**
     * Submitted attempts served one of the given versions of a question (a regrade's work list), through their own rows or their served set,
     * each with whether its student is in the reach (lib/policy.ts `studentReachOf`; a regrade touches only those).
     */
    async listServedSubmitted(questionId: number, versionIds: number[], reach: StudentReach) {
      if (!versionIds.length) return [];
      const inReach = sql<boolean>`${userIdInReach(examAttempts.userId, reach)}`.mapWith(Boolean);
      const own = await db
        .select({
          attemptId: attemptQuestionVersions.attemptId,
          taskId: examAttempts.taskId,
          mapId: attemptQuestionVersions.questionTaskMapId,
          versionId: attemptQuestionVersions.questionVersionId,
          setId: sql<number | null>`NULL::int`,
          submittedAt: examAttempts.submittedAt,
          inReach,
        })
        .from(attemptQuestionVersions)
        .innerJoin(examAttempts, eq(examAttempts.id, attemptQuestionVersions.attemptId))
        .where(
          and(
            eq(attemptQuestionVersions.questionId, questionId),
            inArray(attemptQuestionVersions.questionVersionId, versionIds),
            eq(examAttempts.status, 'submitted'),
          ),
        );
      const fromSets = await db
        .select({
          attemptId: examAttempts.id,
          taskId: examAttempts.taskId,
          mapId: servedSetVersions.questionTaskMapId,
          versionId: servedSetVersions.questionVersionId,
          setId: sql<number | null>`${servedSetVersions.setId}`,
          submittedAt: examAttempts.submittedAt,
          inReach,
        })
        .from(servedSetVersions)
        .innerJoin(examAttempts, eq(examAttempts.servedSetId, servedSetVersions.setId))
        .where(
          and(
            eq(servedSetVersions.questionId, questionId),
            inArray(servedSetVersions.questionVersionId, versionIds),
            eq(examAttempts.status, 'submitted'),
            // A row of the attempt's own (a regrade moved it) takes the set's place.
            sql`NOT EXISTS (SELECT 1 FROM ${attemptQuestionVersions} o WHERE o.attempt_id = ${examAttempts.id} AND o.question_task_map_id = ${servedSetVersions.questionTaskMapId})`,
          ),
        );
      return [...own, ...fromSets]
        .sort((a, b) => (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0) || (a.attemptId < b.attemptId ? -1 : a.attemptId > b.attemptId ? 1 : 0))
        .map(({ submittedAt: _at, ...row }) => row);
    },

    /**
     * Moves one attempt's served version of a question on, only from the version it was read at,
     * so that two regrades at once cannot both re-score it. False when it had moved already.
     */
    async moveServedVersion(tx: Db, input: { attemptId: string; mapId: number; fromVersionId: number; toVersionId: number }): Promise<boolean> {
      // An attempt served through a set gets rows of its own first (the set is shared and never changes).
      await tx.execute(sql`
        INSERT INTO ${attemptQuestionVersions} (attempt_id, question_task_map_id, question_id, question_version_id)
        SELECT a.id, v.question_task_map_id, v.question_id, v.question_version_id
        FROM ${examAttempts} a JOIN ${servedSetVersions} v ON v.set_id = a.served_set_id
        WHERE a.id = ${input.attemptId}
        ON CONFLICT DO NOTHING`);
      await tx.update(examAttempts).set({ servedSetId: null }).where(and(eq(examAttempts.id, input.attemptId), isNotNull(examAttempts.servedSetId)));
      const rows = await tx
        .update(attemptQuestionVersions)
        .set({ questionVersionId: input.toVersionId })
        .where(
          and(
            eq(attemptQuestionVersions.attemptId, input.attemptId),
            eq(attemptQuestionVersions.questionTaskMapId, input.mapId),
            eq(attemptQuestionVersions.questionVersionId, input.fromVersionId),
            ne(attemptQuestionVersions.questionVersionId, input.toVersionId),
          ),
        )
        .returning({ attemptId: attemptQuestionVersions.attemptId });
      return rows.length > 0;
    },

    /**
     * The served set that holds what `setId` holds but `toVersionId` for one question, created when
     * new (a set never changes): what a regrade moves the set's attempts to, one update for them all.
     */
    async servedSetWith(setId: number, mapId: number, toVersionId: number): Promise<number> {
      const rows = await db
        .select({ taskId: servedSets.taskId, mapId: servedSetVersions.questionTaskMapId, questionId: servedSetVersions.questionId, versionId: servedSetVersions.questionVersionId })
        .from(servedSetVersions)
        .innerJoin(servedSets, eq(servedSets.id, servedSetVersions.setId))
        .where(eq(servedSetVersions.setId, setId));
      const served = rows.map((r) => ({ questionTaskMapId: r.mapId, questionId: r.questionId, questionVersionId: r.mapId === mapId ? toVersionId : r.versionId }));
      const taskId = rows[0]!.taskId;
      return ensureServedSet(taskId, servedSetKey(taskId, served.map((v) => [v.questionTaskMapId, v.questionVersionId] as const)), served);
    },

    /**
     * Moves attempts' served version of one question on, only from the version they were read at
     * (two regrades at once cannot both re-score one): the attempts' own rows in one update, and
     * the attempts of each served set onto the set that differs by this question in one update
     * each. Returns the attempts moved.
     */
    async moveServedVersions(
      tx: Db,
      input: { mapId: number; fromVersionId: number; toVersionId: number; own: string[]; sets: { fromSetId: number; toSetId: number; attemptIds: string[] }[] },
    ): Promise<Set<string>> {
      const moved = new Set<string>();
      if (input.fromVersionId !== input.toVersionId) {
        const rows = await inPieces(input.own, (piece) =>
          tx
            .update(attemptQuestionVersions)
            .set({ questionVersionId: input.toVersionId })
            .where(
              and(
                inArray(attemptQuestionVersions.attemptId, piece),
                eq(attemptQuestionVersions.questionTaskMapId, input.mapId),
                eq(attemptQuestionVersions.questionVersionId, input.fromVersionId),
              ),
            )
            .returning({ attemptId: attemptQuestionVersions.attemptId }),
        );
        for (const r of rows) moved.add(r.attemptId);
      }
      for (const set of input.sets) {
        if (set.fromSetId === set.toSetId) continue;
        const rows = await inPieces(set.attemptIds, (piece) =>
          tx
            .update(examAttempts)
            .set({ servedSetId: set.toSetId })
            .where(
              and(
                inArray(examAttempts.id, piece),
                eq(examAttempts.servedSetId, set.fromSetId),
                // A row of the attempt's own for the question takes the set's place.
                sql`NOT EXISTS (SELECT 1 FROM ${attemptQuestionVersions} o WHERE o.attempt_id = ${examAttempts.id} AND o.question_task_map_id = ${input.mapId})`,
              ),
            )
            .returning({ attemptId: examAttempts.id }),
        );
        for (const r of rows) moved.add(r.attemptId);
      }
      return moved;
    },
  };
}
