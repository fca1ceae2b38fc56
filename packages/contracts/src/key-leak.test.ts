import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.js';
import { routeTablesOf, schemaShape } from './common/schema-keys.js';
import type { RouteDef } from './common/route.js';

/**
 * No route a student, parent or institution may call can carry an answer key: its response
 * schema (serialised on the way out, so undeclared fields are dropped) must not declare one.
 */
const KEY_NAMES = [/^correctAnswer/i, /hidden/i, /^solutions?$/i, /^explanations?$/i];
const isKeyName = (key: string) => KEY_NAMES.some((pattern) => pattern.test(key));

/** The audiences that must never see a key before their time. */
const AUDIENCE = ['Student', 'SchoolStudent', 'Parent', 'Institution'];
const reachesAudience = (route: RouteDef) =>
  route.access === 'public' || route.access === 'user' || route.access.some((role) => AUDIENCE.includes(role));

/** The only routes that show keys, each behind its own rule (tested in the server's key-leak test). */
const EXEMPT: Record<string, string> = {
  'POST /task/v1/revealAnswer': 'practice only, after the student answered or asked',
  'GET /task/v1/feedbackReport': 'only once the attempt is submitted',
  // The mistake notebook shows a card's question as the attempt's feedback report does (its release rule).
  'GET /notebook/v1/cards': 'only as the feedback report of the submitted attempt shows it',
  'POST /notebook/v1/updateCard': 'only as the feedback report of the submitted attempt shows it',
  'POST /notebook/v1/addCard': 'only as the feedback report of the submitted attempt shows it',
  'POST /notebook/v1/answerReview': 'only after the review answer is stored, and only as the test releases its answers',
};

/**
 * Values that can hold anything, reviewed: each is the student's own data sent back to them.
 * A new one fails this test until someone has checked that it cannot carry a key.
 */
const REVIEWED_OPEN: Record<string, string[]> = {
  'POST /task/v1/getSessionDetails': ['localState'],
  'POST /task/v1/practise': ['localState'],
  // The bytes of a stored file, only through a link the server signed for this caller.
  'GET /files/v1/get': ['<root>'],
  // A job's result is seen by the user who asked for the job alone (jobs.policy.ts).
  'GET /jobs/v1/get': ['result'],
  'POST /jobs/v1/cancel': ['result'],
};

const tables = routeTablesOf(contracts as Record<string, unknown>);
const routes = Object.entries(tables).flatMap(([table, defs]) =>
  Object.entries(defs).map(([name, route]) => ({ id: `${route.method} ${route.path}`, name: `${table}.${name}`, route })),
);
const audienceRoutes = routes.filter(({ route }) => reachesAudience(route));

describe('the schema walk', () => {
  it('finds keys through objects, arrays, unions, optionals, records, tuples, intersections, pipes and lazy schemas', () => {
    type Tree = { children: Tree[]; explanation?: string };
    const tree: z.ZodType<Tree> = z.lazy(() => z.object({ children: z.array(tree), explanation: z.string().optional() }));
    const planted = z.object({
      a: z.array(z.object({ correctAnswerID: z.number() })).optional(),
      b: z.union([z.string(), z.object({ deep: z.record(z.string(), z.object({ hiddenCases: z.array(z.string()) })) })]).nullable(),
      c: z.tuple([z.number(), z.object({ solution: z.string() })]),
      d: z.intersection(z.object({ x: z.number() }), z.object({ correctAnswerData: z.string() })).default({ x: 1, correctAnswerData: '' }),
      e: z.string().pipe(z.transform((s) => s)),
      f: tree,
      g: z.looseObject({ y: z.number() }),
      h: z.unknown(),
    });
    const { keys, open } = schemaShape(planted);
    const found = keys.filter((k) => isKeyName(k.key)).map((k) => k.path);
    expect(found.sort()).toEqual(['a[].correctAnswerID', 'b.deep.*.hiddenCases', 'c[].solution', 'd.correctAnswerData', 'f.explanation'].sort());
    expect(open.sort()).toEqual(['g.*', 'h']);
  });

  it('finds every route table, the exam player’s and the question bank’s among them', () => {
    expect(Object.keys(tables)).toEqual(expect.arrayContaining(['authRoutes', 'examRoutes', 'questionBankRoutes', 'runnerRoutes', 'academyRoutes', 'notesRoutes']));
    expect(audienceRoutes.length).toBeGreaterThan(60);
  });
});

describe('answer keys in responses', () => {
  it('no route a student, parent or institution may call declares a key, except the exempt ones', () => {
    const leaks = audienceRoutes
      .filter(({ id }) => !(id in EXEMPT))
      .flatMap(({ id, route }) => schemaShape(route.response).keys.filter((k) => isKeyName(k.key)).map((k) => `${id}: ${k.path}`));
    expect(leaks).toEqual([]);
  });

  it('no such route can pass unreviewed values through', () => {
    const open = audienceRoutes.flatMap(({ id, route }) => schemaShape(route.response).open.map((path) => `${id}: ${path}`));
    const reviewed = Object.entries(REVIEWED_OPEN).flatMap(([id, paths]) => paths.map((path) => `${id}: ${path}`));
    expect(open.sort()).toEqual(reviewed.sort());
  });

  it('the exempt routes are the student’s own, and do carry the key (the exemption is still needed)', () => {
    for (const id of Object.keys(EXEMPT)) {
      const entry = audienceRoutes.find((r) => r.id === id);
      expect(entry, id).toBeDefined();
      expect(schemaShape(entry!.route.response).keys.some((k) => isKeyName(k.key)), id).toBe(true);
    }
  });

  it('the key-bearing authoring schemas are served to staff only', () => {
    const bearing = routes.filter(({ route }) => schemaShape(route.response).keys.some((k) => isKeyName(k.key)));
    const staffOnly = bearing.filter(({ id }) => !(id in EXEMPT));
    expect(staffOnly.map((r) => r.name)).toEqual(expect.arrayContaining(['questionBankRoutes.get', 'questionBankRoutes.create', 'questionBankRoutes.update']));
    for (const { id, route } of staffOnly) {
      expect(route.access, id).not.toBe('public');
      expect(route.access, id).not.toBe('user');
      expect((route.access as readonly string[]).every((role) => contracts.isStaffRole(role)), id).toBe(true);
    }
  });
});
