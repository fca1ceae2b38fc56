import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ExamContentSchema, mergeSessionContent, StudentSessionSchema, type StudentSession } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTask, saveAnswers, type BuiltTest } from '../../../test/factories/academy.js';
import { createInstitute, placeIn } from '../../../test/factories/scope.js';
import { actorOf, createExamTestApp, expectNoKeys, jsonCalls, secretQuestions } from '../../../test/exam-fixtures.js';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { sessionEnvelopeJson } from './exam.session-json.js';

let t: TestApp;
let student: TestUser;
let other: TestUser;
let test: BuiltTest;

beforeAll(async () => {
  ({ t, student, other } = await createExamTestApp());
  test = await createTestTask(t.deps.db, {
    sections: [
      { name: 'Physics', questions: [...secretQuestions] as never },
      {
        name: 'Chemistry',
        questions: [
          {
            data: 'What is the SI unit of force?',
            options: [{ answerID: 1, answerData: 'Newton' }, { answerID: 2, answerData: 'Joule' }],
            variants: { tn: { data: 'விசையின் SI அலகு எது?', options: [{ answerID: 1, answerData: 'நியூட்டன்' }, { answerID: 2, answerData: 'ஜூல்' }] } },
          },
        ],
      },
    ],
  });
});
afterAll(async () => t.close());

const { post } = jsonCalls(() => t);
const start = (user: TestUser) => post('/api/task/v1/practise', user, { taskID: test.task.id, courseID: test.course.id, languageID: 1 });
const content = (key: string, user?: TestUser, headers: Record<string, string> = {}) =>
  t.call({ method: 'GET', url: `/api/exam/v1/content?key=${encodeURIComponent(key)}`, headers: { ...(user?.headers ?? {}), ...headers } });

describe('GET /api/exam/v1/content', () => {
  let session: StudentSession;

  it('sends the session with the served set’s questions as ids and state, and their content once, immutable under its key', async () => {
    const res = await start(student);
    expect(res.statusCode).toBe(200);
    session = res.json().body;
    expect(StudentSessionSchema.safeParse(session).success).toBe(true);
    expect(session.contentKey).toMatch(/^\d+-[A-Za-z0-9_-]{32}$/);
    const refs = session.section.flatMap((s) => s.question);
    expect(refs).toHaveLength(4);
    for (const q of refs) expect(Object.keys(q).sort()).toEqual(['answerData', 'answerID', 'isMarked', 'isShowAnswer', 'questionID', 'questionTaskMapID', 'seq', 'timeSpent']);

    const got = await content(session.contentKey!, student);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toMatch(/^application\/json/);
    expect(got.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(got.headers.etag).toMatch(/^"[^"]+"$/);
    expect(String(got.headers.vary)).toContain('accept-encoding');
    expect(got.headers['content-encoding']).toBeUndefined();
    expectNoKeys(got.body);
    const body = got.json().body;
    expect(ExamContentSchema.parse(body)).toEqual(body);
    expect(body.contentKey).toBe(session.contentKey);
    expect(body.sections.map((s: { sectionName: string }) => s.sectionName)).toEqual(['Physics', 'Chemistry']);
    expect(body.questions.map((q: { questionType: string }) => q.questionType)).toEqual(['singleChoice', 'text', 'programming', 'singleChoice']);
    expect(body.questions[3].languages.map((l: { language: string }) => l.language).sort()).toEqual(['en', 'tn']);
    expect(body.questions[0]).not.toHaveProperty('answerID');

    // A second student of the wave gets the same key and the same bytes.
    const second = (await start(other)).json().body as StudentSession;
    expect(second.contentKey).toBe(session.contentKey);
    expect((await content(second.contentKey!, other)).body).toBe(got.body);
  });

  it('merged with the session, gives what the whole session gave for the same attempt, answers included', async () => {
    const maps = session.section.flatMap((s) => s.question.map((q) => q.questionTaskMapID));
    t.clock.advance(60_000);
    expect((await saveAnswers(t, student, session.TestSessionID, [{ questionTaskMapID: maps[0]!, questionType: 'singleChoice', answerID: 2, timeSpent: 12, seq: 3 }])).statusCode).toBe(200);
    const details = await post('/api/task/v1/getSessionDetails', student, { TestSessionID: session.TestSessionID, taskID: test.task.id });
    expect(details.statusCode).toBe(200);
    const lean = details.json().body as StudentSession;
    expect(lean.contentKey).toBe(session.contentKey);
    const shared = (await content(lean.contentKey!, student)).json().body;
    const mergedView = mergeSessionContent(lean, shared);
    expect(mergedView.section[0]!.question[0]).toMatchObject({ answerID: 2, timeSpent: 12, seq: 3, questionType: 'singleChoice' });

    // The whole session, as it was sent before the content resource (every question in full).
    const full = await t.app.services.exam.getSessionDetails(actorOf(student), { TestSessionID: session.TestSessionID, taskID: test.task.id });
    const whole = JSON.parse(sessionEnvelopeJson({ ...full, contentKey: null }, 'Success')).body;
    expect(whole.section[0].question[0].questionData.length).toBeGreaterThan(0);
    const { contentKey: _none, ...expected } = whole;
    expect(expected).not.toHaveProperty('contentKey');
    expect(mergedView).toEqual(expected);
  });

  it('answers 304 to a browser that holds it, and compresses for one that accepts gzip or br', async () => {
    const plain = await content(session.contentKey!, student);
    const again = await content(session.contentKey!, student, { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(plain.headers.etag);
    expect((await content(session.contentKey!, student, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);

    const gzip = await content(session.contentKey!, student, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).not.toBe(plain.headers.etag);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // The gzip representation is "held" too: any encoding of the same content answers 304.
    expect((await content(session.contentKey!, student, { 'accept-encoding': 'gzip', 'if-none-match': String(gzip.headers.etag) })).statusCode).toBe(304);

    const br = await content(session.contentKey!, student, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect((await content(session.contentKey!, student, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('is not found for a student without an attempt on the set, of this institute or another, until that student starts', async () => {
    const sunrise = await createInstitute(t);
    const elsewhere = await t.createUser({ role: 'SchoolStudent', ...placeIn(sunrise, 0) });
    const classmate = await t.createUser({ role: 'Student' });
    for (const user of [elsewhere, classmate]) {
      const res = await content(session.contentKey!, user);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: false, body: { code: 'EXAM_CONTENT_NOT_FOUND' } });
      expectNoKeys(res.body);
      expect(res.body).not.toContain('Newton');
    }
    // Once the classmate has started, the same call answers (a refusal is not remembered).
    expect((await start(classmate)).statusCode).toBe(200);
    expect((await content(session.contentKey!, classmate)).statusCode).toBe(200);
  });

  it('refuses no token (401), the wrong role (403), a bad key (400), and an unknown set or a stale hash (404)', async () => {
    expect((await content(session.contentKey!)).statusCode).toBe(401);
    const teacher = await t.createUser({ role: 'Teacher' });
    expect((await content(session.contentKey!, teacher)).statusCode).toBe(403);
    for (const bad of ['', 'abc', '12', '0-aaaaaaaaaaaaaaaaaaaa', '12-short', `12-${'a'.repeat(65)}`, "12-aaaaaaaaaaaaaaaaaaaa'--"]) {
      const res = await content(bad, student);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().status).toBe(false);
    }
    const key = session.contentKey!;
    const setId = key.slice(0, key.indexOf('-'));
    const hash = key.slice(key.indexOf('-') + 1);
    expect((await content(`${Number(setId) + 1000}-${hash}`, student)).statusCode).toBe(404);
    expect((await content(`${setId}-${'A'.repeat(32)}`, student)).statusCode).toBe(404);
  });
});
