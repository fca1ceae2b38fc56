import { OFFICE_TYPE_IDS, officeRoutes, type OfficeFile, type OfficeRunDetails, type StudentSession } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { withContent } from '../../../test/factories/academy.js';
import { callAs } from '../../../test/workspace-fixtures.js';
import { tasks, users } from '../schema/index.js';
import { seedAcademy } from './seed-academy.js';
import { seedAccounts } from './seed-accounts.js';
import { seedClients } from './seed-clients.js';
import { seedLookups } from './seed-lookups.js';
import { seedOfficeFiles } from './seed-office.js';
import { PRACTICE_SKILLS } from './seed-academy-content.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { OFFICE_EVALUATOR: 'inline' } });
  await seedLookups(t.deps);
  await seedAccounts(t.deps);
  await seedClients(t.deps);
  await seedAcademy(t.deps);
});
afterAll(() => t.close());

it('makes every office question of the demo practice set answerable: its solution, uploaded as the answer, scores 100', async () => {
  const [task] = await t.deps.db.select().from(tasks).where(eq(tasks.name, 'Practice set: writing, programming and office files'));
  const [student] = await t.deps.db.select().from(users).where(eq(users.username, 'student'));
  const session = await t.signIn(student!.id);
  const me = { id: student!.id, username: 'student', email: student!.email!, role: 'Student' as const, password: '', ...session };
  const started = await t.call({ method: 'POST', url: '/api/task/v1/practise', headers: me.headers, payload: { taskID: task!.id, courseID: task!.courseId, languageID: 1 } });
  expect(started.statusCode, started.body).toBe(200);
  const questions = (await withContent(t, me, started.json<{ body: StudentSession }>().body)).section.flatMap((s) => s.question).filter((q) => ['xlsx', 'docx', 'pptx'].includes(q.questionType));
  expect(questions.map((q) => q.questionType).sort()).toEqual(['docx', 'docx', 'pptx', 'pptx', 'xlsx', 'xlsx']);
  // Every one has an English and a Tamil text.
  for (const q of questions) expect(q.languages.map((l) => l.language).sort()).toEqual(['en', 'tn']);
  for (const q of questions) {
    const kind = q.questionType as 'xlsx' | 'docx' | 'pptx';
    const copy = await callAs(t, me, officeRoutes.copyStartFile, { body: { taskID: task!.id, questionID: q.questionID } });
    expect(copy.statusCode, copy.body).toBe(200);
    const file = copy.json<{ body: OfficeFile }>().body;
    // The solution file as the question names it (the student would see it only after a reveal).
    const slug = PRACTICE_SKILLS.find((p) => p.data === q.questionData)?.office;
    expect(slug).toBeDefined();
    const stored = await t.deps.fileStore.get(`office/demo/${slug}-solution.${kind}`);
    expect(stored).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    const solution = { rawPayload: Buffer.concat(chunks) };
    // The start file alone falls short; the solution scores 100.
    const evaluate = async () => {
      const run = await callAs(t, me, officeRoutes.runOffice, { body: { officeTypeID: OFFICE_TYPE_IDS[kind], questionID: q.questionID, path: file.path, taskID: task!.id, type: 'eval' } });
      expect(run.statusCode, run.body).toBe(200);
      await t.app.services.jobs.queue.runOnce();
      const details = (await callAs(t, me, officeRoutes.getRunDetailsOffice, { query: { runID: run.json<{ body: { runID: string } }>().body.runID } })).json<{ body: OfficeRunDetails }>().body;
      expect(details.statusCode).toBe('EV');
      return JSON.parse(details.resultDesc!) as { percentage: number };
    };
    expect((await evaluate()).percentage, `${kind} start file`).toBeLessThan(100);
    const boundary = '----seedOffice';
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.${kind}"\r\n\r\n`), solution.rawPayload, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const saved = await t.call({ method: 'POST', url: `/api/office/v1/upload?path=${file.path}`, headers: { ...me.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await evaluate()).percentage, `${kind} solution`).toBe(100);
  }
});

it('puts back demo files the store lost, and leaves the others alone', async () => {
  await t.deps.fileStore.delete('office/demo/marks-sheet-start.xlsx');
  await seedOfficeFiles(t.deps);
  const file = await t.deps.fileStore.get('office/demo/marks-sheet-start.xlsx');
  file?.stream.destroy();
  expect(file).not.toBeNull();
});
