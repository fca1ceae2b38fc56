import { eq, sql } from 'drizzle-orm';
import { institutes, questionVersions, questions, users } from '../src/db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from './test-app.js';

/**
 * A bank to author in: an app with a Sunrise Academy teacher of the demo client, a POST as that
 * teacher (in a language), and the counts of questions and versions (to prove nothing was written).
 */
export async function createAuthoringApp() {
  const t: TestApp = await createTestApp();
  const [institute] = await t.deps.db.insert(institutes).values([{ name: 'Sunrise Academy' }]).returning();
  const teacher: TestUser = await t.createUser({ role: 'Teacher' });
  await t.deps.db.update(users).set({ instituteId: institute!.id, clientId: 'neetprep' }).where(eq(users.id, teacher.id));
  const post = (url: string, payload: unknown, language = 'en') => t.call({ method: 'POST', url, headers: { ...teacher.headers, language }, payload: payload as object });
  const counts = async () => ({
    questions: Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(questions))[0]!.n),
    versions: Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(questionVersions))[0]!.n),
  });
  return { t, teacher, post, counts };
}
