import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptQuestionVersions, examAttempts, servedSetVersions } from '../../db/schema/index.js';
import { createTestTask, startAttempt, withContent, type BuiltTest } from '../../../test/factories/academy.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';

let t: TestApp;
let students: TestUser[];
let test: BuiltTest;

beforeAll(async () => {
  t = await createTestApp();
  students = [];
  for (let i = 0; i < 4; i++) students.push(await t.createUser({ role: 'Student' }));
  test = await createTestTask(t.deps.db, {
    sections: [{ name: 'Physics', questions: [{ data: 'First, as written' }, {}] }],
  });
});
afterAll(async () => t.close());

const post = (url: string, user: TestUser, payload: object) =>
  t.call({ method: 'POST', url: `/api/task/v1/${url}`, headers: user.headers, payload });

/** A new version of the question, as an edit in the bank makes it: the old one stays as it was. */
async function editQuestion(questionId: number, data: string): Promise<void> {
  await t.deps.db.execute(sql`
    WITH v AS (
      INSERT INTO question_versions (question_id, version, content_type, media_url, default_language, marks, negative_marks, allows_partial_credit,
                                     correct_answer_id, settings)
      SELECT question_id, version + 1, content_type, media_url, default_language, marks, negative_marks, allows_partial_credit,
             correct_answer_id, settings
      FROM question_versions WHERE id = (SELECT current_version_id FROM questions WHERE id = ${questionId})
      RETURNING id
    ), texts AS (
      INSERT INTO question_version_texts (version_id, language, title, data, options)
      SELECT v.id, x.language, x.title, ${data}, x.options FROM v, question_version_texts x
      WHERE x.version_id = (SELECT current_version_id FROM questions WHERE id = ${questionId})
    )
    UPDATE questions SET current_version_id = (SELECT id FROM v), updated_at = now() WHERE id = ${questionId}`);
}

describe('served sets: one record of the versions served to a wave of starts', () => {
  it('gives every attempt of a wave the same set, with no per-question rows, and a new set after an edit', async () => {
    const wave = await Promise.all(students.slice(0, 3).map((s) => startAttempt(t, s, test)));
    const rows = await Promise.all(
      wave.map((w) => t.deps.db.query.examAttempts.findFirst({ where: (a, { eq: is }) => is(a.id, w.TestSessionID) })),
    );
    const setIds = new Set(rows.map((r) => r!.servedSetId));
    expect(setIds.size).toBe(1);
    const [setId] = [...setIds];
    expect(setId).not.toBeNull();
    expect(await t.deps.db.select().from(servedSetVersions).where(eq(servedSetVersions.setId, setId!))).toHaveLength(2);
    for (const w of wave)
      expect(
        await t.deps.db
          .select()
          .from(attemptQuestionVersions)
          .where(eq(attemptQuestionVersions.attemptId, w.TestSessionID)),
      ).toEqual([]);
    expect(wave[0]!.section[0]!.question[0]!.questionData).toBe('First, as written');

    // The question is edited during the exam: the next start is served the new version, in a new
    // set; the wave keeps the version it was served, on resume and in its session details.
    const questionId = wave[0]!.section[0]!.question[0]!.questionID;
    await editQuestion(questionId, 'First, corrected');
    const late = await startAttempt(t, students[3]!, test);
    expect(late.section[0]!.question[0]!.questionData).toBe('First, corrected');
    const lateRow = await t.deps.db.query.examAttempts.findFirst({
      where: (a, { eq: is }) => is(a.id, late.TestSessionID),
    });
    expect(lateRow!.servedSetId).not.toBe(setId);
    const details = await post('getSessionDetails', students[0]!, {
      TestSessionID: wave[0]!.TestSessionID,
      taskID: test.task.id,
    });
    expect(details.statusCode).toBe(200);
    expect((await withContent(t, students[0]!, details.json().body)).section[0]!.question[0]!.questionData).toBe('First, as written');
    expect((await startAttempt(t, students[1]!, test)).section[0]!.question[0]!.questionData).toBe('First, as written');
    // A resume is the same attempt: four students, four attempts.
    expect(
      await t.deps.db.select({ id: examAttempts.id }).from(examAttempts).where(eq(examAttempts.taskId, test.task.id)),
    ).toHaveLength(4);
  });
});
