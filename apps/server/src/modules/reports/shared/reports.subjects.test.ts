import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../../db/client.js';
import { parentLinks } from '../../../db/schema/index.js';
import { createCourse, createTestTask, createTopic, saveAnswers, startAttempt, submitTest } from '../../../../test/factories/academy.js';
import { createInstitute, placeIn } from '../../../../test/factories/scope.js';
import { jsonCalls } from '../../../../test/exam-fixtures.js';
import { withSummariesBeforeLayouts } from '../../../../test/summaries-before-layouts.js';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/test-app.js';

/**
 * Students', parents' and the Institution's analytics count a question under its own subject (the top of its topic
 * tree), not under the test section it was asked in; a question whose topics have no parent
 * falls back to its section.
 */
let t: TestApp;
let me: TestUser;
let parent: TestUser;
let institution: TestUser;
let taskId: number;

const { get } = jsonCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  const home = await createInstitute(t);
  me = await t.createUser({ role: 'Student', ...placeIn(home, 0) });
  parent = await t.createUser({ role: 'Parent' });
  institution = await t.createUser({ role: 'Institution', ...placeIn(home) });
  await t.deps.db.insert(parentLinks).values({ parentUserId: parent.id, studentUserId: me.id });

  const syllabus = await createCourse(t.deps.db);
  const physics = await createTopic(t.deps.db, syllabus.id, { name: 'Physics' });
  const optics = await createTopic(t.deps.db, syllabus.id, { name: 'Ray Optics', parentId: physics.id });
  const biology = await createTopic(t.deps.db, syllabus.id, { name: 'Biology' });
  const cell = await createTopic(t.deps.db, syllabus.id, { name: 'The Cell', parentId: biology.id });
  const unit = await createTopic(t.deps.db, syllabus.id, { name: 'Cell Cycle', parentId: cell.id });
  const loose = await createTopic(t.deps.db, syllabus.id, { name: 'Revision' });

  // One section holding questions of two subjects and one without a subject.
  const test = await createTestTask(t.deps.db, {
    sections: [
      {
        name: 'Part A',
        questions: [
          { topicIds: [optics.id], topicTags: ['Ray Optics'] },
          { topicIds: [optics.id], topicTags: ['Ray Optics'] },
          { topicIds: [unit.id], topicTags: ['Cell Cycle'] },
          { topicIds: [loose.id], topicTags: ['Revision'] },
        ],
      },
    ],
    task: { scoreVisible: true },
  });
  taskId = test.task.id;
  const [o1, o2, c1, r1] = test.mapIds as [number, number, number, number];
  const session = await startAttempt(t, me, test);
  const answers: [number, number][] = [
    [o1, 2],
    [o2, 3],
    [c1, 2],
    [r1, 2],
  ];
  await saveAnswers(t, me, session.TestSessionID, answers.map(([mapId, answerID]) => ({ questionTaskMapID: mapId, questionType: 'singleChoice', answerID, timeSpent: 20, seq: 1 })));
  await submitTest(t, me, session.TestSessionID, test.task.id);
});

afterAll(async () => {
  await t?.close();
});

describe('subjects in the analytics', () => {
  it('the student dashboard groups by each question’s subject, a question without one under its section', async () => {
    const res = await get('/api/reports/v1/dashboard', me);
    expect(res.statusCode).toBe(200);
    const subjects = (res.json().body.subjects as { subject: string; questions: number; correct: number }[])
      .map((s) => ({ subject: s.subject, questions: s.questions, correct: s.correct }))
      .sort((a, b) => a.subject.localeCompare(b.subject));
    expect(subjects).toEqual([
      { subject: 'Biology', questions: 1, correct: 1 },
      { subject: 'Part A', questions: 1, correct: 1 },
      { subject: 'Physics', questions: 2, correct: 1 },
    ]);
    const topics = (res.json().body.topics as { subject: string; topic: string }[]).map((x) => `${x.subject} / ${x.topic}`).sort();
    expect(topics).toEqual(['Biology / Cell Cycle', 'Part A / Revision', 'Physics / Ray Optics']);
  });

  it('the parent’s effort report counts accuracy per subject', async () => {
    const res = await get(`/api/reports/v1/effort?studentId=${me.id}&weeks=1`, parent);
    expect(res.statusCode).toBe(200);
    const subjects = res.json().body.subjects as { subject: string; weeks: { questions: number; accuracy: number | null }[] }[];
    expect(subjects.map((s) => [s.subject, s.weeks.at(-1)!.questions, s.weeks.at(-1)!.accuracy])).toEqual([
      ['Biology', 1, 100],
      ['Part A', 1, 100],
      ['Physics', 2, 50],
    ]);
  });

  it('the Institution’s report counts per subject, for the institute and for one test', async () => {
    const expected = [
      { subject: 'Biology', questions: 1, correct: 1, accuracy: 100 },
      { subject: 'Part A', questions: 1, correct: 1, accuracy: 100 },
      { subject: 'Physics', questions: 2, correct: 1, accuracy: 50 },
    ];
    const whole = await get('/api/reports/v1/institution', institution);
    expect(whole.statusCode).toBe(200);
    expect(whole.json().body.subjects).toEqual(expected);
    const one = await get(`/api/reports/v1/institution?taskId=${taskId}`, institution);
    expect(one.statusCode).toBe(200);
    expect(one.json().body.selectedTest.subjects).toEqual(expected);
  });

  it('the migration that moved the totals to subjects counts the summaries already written the same way', async () => {
    const file = fs.readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_institution-subjects-from-questions.sql'));
    expect(file).toBeDefined();
    const statements = fs.readFileSync(path.join(MIGRATIONS_DIR, file!), 'utf8').split('--> statement-breakpoint');
    // Its last two statements empty the totals and count them again from the summaries (as they then were: decision 097).
    await withSummariesBeforeLayouts(t.deps.db, async (tx) => {
      for (const statement of statements.slice(-2)) await tx.execute(sql.raw(statement));
    });
    const whole = await get('/api/reports/v1/institution', institution);
    expect(whole.json().body.subjects.map((s: { subject: string; questions: number }) => [s.subject, s.questions])).toEqual([
      ['Biology', 1],
      ['Part A', 1],
      ['Physics', 2],
    ]);
  });
});
