import { and, asc, desc, eq, exists, ilike, inArray, isNull, not, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Language } from '@app/contracts';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw-rows.js';
import type { TopicNode } from './question-bank.topic-paths.js';
import {
  courseDirectory,
  courseTopics,
  placedQuestions,
  questionTagLinks,
  questionTags,
  questionTopics,
  questionVersionTexts,
  questionVersions,
  questions,
  taskHeads,
  userDirectory,
} from '../../db/schema/index.js';
import type { VersionRow, VersionValues } from './question-bank.rows.js';
import { versionColumns, withKindSettings } from './question-bank.settings.js';

export type QuestionHeadRow = typeof questions.$inferSelect;
export type { KindSettingFields, QuestionTextValues, StoredVersionRow, VersionRow, VersionValues } from './question-bank.rows.js';
export type VersionTextRow = typeof questionVersionTexts.$inferSelect;


export interface NewQuestionValues {
  questionType: string;
  difficulty: string;
  ownerInstituteId: number | null;
  ownerClientId: string;
  createdBy: number | null;
  topicIds: number[];
  tags: string[];
}

export interface QuestionScope {
  clientId: string;
  instituteId: number | null;
}

export interface ListFilter {
  questionIds?: number[];
  topicId?: number;
  tag?: string;
  questionType?: string;
  difficulty?: string;
  language?: Language;
  owner?: 'institute' | 'client';
  search?: string;
  usedIn?: 'used' | 'unused';
}

/** A version with its texts and the name of who made it. */
export interface LoadedVersion {
  row: VersionRow;
  texts: VersionTextRow[];
  createdByName: string | null;
}

const fullName = (u: { firstName: string | null; lastName: string | null; username: string | null } | null) =>
  u && u.username !== null ? `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.username : null;

/** Questions per multi-row insert of an import (a version row has ~20 parameters; PostgreSQL allows 65,535). */
const IMPORT_CHUNK = 500;

const toNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));

/** What the caller may see: the client's shared questions and the caller's institute's. */
function scopeCondition(scope: QuestionScope): SQL {
  return and(
    eq(questions.ownerClientId, scope.clientId),
    scope.instituteId === null ? isNull(questions.ownerInstituteId) : or(isNull(questions.ownerInstituteId), eq(questions.ownerInstituteId, scope.instituteId)),
  )!;
}

export function createQuestionBankRepository(db: Db) {
  async function writeTexts(tx: Db, versionId: number, texts: VersionValues['texts']): Promise<void> {
    const rows = Object.entries(texts)
      .filter(([, text]) => !!text)
      .map(([language, text]) => ({ versionId, language, ...text! }));
    if (rows.length) await tx.insert(questionVersionTexts).values(rows);
  }

  async function insertVersion(
    tx: Db,
    questionType: string,
    questionId: number,
    version: number,
    values: VersionValues,
    meta: { createdBy: number | null; changeNote: string | null; at: Date },
  ) {
    const { texts, ...content } = values;
    const [row] = await tx
      .insert(questionVersions)
      .values({ questionId, version, ...versionColumns(questionType, content), changeNote: meta.changeNote, createdBy: meta.createdBy, createdAt: meta.at })
      .returning({ id: questionVersions.id });
    await writeTexts(tx, row!.id, texts);
    return row!.id;
  }

  async function setTopics(tx: Db, questionId: number, topicIds: number[]): Promise<void> {
    await tx.delete(questionTopics).where(eq(questionTopics.questionId, questionId));
    const unique = [...new Set(topicIds)];
    if (unique.length) await tx.insert(questionTopics).values(unique.map((topicId) => ({ questionId, topicId })));
  }

  /** Links new questions to their tags (created where missing), in three statements for all of them. */
  async function linkTags(tx: Db, links: { questionId: number; names: string[] }[]): Promise<void> {
    const firstSpelling = new Map<string, string>();
    const perQuestion = links.map(({ questionId, names }) => {
      const lower = new Set<string>();
      for (const name of names) {
        const key = name.trim().toLowerCase();
        if (!key) continue;
        lower.add(key);
        if (!firstSpelling.has(key)) firstSpelling.set(key, name.trim());
      }
      return { questionId, lower };
    });
    if (!firstSpelling.size) return;
    await tx
      .insert(questionTags)
      .values([...firstSpelling.values()].map((name) => ({ name })))
      .onConflictDoNothing();
    const rows = await tx
      .select({ id: questionTags.id, lower: sql<string>`lower(${questionTags.name})` })
      .from(questionTags)
      .where(inArray(sql`lower(${questionTags.name})`, [...firstSpelling.keys()]));
    const idOf = new Map(rows.map((r) => [r.lower, r.id]));
    const linkRows = perQuestion.flatMap(({ questionId, lower }) => [...lower].map((key) => ({ questionId, tagId: idOf.get(key)! })));
    if (linkRows.length) await tx.insert(questionTagLinks).values(linkRows);
  }

  async function setTags(tx: Db, questionId: number, names: string[]): Promise<void> {
    await tx.delete(questionTagLinks).where(eq(questionTagLinks.questionId, questionId));
    const byLower = new Map<string, string>();
    for (const name of names) if (!byLower.has(name.trim().toLowerCase())) byLower.set(name.trim().toLowerCase(), name.trim());
    if (!byLower.size) return;
    // The first spelling of a tag is kept; later ones reuse it whatever their case.
    await tx
      .insert(questionTags)
      .values([...byLower.values()].map((name) => ({ name })))
      .onConflictDoNothing();
    const rows = await tx
      .select({ id: questionTags.id })
      .from(questionTags)
      .where(inArray(sql`lower(${questionTags.name})`, [...byLower.keys()]));
    await tx.insert(questionTagLinks).values(rows.map((r) => ({ questionId, tagId: r.id })));
  }

  async function insertOne(tx: Db, values: NewQuestionValues, version: (questionId: number) => VersionValues, meta: { changeNote: string | null; at: Date }) {
    const [head] = await tx
      .insert(questions)
      .values({
        questionType: values.questionType,
        difficulty: values.difficulty,
        ownerInstituteId: values.ownerInstituteId,
        ownerClientId: values.ownerClientId,
        createdBy: values.createdBy,
        createdAt: meta.at,
        updatedAt: meta.at,
      })
      .returning({ id: questions.id });
    const questionId = head!.id;
    const versionId = await insertVersion(tx, values.questionType, questionId, 1, version(questionId), { createdBy: values.createdBy, changeNote: meta.changeNote, at: meta.at });
    await tx.update(questions).set({ currentVersionId: versionId }).where(eq(questions.id, questionId));
    await setTopics(tx, questionId, values.topicIds);
    await setTags(tx, questionId, values.tags);
    return questionId;
  }

  return {
    /**
     * Other questions whose current version states the same thing as one of these questions'
     * current version, in any language (the statement compared without case and with spacing
     * collapsed; an empty statement matches nothing): copies of a question under another id.
     * Pairs of (question, copy).
     */
    async sameStatement(questionIds: number[]): Promise<{ questionId: number; copyId: number }[]> {
      if (!questionIds.length) return [];
      const copies = alias(questions, 'copies');
      const copyTexts = alias(questionVersionTexts, 'copy_texts');
      const stem = (data: AnyColumn) => sql<string>`lower(regexp_replace(btrim(${data}), '[[:space:]]+', ' ', 'g'))`;
      return db
        .selectDistinct({ questionId: questions.id, copyId: copies.id })
        .from(questions)
        .innerJoin(questionVersionTexts, eq(questionVersionTexts.versionId, questions.currentVersionId))
        .innerJoin(copyTexts, eq(stem(copyTexts.data), stem(questionVersionTexts.data)))
        .innerJoin(copies, eq(copies.currentVersionId, copyTexts.versionId))
        .where(and(inArray(questions.id, [...new Set(questionIds)]), sql`${stem(questionVersionTexts.data)} <> ''`, sql`${copies.id} <> ${questions.id}`));
    },

    /** The caller's client and institute, as stored on the account. */
    async findUserScope(userId: number): Promise<QuestionScope | undefined> {
      const [row] = await db.select({ clientId: userDirectory.clientId, instituteId: userDirectory.instituteId }).from(userDirectory).where(eq(userDirectory.id, userId)).limit(1);
      return row;
    },

    async existingTopicIds(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db.select({ id: courseTopics.id }).from(courseTopics).where(inArray(courseTopics.id, ids));
      return rows.map((r) => r.id);
    },

    /**
     * Creates the question and its version 1 in one transaction. The version's values are made
     * from the new id (blank ids are `${questionId}-${index}`).
     */
    async insertQuestion(values: NewQuestionValues, version: (questionId: number) => VersionValues, meta: { changeNote: string | null; at: Date }): Promise<number> {
      return db.transaction((transaction) => insertOne(transaction as unknown as Db, values, version, meta));
    },

    /**
     * Creates many questions, each with its version 1, in one transaction: all or none. Rows go
     * in as multi-row inserts of up to IMPORT_CHUNK questions (an import of a thousand questions is
     * a few dozen statements, not ten thousand); RETURNING gives the rows in the order inserted.
     */
    async insertQuestions(
      items: { values: NewQuestionValues; version: (questionId: number) => VersionValues }[],
      meta: { changeNote: string | null; at: Date },
      onProgress?: (done: number) => void,
      /** A caller's open transaction to write in (as a savepoint), so its own writes and these stand or fall together. */
      outer?: Db,
      /** Runs last inside the transaction, with the new ids (an import job writes its outcome there). */
      finish?: (tx: Db, ids: number[]) => Promise<void>,
    ): Promise<number[]> {
      return (outer ?? db).transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const ids: number[] = [];
        for (let start = 0; start < items.length; start += IMPORT_CHUNK) {
          const chunk = items.slice(start, start + IMPORT_CHUNK);
          const heads = await tx
            .insert(questions)
            .values(
              chunk.map(({ values }) => ({
                questionType: values.questionType,
                difficulty: values.difficulty,
                ownerInstituteId: values.ownerInstituteId,
                ownerClientId: values.ownerClientId,
                createdBy: values.createdBy,
                createdAt: meta.at,
                updatedAt: meta.at,
              })),
            )
            .returning({ id: questions.id });
          const chunkIds = heads.map((h) => h.id);
          const versions = chunk.map((item, i) => item.version(chunkIds[i]!));
          const versionRows = await tx
            .insert(questionVersions)
            .values(
              versions.map(({ texts: _texts, ...content }, i) => ({
                questionId: chunkIds[i]!,
                version: 1,
                ...versionColumns(chunk[i]!.values.questionType, content),
                changeNote: meta.changeNote,
                createdBy: chunk[i]!.values.createdBy,
                createdAt: meta.at,
              })),
            )
            .returning({ id: questionVersions.id, questionId: questionVersions.questionId });
          const textRows = versionRows.flatMap((row, i) =>
            Object.entries(versions[i]!.texts)
              .filter(([, text]) => !!text)
              .map(([language, text]) => ({ versionId: row.id, language, ...text! })),
          );
          if (textRows.length) await tx.insert(questionVersionTexts).values(textRows);
          await tx
            .update(questions)
            .set({ currentVersionId: sql`(SELECT ${questionVersions.id} FROM ${questionVersions} WHERE ${questionVersions.questionId} = ${questions.id} AND ${questionVersions.version} = 1)` })
            .where(inArray(questions.id, chunkIds));
          const topicRows = chunk.flatMap(({ values }, i) => [...new Set(values.topicIds)].map((topicId) => ({ questionId: chunkIds[i]!, topicId })));
          if (topicRows.length) await tx.insert(questionTopics).values(topicRows);
          await linkTags(
            tx,
            chunk.map(({ values }, i) => ({ questionId: chunkIds[i]!, names: values.tags })),
          );
          ids.push(...chunkIds);
          onProgress?.(ids.length);
        }
        if (finish) await finish(tx, ids);
        return ids;
      });
    },

    /** Who owns a course (for who may file topics in it), or null when there is none. */
    async courseOwner(courseId: number): Promise<{ clientId: string; instituteId: number | null } | null> {
      const [row] = await db.select({ clientId: courseDirectory.clientId, instituteId: courseDirectory.instituteId }).from(courseDirectory).where(eq(courseDirectory.id, courseId)).limit(1);
      return row ?? null;
    },

    /** The topics of a course with the topic each sits under. */
    async courseTopics(courseId: number, tx: Db = db): Promise<TopicNode[]> {
      return tx.select({ id: courseTopics.id, name: courseTopics.name, parentId: courseTopics.parentId }).from(courseTopics).where(eq(courseTopics.courseId, courseId)).orderBy(asc(courseTopics.id));
    },

    /** Runs work in one transaction: all of it is written, or none. */
    async inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(tx as unknown as Db));
    },

    /** Topics by name (case-insensitive), the lowest id of each name first. */
    async topicsByName(names: string[]): Promise<{ id: number; name: string }[]> {
      const lower = [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))];
      if (!lower.length) return [];
      return db
        .select({ id: courseTopics.id, name: courseTopics.name })
        .from(courseTopics)
        .where(inArray(sql`lower(${courseTopics.name})`, lower))
        .orderBy(asc(courseTopics.id));
    },

    /**
     * Applies an edit in one transaction holding the question row: a new version when `version`
     * is given (only if the current one is still `expectedVersion`), and the classification.
     * Returns false when someone else saved a newer version first.
     */
    async updateQuestion(
      questionId: number,
      change: {
        expectedVersion: number;
        version?: VersionValues;
        difficulty?: string;
        topicIds?: number[];
        tags?: string[];
        createdBy: number;
        changeNote: string | null;
        at: Date;
      },
    ): Promise<boolean> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const [locked] = await tx
          .select({ id: questions.id, questionType: questions.questionType, currentVersion: questionVersions.version })
          .from(questions)
          .innerJoin(questionVersions, eq(questionVersions.id, questions.currentVersionId))
          .where(eq(questions.id, questionId))
          .for('update', { of: questions });
        if (!locked || locked.currentVersion !== change.expectedVersion) return false;
        const set: Partial<typeof questions.$inferInsert> = { updatedAt: change.at };
        if (change.version) {
          set.currentVersionId = await insertVersion(tx, locked.questionType, questionId, locked.currentVersion + 1, change.version, {
            createdBy: change.createdBy,
            changeNote: change.changeNote,
            at: change.at,
          });
        }
        if (change.difficulty) set.difficulty = change.difficulty;
        await tx.update(questions).set(set).where(eq(questions.id, questionId));
        if (change.topicIds) await setTopics(tx, questionId, change.topicIds);
        if (change.tags) await setTags(tx, questionId, change.tags);
        return true;
      });
    },

    async getHead(questionId: number): Promise<(QuestionHeadRow & { currentVersion: number }) | undefined> {
      const [row] = await db
        .select({ head: questions, currentVersion: questionVersions.version })
        .from(questions)
        .innerJoin(questionVersions, eq(questionVersions.id, questions.currentVersionId))
        .where(eq(questions.id, questionId))
        .limit(1);
      return row ? { ...row.head, currentVersion: row.currentVersion } : undefined;
    },

    async getVersion(questionId: number, version: number): Promise<LoadedVersion | undefined> {
      const [row] = await db
        .select({ version: questionVersions, questionType: questions.questionType, firstName: userDirectory.firstName, lastName: userDirectory.lastName, username: userDirectory.username })
        .from(questionVersions)
        .innerJoin(questions, eq(questions.id, questionVersions.questionId))
        .leftJoin(userDirectory, eq(userDirectory.id, questionVersions.createdBy))
        .where(and(eq(questionVersions.questionId, questionId), eq(questionVersions.version, version)))
        .limit(1);
      if (!row) return undefined;
      const texts = await db.select().from(questionVersionTexts).where(eq(questionVersionTexts.versionId, row.version.id));
      return { row: withKindSettings(row.questionType, row.version), texts, createdByName: fullName(row) };
    },

    async listVersions(questionId: number) {
      const rows = await db
        .select({
          id: questionVersions.id,
          version: questionVersions.version,
          createdAt: questionVersions.createdAt,
          changeNote: questionVersions.changeNote,
          firstName: userDirectory.firstName,
          lastName: userDirectory.lastName,
          username: userDirectory.username,
        })
        .from(questionVersions)
        .leftJoin(userDirectory, eq(userDirectory.id, questionVersions.createdBy))
        .where(eq(questionVersions.questionId, questionId))
        .orderBy(desc(questionVersions.version));
      return rows.map((r) => ({ id: r.id, version: r.version, createdAt: r.createdAt, changeNote: r.changeNote, createdByName: fullName(r) }));
    },

    async topicsOf(questionIds: number[]): Promise<Map<number, { topicId: number; courseId: number; name: string }[]>> {
      const out = new Map<number, { topicId: number; courseId: number; name: string }[]>();
      if (!questionIds.length) return out;
      const rows = await db
        .select({ questionId: questionTopics.questionId, topicId: courseTopics.id, courseId: courseTopics.courseId, name: courseTopics.name })
        .from(questionTopics)
        .innerJoin(courseTopics, eq(courseTopics.id, questionTopics.topicId))
        .where(inArray(questionTopics.questionId, questionIds))
        .orderBy(asc(courseTopics.courseId), asc(courseTopics.sortOrder), asc(courseTopics.id));
      for (const { questionId, ...topic } of rows) out.set(questionId, [...(out.get(questionId) ?? []), topic]);
      return out;
    },

    /** The tests each question is placed in, by question id. */
    async testsOf(questionIds: number[]): Promise<Map<number, { taskId: number; courseId: number; name: string }[]>> {
      const out = new Map<number, { taskId: number; courseId: number; name: string }[]>();
      if (!questionIds.length) return out;
      const rows = await db
        .select({ questionId: placedQuestions.questionId, taskId: taskHeads.id, courseId: taskHeads.courseId, name: taskHeads.name })
        .from(placedQuestions)
        .innerJoin(taskHeads, eq(taskHeads.id, placedQuestions.taskId))
        // A test made for one student (decision 081) is not one of the bank's tests.
        .where(and(inArray(placedQuestions.questionId, questionIds), isNull(taskHeads.ownerUserId)))
        .orderBy(asc(taskHeads.courseId), asc(taskHeads.id));
      for (const { questionId, ...test } of rows) out.set(questionId, [...(out.get(questionId) ?? []), test]);
      return out;
    },

    /**
     * Each question's subject: the top of the topic tree its first filed topic sits in (the
     * topic with no parent above it), for questions filed under a topic that has a parent.
     */
    async subjectsOf(questionIds: number[]): Promise<Map<number, string>> {
      const out = new Map<number, string>();
      if (!questionIds.length) return out;
      const result = await db.execute(sql`
        WITH RECURSIVE up AS (
          SELECT qt.question_id, t.id AS start_id, t.name, t.parent_id, 0 AS depth
          FROM ${questionTopics} qt JOIN ${courseTopics} t ON t.id = qt.topic_id
          WHERE qt.question_id IN ${questionIds}
          UNION ALL
          SELECT up.question_id, up.start_id, p.name, p.parent_id, up.depth + 1
          FROM up JOIN ${courseTopics} p ON p.id = up.parent_id
          WHERE up.depth < 16
        )
        SELECT DISTINCT ON (question_id) question_id, name FROM up
        WHERE parent_id IS NULL AND depth > 0
        ORDER BY question_id, start_id`);
      for (const row of rowsOf<{ question_id: number; name: string }>(result)) out.set(Number(row.question_id), row.name);
      return out;
    },

    async tagsOf(questionIds: number[]): Promise<Map<number, string[]>> {
      const out = new Map<number, string[]>();
      if (!questionIds.length) return out;
      const rows = await db
        .select({ questionId: questionTagLinks.questionId, name: questionTags.name })
        .from(questionTagLinks)
        .innerJoin(questionTags, eq(questionTags.id, questionTagLinks.tagId))
        .where(inArray(questionTagLinks.questionId, questionIds))
        .orderBy(asc(questionTags.name));
      for (const { questionId, name } of rows) out.set(questionId, [...(out.get(questionId) ?? []), name]);
      return out;
    },

    /** One page of the questions in scope that match the filter, newest change first. */
    async list(scope: QuestionScope, filter: ListFilter, page: { offset: number; limit: number }) {
      const conditions: (SQL | undefined)[] = [scopeCondition(scope)];
      if (filter.questionIds) conditions.push(inArray(questions.id, filter.questionIds));
      if (filter.questionType) conditions.push(eq(questions.questionType, filter.questionType));
      if (filter.difficulty) conditions.push(eq(questions.difficulty, filter.difficulty));
      if (filter.owner === 'institute') conditions.push(sql`${questions.ownerInstituteId} IS NOT NULL`);
      if (filter.owner === 'client') conditions.push(isNull(questions.ownerInstituteId));
      if (filter.topicId) {
        conditions.push(
          exists(db.select({ one: sql`1` }).from(questionTopics).where(and(eq(questionTopics.questionId, questions.id), eq(questionTopics.topicId, filter.topicId)))),
        );
      }
      if (filter.tag) {
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(questionTagLinks)
              .innerJoin(questionTags, eq(questionTags.id, questionTagLinks.tagId))
              .where(and(eq(questionTagLinks.questionId, questions.id), eq(sql`lower(${questionTags.name})`, filter.tag.toLowerCase()))),
          ),
        );
      }
      if (filter.usedIn) {
        const placed = exists(db.select({ one: sql`1` }).from(placedQuestions).where(eq(placedQuestions.questionId, questions.id)));
        conditions.push(filter.usedIn === 'used' ? placed : not(placed));
      }
      if (filter.language || filter.search) {
        const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(questionVersionTexts)
              .where(
                and(
                  eq(questionVersionTexts.versionId, questions.currentVersionId),
                  filter.language ? eq(questionVersionTexts.language, filter.language) : undefined,
                  pattern ? or(ilike(questionVersionTexts.data, pattern), ilike(questionVersionTexts.title, pattern)) : undefined,
                ),
              ),
          ),
        );
      }
      const where = and(...conditions);
      const [count] = await db.select({ n: sql<number>`count(*)` }).from(questions).where(where);
      const rows = await db
        .select({ head: questions, version: questionVersions })
        .from(questions)
        .innerJoin(questionVersions, eq(questionVersions.id, questions.currentVersionId))
        .where(where)
        .orderBy(desc(questions.updatedAt), desc(questions.id))
        .offset(page.offset)
        .limit(page.limit);
      const texts = rows.length
        ? await db.select().from(questionVersionTexts).where(inArray(questionVersionTexts.versionId, rows.map((r) => r.version.id)))
        : [];
      return {
        total: toNumber(count?.n),
        rows: rows.map((r) => ({ head: r.head, version: withKindSettings(r.head.questionType, r.version), texts: texts.filter((t) => t.versionId === r.version.id) })),
      };
    },

    /** Versions by id with their texts and their question's kind and tags (for the exam engine). */
    async loadVersions(versionIds: number[]) {
      if (!versionIds.length) return [];
      const rows = await db
        .select({ version: questionVersions, questionType: questions.questionType })
        .from(questionVersions)
        .innerJoin(questions, eq(questions.id, questionVersions.questionId))
        .where(inArray(questionVersions.id, versionIds));
      const texts = await db.select().from(questionVersionTexts).where(inArray(questionVersionTexts.versionId, versionIds));
      return rows.map((r) => ({ ...r, version: withKindSettings(r.questionType, r.version), texts: texts.filter((t) => t.versionId === r.version.id) }));
    },

    /** The current version id of each question, by question id. */
    /**
     * Ids of the questions in scope that fit a test's random draw (any of the topics, any of the
     * difficulties; an empty list matches all), in id order, at most `limit`.
     */
    async poolQuestionIds(scope: QuestionScope, rule: { topicIds: number[]; difficulties: string[] }, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: questions.id })
        .from(questions)
        .where(
          and(
            scopeCondition(scope),
            sql`${questions.currentVersionId} IS NOT NULL`,
            rule.difficulties.length ? inArray(questions.difficulty, rule.difficulties) : undefined,
            rule.topicIds.length
              ? exists(
                  db
                    .select({ one: sql`1` })
                    .from(questionTopics)
                    .where(and(eq(questionTopics.questionId, questions.id), inArray(questionTopics.topicId, rule.topicIds))),
                )
              : undefined,
          ),
        )
        .orderBy(asc(questions.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async currentVersionIds(questionIds: number[]): Promise<Map<number, number>> {
      if (!questionIds.length) return new Map();
      const rows = await db
        .select({ id: questions.id, versionId: questions.currentVersionId })
        .from(questions)
        .where(inArray(questions.id, [...new Set(questionIds)]));
      return new Map(rows.filter((r) => r.versionId !== null).map((r) => [r.id, r.versionId!]));
    },
  };
}

export type QuestionBankRepository = ReturnType<typeof createQuestionBankRepository>;
