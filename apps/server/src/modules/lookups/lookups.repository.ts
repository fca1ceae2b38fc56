import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { campusDepartments, classes, courseDirectory, institutes, languages, sections, states } from '../../db/schema/index.js';

export type InstituteRow = typeof institutes.$inferSelect;

export function createLookupsRepository(db: Db) {
  return {
    listStates: () => db.select({ id: states.id, name: states.name, code: states.code }).from(states).orderBy(asc(states.name)),

    listLanguages: () =>
      db.select({ id: languages.id, name: languages.name, code: languages.code }).from(languages).orderBy(asc(languages.id)),

    listInstitutes: () => db.select().from(institutes).orderBy(asc(institutes.name)),

    /** The institute of this name, made when there is none, in the caller's transaction (`q`). */
    async ensureInstitute(q: Db, institute: { name: string; clientId: string; city: string | null }): Promise<{ id: number; created: boolean }> {
      const [existing] = await q.select({ id: institutes.id }).from(institutes).where(eq(institutes.name, institute.name)).limit(1);
      if (existing) return { id: existing.id, created: false };
      const [row] = await q.insert(institutes).values(institute).returning({ id: institutes.id });
      return { id: row!.id, created: true };
    },

    async findInstitute(id: number): Promise<InstituteRow | undefined> {
      const [row] = await db.select().from(institutes).where(eq(institutes.id, id)).limit(1);
      return row;
    },

    listClasses: (instituteId: number) =>
      db
        .select({ id: classes.id, name: classes.name, instituteID: classes.instituteId })
        .from(classes)
        .where(eq(classes.instituteId, instituteId))
        .orderBy(asc(classes.name)),

    listSections: (instituteId: number, classId: number) =>
      db
        .select({ id: sections.id, name: sections.name, classID: sections.classId, instituteID: classes.instituteId })
        .from(sections)
        .innerJoin(classes, eq(classes.id, sections.classId))
        .where(and(eq(sections.classId, classId), eq(classes.instituteId, instituteId)))
        .orderBy(asc(sections.name)),

    listCampusDepartments: (campus: string, department: string) =>
      db
        .select()
        .from(campusDepartments)
        .where(
          and(
            campus ? eq(sql`lower(${campusDepartments.campus})`, campus.toLowerCase()) : undefined,
            department ? eq(sql`lower(${campusDepartments.department})`, department.toLowerCase()) : undefined,
          ),
        )
        .orderBy(asc(campusDepartments.campus), asc(campusDepartments.department)),

    listPublishedCourses: () =>
      db
        .select({ id: courseDirectory.id, courseName: courseDirectory.name })
        .from(courseDirectory)
        .where(eq(courseDirectory.isPublished, true))
        .orderBy(asc(courseDirectory.sortOrder), asc(courseDirectory.id)),

    async stateExists(id: number): Promise<boolean> {
      return (await db.select({ id: states.id }).from(states).where(eq(states.id, id)).limit(1)).length > 0;
    },
    async languageExists(id: number): Promise<boolean> {
      return (await db.select({ id: languages.id }).from(languages).where(eq(languages.id, id)).limit(1)).length > 0;
    },
    async instituteExists(id: number): Promise<boolean> {
      return (await db.select({ id: institutes.id }).from(institutes).where(eq(institutes.id, id)).limit(1)).length > 0;
    },
    async findClass(id: number) {
      const [row] = await db.select().from(classes).where(eq(classes.id, id)).limit(1);
      return row;
    },
    async findSection(id: number) {
      const [row] = await db.select().from(sections).where(eq(sections.id, id)).limit(1);
      return row;
    },
    /** The ids among `ids` that name a published course. */
    async existingCourseIds(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: courseDirectory.id })
        .from(courseDirectory)
        .where(and(inArray(courseDirectory.id, ids), eq(courseDirectory.isPublished, true)));
      return rows.map((r) => r.id);
    },
  };
}
export type LookupsRepository = ReturnType<typeof createLookupsRepository>;
