import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { examPhotos } from '../../db/schema/index.js';

/** Camera frames' rows; the files themselves are in the app's file store (proctoring/<attempt>/<file>). */
export function createProctoringRepository(db: Db) {
  return {
    async insertPhoto(values: typeof examPhotos.$inferInsert) {
      const [row] = await db.insert(examPhotos).values(values).returning();
      return row!;
    },
    async listPhotos(attemptId: string) {
      return db.select().from(examPhotos).where(eq(examPhotos.attemptId, attemptId)).orderBy(asc(examPhotos.capturedAt), asc(examPhotos.id));
    },
    async getPhoto(id: number) {
      const [row] = await db.select().from(examPhotos).where(eq(examPhotos.id, id)).limit(1);
      return row;
    },
  };
}

export type ProctoringRepository = ReturnType<typeof createProctoringRepository>;
