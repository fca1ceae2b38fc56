import { IMAGE_UPLOAD_MAX_BYTES, type Challenge, type ChallengeList, type Thread } from '@app/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../../test/test-app.js';
import { createTestApp } from '../../../test/test-app.js';
import { createTestTask, saveAnswers, startAttempt, submitTest, type BuiltTest } from '../../../test/factories/academy.js';
import { createInstitute, placeIn, type TestInstitute } from '../../../test/factories/scope.js';
import { jsonCalls } from '../../../test/exam-fixtures.js';
import { tinyJpeg, tinyPdf, tinyPng, tinyWebp } from '../../../test/fixtures/files.js';
import { multipartBody } from '../../../test/multipart.js';
import { keyChallenges } from '../../db/schema/index.js';

/**
 * A picture with a key challenge (issue 35): PNG, JPEG or WebP by content, the image size limit,
 * seen by the challenger and the test's staff only. Institute A owns a test of two questions;
 * Asha and Bala sit it; a student and a teacher of institute B stand for "another institute".
 */
let t: TestApp;
let a: TestInstitute;
let b: TestInstitute;
let teacher: TestUser;
let teacherB: TestUser;
let asha: TestUser;
let bala: TestUser;
let test: BuiltTest;
let challenge: Challenge;
/** Bala's challenge of question 2: the refusals are sent for it (each student may send 10 a minute). */
let balaChallenge: Challenge;
const { get, post } = jsonCalls(() => t);

async function sit(name: string, institute: TestInstitute, on: BuiltTest): Promise<TestUser> {
  const student = await t.createUser({ role: 'Student', firstName: name, lastName: 'S', ...placeIn(institute, 0, 0) });
  const session = await startAttempt(t, student, on);
  const data = on.mapIds.map((questionTaskMapID) => ({ questionTaskMapID, questionType: 'singleChoice', answerID: 3, timeSpent: 5, seq: 1 }));
  expect((await saveAnswers(t, student, session.TestSessionID, data)).statusCode).toBe(200);
  expect((await submitTest(t, student, session.TestSessionID, on.task.id)).statusCode).toBe(200);
  return student;
}

const q = (i: number) => ({ taskId: test.task.id, questionTaskMapID: test.mapIds[i]! });

/** Sends a picture for a challenge as a browser does (multipart field `file`). */
function attach(user: TestUser | undefined, challengeId: number | string, bytes: Buffer, options: { fileName?: string; contentType?: string; field?: string; language?: string } = {}) {
  const form = multipartBody(bytes, { fileName: options.fileName ?? 'working.png', contentType: options.contentType ?? 'image/png', field: options.field ?? 'file' });
  return t.call({
    method: 'POST',
    url: `/api/challenges/v1/image?challengeId=${challengeId}`,
    headers: { ...(user?.headers ?? {}), ...form.headers, ...(options.language ? { language: options.language } : {}) },
    payload: form.payload,
  });
}

/** The bytes and type behind a signed link the API handed out. */
async function open(link: string) {
  const url = new URL(link, 'http://localhost');
  const res = await t.call({ method: 'GET', url: `${url.pathname}${url.search}` });
  return { status: res.statusCode, type: res.headers['content-type'], bytes: res.rawPayload };
}

const rowOf = async (id: number) => (await t.deps.db.select().from(keyChallenges).where(eq(keyChallenges.id, id)))[0]!;
const storedPictures = (id: number) => {
  const dir = path.join(t.deps.uploadsDir, 'challenges', String(id));
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.endsWith('~meta.json')).length : 0;
};
const listOf = async (user: TestUser): Promise<ChallengeList> => {
  const res = await get(`/api/challenges/v1/list?taskId=${test.task.id}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body as ChallengeList;
};

beforeAll(async () => {
  t = await createTestApp();
  a = await createInstitute(t);
  b = await createInstitute(t);
  teacher = await t.createUser({ role: 'SchoolTeacher', ...placeIn(a) });
  teacherB = await t.createUser({ role: 'SchoolTeacher', ...placeIn(b) });
  const own = { ownerInstituteId: a.id, ownerClientId: a.clientId };
  test = await createTestTask(t.deps.db, { task: { name: 'Picture test', ...own }, sections: [{ questions: [{ ...own }, { ...own }] }] });
  asha = await sit('Asha', a, test);
  bala = await sit('Bala', a, test);
  const res = await post('/api/challenges/v1/challenge', asha, { ...q(0), reason: 'Option 3 is right: see my working in the picture.' });
  expect(res.statusCode, res.body).toBe(200);
  challenge = res.json().body as Challenge;
  expect(challenge.imageUrl).toBeNull();
  const other = await post('/api/challenges/v1/challenge', bala, { ...q(1), reason: 'Option 3 again, the units say so.' });
  expect(other.statusCode, other.body).toBe(200);
  balaChallenge = other.json().body as Challenge;
});
afterAll(async () => t.close());

describe('a picture with a key challenge', () => {
  it('is taken from the challenger (PNG, JPEG or WebP), shown to them and to the test’s staff through a link', async () => {
    const png = tinyPng();
    const res = await attach(asha, challenge.id, png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The picture was added to your challenge');
    const sent = res.json().body as Challenge;
    expect(sent).toMatchObject({ id: challenge.id, status: 'open' });
    expect(await open(sent.imageUrl!)).toMatchObject({ status: 200, type: 'image/png', bytes: png });
    expect(await rowOf(challenge.id)).toMatchObject({ imageType: 'image/png' });

    // The challenger sees it with their challenge, in the thread and in their list.
    const thread = (await get(`/api/challenges/v1/thread?taskId=${test.task.id}&questionTaskMapID=${test.mapIds[0]}`, asha)).json().body as Thread;
    expect(await open(thread.myChallenge!.imageUrl!)).toMatchObject({ status: 200, bytes: png });
    const mine = (await get(`/api/challenges/v1/mine?taskId=${test.task.id}`, asha)).json().body as Challenge[];
    expect(mine.map((c) => c.imageUrl === null)).toEqual([false]);
    // The test's staff see it beside the challenge.
    const listed = (await listOf(teacher)).questions.find((x) => x.questionTaskMapID === test.mapIds[0])!.challenges[0]!;
    expect(listed.id).toBe(challenge.id);
    expect(await open(listed.imageUrl!)).toMatchObject({ status: 200, type: 'image/png', bytes: png });

    // A second picture replaces the first (JPEG, then WebP): one file kept.
    const jpeg = await attach(asha, challenge.id, tinyJpeg(), { fileName: 'photo.jpg', contentType: 'image/jpeg' });
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect(await open(jpeg.json().body.imageUrl)).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect(await open(sent.imageUrl!)).toMatchObject({ status: 404 });
    const webp = await attach(asha, challenge.id, tinyWebp(), { fileName: 'screen.webp', contentType: 'image/webp' });
    expect(webp.statusCode, webp.body).toBe(200);
    expect(await open(webp.json().body.imageUrl)).toMatchObject({ status: 200, type: 'image/webp', bytes: tinyWebp() });
    expect(storedPictures(challenge.id)).toBe(1);
  });

  it('refuses a file that is not such a picture by its content, an empty or over-large one and a missing one, with a clear message, changing nothing', async () => {
    const before = await rowOf(balaChallenge.id);
    const files = storedPictures(balaChallenge.id);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const cases: [Buffer, { fileName?: string; contentType?: string; field?: string }, number, string][] = [
      // Named and typed as a PNG, but a GIF and a PDF by their bytes.
      [gif, { fileName: 'working.png', contentType: 'image/png' }, 400, 'allowed: PNG, JPEG, WebP. The file was checked by its content'],
      [tinyPdf(), { fileName: 'working.png' }, 400, 'allowed: PNG, JPEG, WebP'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), { fileName: 'x.png' }, 400, 'checked by its content'],
      [Buffer.alloc(0), {}, 400, 'The file is empty.'],
      [Buffer.concat([tinyPng(), Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]), {}, 413, 'too large'],
      [tinyPng(), { field: 'picture' }, 400, 'The file is empty.'],
    ];
    for (const [bytes, options, status, message] of cases) {
      const res = await attach(bala, balaChallenge.id, bytes, options);
      expect(res.statusCode, `${options.fileName ?? ''} ${bytes.length}`).toBe(status);
      expect(res.json().status).toBe(false);
      expect(res.json().message.toLowerCase()).toContain(message.toLowerCase());
    }
    const tamil = await attach(bala, balaChallenge.id, gif, { language: 'tn' });
    expect(tamil.json().message).toContain('உள்ளடக்கத்தால் சரிபார்க்கப்பட்டது');
    // Not a multipart form at all, and a challenge id that is not one.
    expect((await post(`/api/challenges/v1/image?challengeId=${balaChallenge.id}`, bala, { file: 'x' })).statusCode).toBe(400);
    expect(await rowOf(balaChallenge.id)).toEqual(before);
    expect(storedPictures(balaChallenge.id)).toBe(files);
  });

  it('is the challenger’s own: another student, another institute, staff and nobody signed in cannot add or see it', async () => {
    const before = await rowOf(challenge.id);
    // Another student of the same institute and test, a student of another institute: 404, nothing stored.
    const indu = await t.createUser({ role: 'Student', ...placeIn(b, 0, 0) });
    for (const student of [bala, indu]) {
      const res = await attach(student, challenge.id, tinyPng());
      expect(res.statusCode).toBe(404);
      expect(res.json().body.code).toBe('CHALLENGE_NOT_FOUND');
    }
    expect((await attach(asha, 999_999, tinyPng())).statusCode).toBe(404);
    expect((await attach(asha, 'abc', tinyPng())).statusCode).toBe(400);
    // Staff do not send pictures (wrong role), nor does anyone without a token.
    expect((await attach(teacher, challenge.id, tinyPng())).statusCode).toBe(403);
    expect((await attach(undefined, challenge.id, tinyPng())).statusCode).toBe(401);
    expect(await rowOf(challenge.id)).toEqual(before);

    // Bala's own view of the question holds no link to Asha's picture; B's teacher does not reach the test.
    const balaThread = await get(`/api/challenges/v1/thread?taskId=${test.task.id}&questionTaskMapID=${test.mapIds[0]}`, bala);
    expect(balaThread.statusCode).toBe(200);
    expect((balaThread.json().body as Thread).myChallenge).toBeNull();
    expect(balaThread.body).not.toContain('challenges%2F');
    expect(balaThread.body).not.toContain('challenges/');
    const balaMine = (await get(`/api/challenges/v1/mine?taskId=${test.task.id}`, bala)).json().body as Challenge[];
    expect(balaMine.map((c) => [c.id, c.imageUrl])).toEqual([[balaChallenge.id, null]]);
    expect((await get(`/api/challenges/v1/list?taskId=${test.task.id}`, teacherB)).statusCode).toBe(404);
    expect((await get(`/api/challenges/v1/mine?taskId=${test.task.id}`, indu)).statusCode).toBe(404);
  });

  it('cannot be added once the teachers decided; the decided challenge keeps its picture for staff and the challenger', async () => {
    const decided = await post('/api/challenges/v1/decide', teacher, { ...q(0), decision: 'keep', note: 'Option 2 is right: see the explanation.' });
    expect(decided.statusCode, decided.body).toBe(200);
    const before = await rowOf(challenge.id);
    const late = await attach(asha, challenge.id, tinyPng());
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('already decided');
    expect(await rowOf(challenge.id)).toEqual(before);
    const listed = (await listOf(teacher)).questions.find((x) => x.questionTaskMapID === test.mapIds[0])!.challenges[0]!;
    expect([listed.id, listed.status]).toEqual([challenge.id, 'keep']);
    expect(await open(listed.imageUrl!)).toMatchObject({ status: 200, type: 'image/webp' });
    const mine = (await get(`/api/challenges/v1/mine?taskId=${test.task.id}`, asha)).json().body as Challenge[];
    expect(await open(mine[0]!.imageUrl!)).toMatchObject({ status: 200, type: 'image/webp' });
  });
});
