import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { noteLabels, notes, type ChecklistItemJson } from '../../db/schema/index.js';
import { LabelGoneError } from '../workspace/workspace.errors.js';
import { containsPattern, createLabelRepository, pgErrorCode } from '../workspace/workspace.repository.js';

export type NoteRow = typeof notes.$inferSelect;
export type NoteRecord = NoteRow & { labels: number[] };
export interface NoteValues {
  title: string;
  description: string;
  archive: boolean;
  image: string | null;
  checklist: ChecklistItemJson[];
  reminder: Date | null;
  pinned: boolean;
  color: string | null;
}


export function createNotesRepository(db: Db) {
  async function labelsOf(tx: Db, noteIds: number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>();
    if (noteIds.length === 0) return map;
    const rows = await tx
      .select()
      .from(noteLabels)
      .where(inArray(noteLabels.noteId, noteIds))
      .orderBy(asc(noteLabels.labelId));
    for (const row of rows) map.set(row.noteId, [...(map.get(row.noteId) ?? []), row.labelId]);
    return map;
  }

  async function withLabels(tx: Db, rows: NoteRow[]): Promise<NoteRecord[]> {
    const map = await labelsOf(tx, rows.map((row) => row.id));
    return rows.map((row) => ({ ...row, labels: map.get(row.id) ?? [] }));
  }

  async function setLabels(tx: Db, noteId: number, labelIds: number[]): Promise<void> {
    await tx.delete(noteLabels).where(eq(noteLabels.noteId, noteId));
    if (labelIds.length) await tx.insert(noteLabels).values(labelIds.map((labelId) => ({ noteId, labelId })));
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (pgErrorCode(error) === '23503') throw new LabelGoneError();
      throw error;
    }
  }

  const mine = (ownerId: number, id: number) => and(eq(notes.ownerId, ownerId), eq(notes.id, id));

  return {
    labels: createLabelRepository(db, 'note'),

    /** Pinned first, then the most recently saved. */
    async list(ownerId: number): Promise<NoteRecord[]> {
      const rows = await db
        .select()
        .from(notes)
        .where(eq(notes.ownerId, ownerId))
        .orderBy(desc(notes.pinned), desc(notes.updatedAt), desc(notes.id));
      return withLabels(db, rows);
    },

    async findOwned(ownerId: number, id: number): Promise<NoteRecord | undefined> {
      const rows = await db.select().from(notes).where(mine(ownerId, id)).limit(1);
      return (await withLabels(db, rows))[0];
    },

    async create(ownerId: number, values: NoteValues, labelIds: number[], now: Date): Promise<NoteRecord> {
      return guarded(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(notes)
            .values({ ...values, ownerId, createdAt: now, updatedAt: now })
            .returning();
          await setLabels(tx as unknown as Db, row!.id, labelIds);
          return { ...row!, labels: [...labelIds].sort((a, b) => a - b) };
        }),
      );
    },

    async update(ownerId: number, id: number, patch: Partial<NoteValues>, labelIds: number[] | undefined, now: Date): Promise<NoteRecord | undefined> {
      return guarded(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .update(notes)
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
      const rows = await db.delete(notes).where(mine(ownerId, id)).returning({ id: notes.id });
      return rows.length > 0;
    },

    /** Notes whose reminder falls in [from, to). */
    async withRemindersBetween(ownerId: number, from: Date, to: Date): Promise<NoteRow[]> {
      return db
        .select()
        .from(notes)
        .where(and(eq(notes.ownerId, ownerId), isNotNull(notes.reminder), gte(notes.reminder, from), lt(notes.reminder, to)))
        .orderBy(asc(notes.reminder));
    },

    /** Title, description or a checklist line contains `text`, case-insensitively. */
    async search(ownerId: number, text: string, limit: number): Promise<NoteRow[]> {
      const pattern = containsPattern(text);
      return db
        .select()
        .from(notes)
        .where(
          and(
            eq(notes.ownerId, ownerId),
            or(
              ilike(notes.title, pattern),
              ilike(notes.description, pattern),
              sql`exists (select 1 from jsonb_array_elements(${notes.checklist}) as item where item->>'text' ilike ${pattern})`,
            ),
          ),
        )
        .orderBy(desc(notes.updatedAt), desc(notes.id))
        .limit(limit);
    },
  };
}

export type NotesRepository = ReturnType<typeof createNotesRepository>;
