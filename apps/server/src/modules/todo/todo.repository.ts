import { and, asc, desc, eq, exists, gte, ilike, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { todoLabels, todos } from '../../db/schema/index.js';
import { createLabelledItemRepository } from '../workspace/labelled-items.repository.js';
import { containsPattern } from '../workspace/workspace.repository.js';

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
  const { withLabels, ...shared } = createLabelledItemRepository<typeof todos, TodoValues>(db, {
    kind: 'todo',
    items: todos,
    links: todoLabels,
    linkItemId: todoLabels.todoId,
    linkLabelId: todoLabels.labelId,
  });

  return {
    ...shared,

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
      return withLabels(rows);
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
