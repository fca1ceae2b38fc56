import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { contentFiles, courses, tasks, topics } from '../../../db/schema/index.js';

/** What Content Management and Course Upload both write: a course, its topics and tasks, and uploaded files, each put last in its order. */
export function createContentInserts(db: Db) {
  return {
    async insertCourse(values: typeof courses.$inferInsert): Promise<number> {
      const [row] = await db
        .insert(courses)
        .values({ ...values, sortOrder: sql`(SELECT coalesce(max(${courses.sortOrder}), 0) + 1 FROM ${courses})` })
        .returning({ id: courses.id });
      return row!.id;
    },

    async insertTopic(values: typeof topics.$inferInsert): Promise<number> {
      const [row] = await db
        .insert(topics)
        .values({
          ...values,
          sortOrder: sql`(SELECT coalesce(max(${topics.sortOrder}), 0) + 1 FROM ${topics} WHERE ${topics.courseId} = ${values.courseId})`,
        })
        .returning({ id: topics.id });
      return row!.id;
    },

    async insertTask(values: typeof tasks.$inferInsert): Promise<number> {
      const [row] = await db
        .insert(tasks)
        .values({
          ...values,
          sortOrder: sql`(SELECT coalesce(max(${tasks.sortOrder}), 0) + 1 FROM ${tasks} WHERE ${tasks.topicId} = ${values.topicId})`,
        })
        .returning({ id: tasks.id });
      return row!.id;
    },

    async insertFile(values: typeof contentFiles.$inferInsert): Promise<typeof contentFiles.$inferSelect> {
      const [row] = await db.insert(contentFiles).values(values).returning();
      return row!;
    },
  };
}

export type ContentInserts = ReturnType<typeof createContentInserts>;
