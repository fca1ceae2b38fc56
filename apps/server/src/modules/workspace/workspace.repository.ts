import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { workspaceLabels } from '../../db/schema/index.js';

export type LabelKind = 'note' | 'bookmark' | 'todo';
export type LabelRow = typeof workspaceLabels.$inferSelect;

/** PostgreSQL unique_violation (23505) or foreign_key_violation (23503), as both drivers report them. */
export function pgErrorCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current = error as { code?: string; cause?: unknown } | undefined;
  while (current && !seen.has(current)) {
    if (current.code === '23505' || current.code === '23503') return current.code;
    seen.add(current);
    current = current.cause as typeof current;
  }
  return undefined;
}

/** `%text%` for ILIKE, with the user's own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Labels of one kind, always scoped to their owner. */
export function createLabelRepository(db: Db, kind: LabelKind) {
  const mine = (ownerId: number) => and(eq(workspaceLabels.ownerId, ownerId), eq(workspaceLabels.kind, kind));
  return {
    async list(ownerId: number): Promise<LabelRow[]> {
      return db.select().from(workspaceLabels).where(mine(ownerId)).orderBy(asc(sql`lower(${workspaceLabels.name})`), asc(workspaceLabels.id));
    },

    async findOwned(ownerId: number, id: number): Promise<LabelRow | undefined> {
      const [row] = await db.select().from(workspaceLabels).where(and(mine(ownerId), eq(workspaceLabels.id, id))).limit(1);
      return row;
    },

    /** Which of `ids` are this owner's labels of this kind. */
    async ownedIds(ownerId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: workspaceLabels.id })
        .from(workspaceLabels)
        .where(and(mine(ownerId), inArray(workspaceLabels.id, ids)));
      return rows.map((row) => row.id);
    },

    /** Labels whose name equals `name` case-insensitively or whose handle starts with `handleBase`. */
    async similar(ownerId: number, name: string, handleBase: string): Promise<LabelRow[]> {
      return db
        .select()
        .from(workspaceLabels)
        .where(
          and(
            mine(ownerId),
            or(eq(sql`lower(${workspaceLabels.name})`, name.toLowerCase()), like(workspaceLabels.handle, `${handleBase.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)),
          ),
        );
    },

    /** undefined when the name or handle is already taken (unique index). */
    async create(values: { ownerId: number; name: string; handle: string; createdAt: Date }): Promise<LabelRow | undefined> {
      try {
        const [row] = await db.insert(workspaceLabels).values({ ...values, kind }).returning();
        return row;
      } catch (error) {
        if (pgErrorCode(error) === '23505') return undefined;
        throw error;
      }
    },

    /** undefined when the label is not the owner's; 'taken' when the new name or handle is used. */
    async rename(ownerId: number, id: number, values: { name: string; handle: string }): Promise<LabelRow | 'taken' | undefined> {
      try {
        const [row] = await db
          .update(workspaceLabels)
          .set(values)
          .where(and(mine(ownerId), eq(workspaceLabels.id, id)))
          .returning();
        return row;
      } catch (error) {
        if (pgErrorCode(error) === '23505') return 'taken';
        throw error;
      }
    },

    /** Item links go with it (ON DELETE CASCADE); the items stay. */
    async delete(ownerId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(workspaceLabels)
        .where(and(mine(ownerId), eq(workspaceLabels.id, id)))
        .returning({ id: workspaceLabels.id });
      return rows.length > 0;
    },
  };
}

export type LabelRepository = ReturnType<typeof createLabelRepository>;
