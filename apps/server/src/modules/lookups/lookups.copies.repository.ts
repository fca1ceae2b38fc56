import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { classes, sections } from '../../db/schema/index.js';

/**
 * The classes and sections an exam centre makes for the students it loads (decision 099), by name,
 * on the centre's transaction `db`.
 */
export function createPlaceCopies(db: Db) {
  return {
    /** The institute's class of that name (made when missing). */
    async ensureClass(instituteId: number, name: string): Promise<number> {
      await db.insert(classes).values({ instituteId, name }).onConflictDoNothing();
      const [row] = await db.select({ id: classes.id }).from(classes).where(and(eq(classes.instituteId, instituteId), eq(classes.name, name)));
      return row!.id;
    },

    /** The class's section of that name (made when missing). */
    async ensureSection(classId: number, name: string): Promise<number> {
      await db.insert(sections).values({ classId, name }).onConflictDoNothing();
      const [row] = await db.select({ id: sections.id }).from(sections).where(and(eq(sections.classId, classId), eq(sections.name, name)));
      return row!.id;
    },
  };
}

export type PlaceCopies = ReturnType<typeof createPlaceCopies>;
