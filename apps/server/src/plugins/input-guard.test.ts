import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTask, startAttempt, type BuiltTest } from '../../test/factories/academy.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.js';

let t: TestApp;
let student: TestUser;
let test: BuiltTest;
let attemptId: string;

beforeAll(async () => {
  t = await createTestApp();
  student = await t.createUser({ role: 'Student' });
  test = await createTestTask(t.deps.db, { task: { testType: 'practice' } });
  attemptId = (await startAttempt(t, student, test)).TestSessionID;
});
afterAll(async () => t.close());

/** Sends a raw JSON text, as a client that escapes characters itself would. */
function postRaw(method: 'POST' | 'PUT', url: string, json: string) {
  return t.call({ method, url, headers: { ...student.headers, 'content-type': 'application/json' }, payload: json });
}

function expectBadInput(res: { statusCode: number; json: () => any }, message: RegExp) {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.status).toBe(false);
  expect(body.body.code).toBe('VALIDATION_FAILED');
  expect(body.message).toMatch(message);
}

const NUL = /U\+0000/;
const SURROGATE = /unpaired surrogate|invalid character/i;

describe('strings with U+0000 are refused with 400 before they reach the database', () => {
  it('a note title', async () => {
    expectBadInput(await postRaw('POST', '/api/notes/v1/createNotes', '{"title":"a\\u0000b"}'), NUL);
  });

  it('a to-do title', async () => {
    expectBadInput(await postRaw('POST', '/api/todo/v1/create', '{"title":"a\\u0000b"}'), NUL);
  });

  it('a question report message', async () => {
    expectBadInput(await postRaw('POST', '/api/task/v1/reportQuestion', `{"questionTaskMapID":${test.mapIds[0]},"message":"wrong\\u0000"}`), NUL);
  });

  it('answerData', async () => {
    const json = `{"TestSessionID":"${attemptId}","data":[{"questionTaskMapID":${test.mapIds[0]},"questionType":"singleChoice","answerID":1,"answerData":"x\\u0000","seq":1}]}`;
    expectBadInput(await postRaw('POST', '/api/task/v1/saveAnswer', json), NUL);
  });

  it('localState, also as an object key', async () => {
    expectBadInput(await postRaw('POST', '/api/task/v1/saveSessionDetails', `{"TestSessionID":"${attemptId}","localState":{"note":"a\\u0000"}}`), NUL);
    expectBadInput(await postRaw('POST', '/api/task/v1/saveSessionDetails', `{"TestSessionID":"${attemptId}","localState":{"a\\u0000":1}}`), NUL);
  });

  it('a query string', async () => {
    expectBadInput(await t.call({ method: 'GET', url: '/api/todo/v1/list?tz=Asia%2FKolkata%00', headers: student.headers }), NUL);
  });

  it('names the field', async () => {
    const res = await postRaw('POST', '/api/notes/v1/createNotes', '{"title":"ok","checklist":[{"text":"x\\u0000"}]}');
    expect(res.json().body.fields).toHaveProperty(['checklist.0.text']);
  });
});

describe('lone surrogates are refused with 400', () => {
  it('a high surrogate alone, a low surrogate alone, in a title and in localState', async () => {
    expectBadInput(await postRaw('POST', '/api/notes/v1/createNotes', '{"title":"a\\ud800b"}'), SURROGATE);
    expectBadInput(await postRaw('POST', '/api/todo/v1/create', '{"title":"\\udc00"}'), SURROGATE);
    expectBadInput(await postRaw('POST', '/api/task/v1/saveSessionDetails', `{"TestSessionID":"${attemptId}","localState":["\\ud83d"]}`), SURROGATE);
  });

  it('keeps a proper pair (an emoji) and Tamil text', async () => {
    const res = await postRaw('POST', '/api/notes/v1/createNotes', '{"title":"\\ud83d\\ude00 குறிப்பு"}');
    expect(res.statusCode).toBe(200);
    expect(res.json().body.title).toBe('😀 குறிப்பு');
  });
});

describe('ids beyond the database integer are refused with 400', () => {
  it('in a body and in a query', async () => {
    for (const id of [2 ** 31, 2 ** 53 - 1]) {
      expectBadInput(await postRaw('PUT', '/api/todo/v1/update', `{"id":${id},"title":"x"}`), /id/i);
      expectBadInput(await t.call({ method: 'DELETE', url: `/api/notes/v1/deleteNotes?id=${id}`, headers: student.headers }), /id/i);
      expectBadInput(await postRaw('POST', '/api/task/v1/reportQuestion', `{"questionTaskMapID":${id},"message":"x"}`), /id/i);
    }
    // The largest id the database holds is still an id: not found, not refused.
    expect((await postRaw('PUT', '/api/todo/v1/update', `{"id":${2 ** 31 - 1},"title":"x"}`)).statusCode).toBe(404);
  });

  it('in an integer field of an answer', async () => {
    const json = `{"TestSessionID":"${attemptId}","data":[{"questionTaskMapID":${2 ** 31},"questionType":"singleChoice","answerID":1,"seq":1}]}`;
    const res = await postRaw('POST', '/api/task/v1/saveAnswer', json);
    expect(res.statusCode).toBe(400);
    expect(res.json().body.code).toBe('VALIDATION_FAILED');
  });
});

describe('deeply nested JSON is refused with 400', () => {
  it('a 20,000-deep localState', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    expectBadInput(await postRaw('POST', '/api/task/v1/saveSessionDetails', `{"TestSessionID":"${attemptId}","localState":${deep}}`), /nested too deeply/i);
  });

  it('keeps an ordinary nested localState', async () => {
    const res = await postRaw('POST', '/api/task/v1/saveSessionDetails', `{"TestSessionID":"${attemptId}","localState":{"a":{"b":{"c":[1,2,{"d":"e"}]}}}}`);
    expect(res.statusCode).toBe(200);
  });
});
