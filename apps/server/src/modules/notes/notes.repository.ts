import { and, asc, desc, eq, gte, ilike, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { noteLabels, notes, type ChecklistItemJson } from '../../db/schema/index.js';
import { createLabelledItemRepository } from '../workspace/labelled-items.repository.js';
import { containsPattern } from '../workspace/workspace.repository.js';

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
  const { withLabels, ...shared } = createLabelledItemRepository<typeof notes, NoteValues>(db, {
    kind: 'note',
    items: notes,
    links: noteLabels,
    linkItemId: noteLabels.noteId,
    linkLabelId: noteLabels.labelId,
  });

  return {
    ...shared,

    /** Pinned first, then the most recently saved. */
    async list(ownerId: number): Promise<NoteRecord[]> {
      const rows = await db
        .select()
        .from(notes)
        .where(eq(notes.ownerId, ownerId))
        .orderBy(desc(notes.pinned), desc(notes.updatedAt), desc(notes.id));
      return withLabels(rows);
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
