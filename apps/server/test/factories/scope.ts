import { classes, institutes, sections } from '../../src/db/schema/index.js';
import type { TestApp } from '../test-app.js';

/**
 * Factories for where users belong: clients (with their roles' default permissions), institutes
 * with two classes of two sections each.
 */
let counter = 0;

export interface TestInstitute {
  id: number;
  clientId: string;
  /** Two classes, each with sections A and B. */
  classes: Array<{ id: number; sections: [number, number] }>;
}

/** A client with today's default permissions for its roles. */
export async function createClient(t: TestApp, id = `client-${process.env.VITEST_POOL_ID ?? 0}-${++counter}`): Promise<string> {
  await t.app.services.roles.ensureClient({ id, name: `Client ${id}` });
  return id;
}

export async function createInstitute(t: TestApp, options: { clientId?: string; isSchool?: boolean } = {}): Promise<TestInstitute> {
  const n = ++counter;
  const [institute] = await t.deps.db
    .insert(institutes)
    .values({ name: `Institute ${process.env.VITEST_POOL_ID ?? 0}-${n}`, clientId: options.clientId ?? 'neetprep', isSchool: options.isSchool ?? false })
    .returning();
  const result: TestInstitute = { id: institute!.id, clientId: institute!.clientId, classes: [] };
  for (const name of ['11', '12']) {
    const [cls] = await t.deps.db.insert(classes).values({ instituteId: institute!.id, name }).returning();
    const rows = await t.deps.db
      .insert(sections)
      .values([
        { classId: cls!.id, name: 'A' },
        { classId: cls!.id, name: 'B' },
      ])
      .returning();
    result.classes.push({ id: cls!.id, sections: [rows[0]!.id, rows[1]!.id] });
  }
  return result;
}

/** createUser options that place a user in the institute (and, for students, a class and section). */
export function placeIn(institute: TestInstitute, classIndex?: number, sectionIndex = 0) {
  const cls = classIndex === undefined ? undefined : institute.classes[classIndex]!;
  return {
    clientId: institute.clientId,
    instituteId: institute.id,
    classId: cls?.id ?? null,
    sectionId: cls ? cls.sections[sectionIndex as 0 | 1] : null,
  };
}
