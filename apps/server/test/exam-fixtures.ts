import { STAFF_ROLES, type RouteDef } from '@app/contracts';
import { expect } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './test-app.js';
import { bareActor } from '../src/lib/actor.js';

/** Strings that must never appear in a graded response before submission. */
const KEY_WORDS = ['correctAnswer', 'explanation', 'hiddenCases', 'solution', 'SECRET'];
export function expectNoKeys(raw: string) {
  for (const word of KEY_WORDS) expect(raw).not.toContain(word);
}

/** Questions whose keys are planted with SECRET, to prove they never leak before submission. */
export const secretQuestions = [
  { explanation: 'SECRET explanation', correctAnswerId: 2 },
  { questionType: 'text', data: 'Water boils at {0} °C and freezes at {0} °C.', options: [], correctAnswerId: null, correctAnswerData: [{ id: 'x-0', value: 'SECRET100' }], explanation: 'SECRET' },
  {
    questionType: 'programming',
    data: 'Print the sum of two numbers.',
    options: [],
    correctAnswerId: null,
    solution: 'SECRET solution',
    programming: { codeStubs: { Python: 'a, b = map(int, input().split())\n' }, allowedLanguages: ['Python', 'C'], inputFormat: 'a b', outputFormat: 'a+b', constraints: '0 ≤ a, b ≤ 100', timeLimitMs: 2000, memoryLimitMb: 128 },
    sampleCases: [{ input: '1 2', output: '3' }],
    hiddenCases: [{ input: 'SECRET 40 2', output: '42' }],
    marks: 10,
    negativeMarks: 0,
  },
] as const;

/** The service-level actor of a test user. */
/** The user as a service's actor, with no scope: enough for calls on the user's own attempts. */
export const actorOf = (user: TestUser) => bareActor({ userId: user.id, role: user.role, sessionId: user.sessionId, email: user.email, username: user.username });

/** A well-formed input per call (validation runs before the access check), and the calls that need none. */
export interface AccessSamples {
  samples: Record<string, { body?: object; query?: string }>;
  needsNoInput?: string[];
}

/**
 * Every route of a table answers 401 without a token, 403 for the wrong role (and a parent),
 * 400 for missing input, and never a server error for unknown records.
 */
export async function expectAccessMatrix(
  t: TestApp,
  routes: Record<string, RouteDef>,
  users: { student: TestUser; teacher: TestUser; parent: TestUser },
  { samples, needsNoInput = [] }: AccessSamples,
) {
  for (const [name, route] of Object.entries(routes)) {
    const sample = samples[name];
    expect(sample, `a sample for ${name}`).toBeDefined();
    const call = (user: TestUser | undefined, valid: boolean) =>
      t.call({
        method: route.method,
        url: `/api${route.path}${valid && sample!.query ? `?${sample!.query}` : ''}`,
        headers: user?.headers ?? {},
        ...(route.method === 'GET' ? {} : { payload: valid ? sample!.body : {} }),
      });
    expect((await call(undefined, true)).statusCode, `${name} without a token`).toBe(401);
    const staffOnly = route.access === STAFF_ROLES;
    if (route.access !== 'user') {
      expect((await call(staffOnly ? users.student : users.teacher, true)).statusCode, `${name} wrong role`).toBe(403);
      expect((await call(users.parent, true)).statusCode, `${name} as a parent`).toBe(403);
    }
    const rightRole = staffOnly || route.access === 'user' ? users.teacher : users.student;
    if (!needsNoInput.includes(name)) {
      const empty = await call(rightRole, false);
      expect(empty.statusCode, `${name} empty input`).toBe(400);
      expect(empty.json().message.length).toBeGreaterThan(0);
      // Unknown ids: not found, or refused as not part of a test; never a server error.
      const unknown = await call(rightRole, true);
      expect([400, 404, 422], `${name} unknown record`).toContain(unknown.statusCode);
    }
  }
}

/** A test app with two students and a staff user who reaches both (the client's admin). */
export async function createExamTestApp(): Promise<{ t: TestApp; student: TestUser; other: TestUser; teacher: TestUser }> {
  const t = await createTestApp();
  const student = await t.createUser({ role: 'Student' });
  const other = await t.createUser({ role: 'Student' });
  // Staff act only on students in their scope: the client's admin reaches every student of the client.
  const teacher = await t.createUser({ role: 'ClientAdmin' });
  return { t, student, other, teacher };
}

/** JSON calls as a user (or with no token), for the app the getter returns once it is built. */
export function jsonCalls(app: () => TestApp) {
  return {
    post: (url: string, user: TestUser | undefined, payload: unknown, headers: Record<string, string> = {}) =>
      app().call({ method: 'POST', url, headers: { ...(user?.headers ?? {}), ...headers }, payload: payload as object }),
    get: (url: string, user?: TestUser) => app().call({ method: 'GET', url, headers: user?.headers ?? {} }),
  };
}

/** Sends the same submit until it answers with a score (its close runs in the background); the score. */
export async function submitUntilScored(app: () => TestApp, user: TestUser, body: object) {
  for (let ask = 0; ask < 200; ask++) {
    const res = await jsonCalls(app).post('/api/task/v1/submitTest', user, body);
    expect(res.statusCode).toBe(200);
    if (!res.json().body.isBeingScored) return res.json().body;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('never scored');
}
