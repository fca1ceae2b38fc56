import type { Db } from '../../../db/client.js';
import { createContentInserts, type ContentInserts } from '../shared/academy.content.repository.js';

/** Course Upload's writes: a course with its topics, lessons and files, in one transaction; no rules. */
export function createCoursePackageRepository(db: Db) {
  return {
    /** `work` gets the inserts bound to the transaction, and the transaction itself for another module's writes. */
    async inTransaction<T>(work: (tx: ContentInserts, db: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createContentInserts(tx as unknown as Db), tx as unknown as Db));
    },
  };
}

export type CoursePackageRepository = ReturnType<typeof createCoursePackageRepository>;
