import { and, asc, desc, eq, exists, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { todoLabels, todos } from '../../db/schema/index.js';
import { LabelGoneError } from '../workspace/workspace.errors.js';
import { containsPattern, createLabelRepository, pgErrorCode } from '../workspace/workspace.repository.js';

export type TodoRow = typeof todos.$inferSelect;
export type TodoRecord = TodoRow & { labels: number[] };
export interface TodoValues {
  title: string;
  notes: string;
  dueDate: string | null;
  starred: boolean;
  important: boolean;
  completed: boolean;
  deleted: boolean;
}

/** Concrete conditions, all of which must hold; the service decides what folders and filters mean. */
export interface TodoFilter {
  deleted?: boolean;
  starred?: boolean;
  important?: boolean;
  completed?: boolean;
  labelId?: number;
  /** Inclusive YYYY-MM-DD bounds. */
  dueFrom?: string;
  dueTo?: string;
  dueBefore?: string;
  hasNoDue?: boolean;
}

export function createTodoRepository(db: Db) {
  async function withLabels(tx: Db, rows: TodoRow[]): Promise<TodoRecord[]> {
    const map = new Map<number, number[]>();
    if (rows.length) {
      const links = await tx
        .select()
        .from(todoLabels)
        .where(
          inArray(
            todoLabels.todoId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(todoLabels.labelId));
      for (const link of links) map.set(link.todoId, [...(map.get(link.todoId) ?? []), link.labelId]);
    }
    return rows.map((row) => ({ ...row, labels: map.get(row.id) ?? [] }));
  }

  async function setLabels(tx: Db, todoId: number, labelIds: number[]): Promise<void> {
    await tx.delete(todoLabels).where(eq(todoLabels.todoId, todoId));
    if (labelIds.length) await tx.insert(todoLabels).values(labelIds.map((labelId) => ({ todoId, labelId })));
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (pgErrorCode(error) === '23503') throw new LabelGoneError();
      throw error;
    }
  }

  const mine = (ownerId: number, id: number) => and(eq(todos.ownerId, ownerId), eq(todos.id, id));

  return {
    labels: createLabelRepository(db, 'todo'),

    /** Open items first, then by due date (undated last), newest first. */
    async list(ownerId: number, filter: TodoFilter): Promise<TodoRecord[]> {
      const conditions: (SQL | undefined)[] = [eq(todos.ownerId, ownerId)];
      if (filter.deleted !== undefined) conditions.push(eq(todos.deleted, filter.deleted));
      if (filter.starred !== undefined) conditions.push(eq(todos.starred, filter.starred));
      if (filter.important !== undefined) conditions.push(eq(todos.important, filter.important));
      if (filter.completed !== undefined) conditions.push(eq(todos.completed, filter.completed));
      if (filter.dueFrom !== undefined) conditions.push(gte(todos.dueDate, filter.dueFrom));
      if (filter.dueTo !== undefined) conditions.push(lte(todos.dueDate, filter.dueTo));
      if (filter.dueBefore !== undefined) conditions.push(lt(todos.dueDate, filter.dueBefore));
      if (filter.hasNoDue) conditions.push(isNull(todos.dueDate));
      if (filter.labelId !== undefined) {
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(todoLabels)
              .where(and(eq(todoLabels.todoId, todos.id), eq(todoLabels.labelId, filter.labelId))),
          ),
        );
      }
      const rows = await db
        .select()
        .from(todos)
        .where(and(...conditions))
        .orderBy(asc(todos.completed), sql`${todos.dueDate} asc nulls last`, desc(todos.id));
      return withLabels(db, rows);
    },

    async findOwned(ownerId: number, id: number): Promise<TodoRecord | undefined> {
      const rows = await db.select().from(todos).where(mine(ownerId, id)).limit(1);
      return (await withLabels(db, rows))[0];
    },

    async create(ownerId: number, values: TodoValues, labelIds: number[], now: Date): Promise<TodoRecord> {
      return guarded(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(todos)
            .values({ ...values, ownerId, createdAt: now, updatedAt: now })
            .returning();
          await setLabels(tx as unknown as Db, row!.id, labelIds);
          return { ...row!, labels: [...labelIds].sort((a, b) => a - b) };
        }),
      );
    },

    async update(ownerId: number, id: number, patch: Partial<TodoValues>, labelIds: number[] | undefined, now: Date): Promise<TodoRecord | undefined> {
      return guarded(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .update(todos)
            .set({ ...patch, updatedAt: now })
            .where(mine(ownerId, id))
            .returning();
          if (!row) return undefined;
          if (labelIds) await setLabels(tx as unknown as Db, id, labelIds);
          return (await withLabels(tx as unknown as Db, [row]))[0];
        }),
      );
    },

    async delete(ownerId: number, id: number): Promise<boolean> {
      const rows = await db.delete(todos).where(mine(ownerId, id)).returning({ id: todos.id });
      return rows.length > 0;
    },

    /** Items out of the trash whose due date lies in [fromDate, toDate] (inclusive). */
    async dueBetween(ownerId: number, fromDate: string, toDate: string): Promise<TodoRow[]> {
      return db
        .select()
        .from(todos)
        .where(and(eq(todos.ownerId, ownerId), eq(todos.deleted, false), gte(todos.dueDate, fromDate), lte(todos.dueDate, toDate)))
        .orderBy(asc(todos.dueDate), asc(todos.id));
    },

    /** Title or notes contain `text`, case-insensitively; items in the trash are left out. */
    async search(ownerId: number, text: string, limit: number): Promise<TodoRow[]> {
      const pattern = containsPattern(text);
      return db
        .select()
        .from(todos)
        .where(and(eq(todos.ownerId, ownerId), eq(todos.deleted, false), or(ilike(todos.title, pattern), ilike(todos.notes, pattern))))
        .orderBy(desc(todos.updatedAt), desc(todos.id))
        .limit(limit);
    },
  };
}

export type TodoRepository = ReturnType<typeof createTodoRepository>;
