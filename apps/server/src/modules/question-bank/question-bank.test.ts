import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthoringQuestion, CreateQuestionBody, ExamSession, Role } from '@app/contracts';
import { attemptSummaries, auditLog, institutes, questionTopics, questionVersionTexts, questionVersions, questions, regradeAttempts, regrades, taskQuestions, tasks, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { addQuestionToTask, createCourse, createTestTask, createTopic, saveAnswers, startAttempt, submitTest, withContent } from '../../../test/factories/academy.js';

let t: TestApp;
let sunrise: number;
let kaveri: number;
let teacher: TestUser;
let colleague: TestUser;
let otherTeacher: TestUser;
let clientAdmin: TestUser;
let foreignAdmin: TestUser;
let student: TestUser;
let parent: TestUser;

const post = (url: string, user: TestUser | undefined, payload: unknown) =>
  t.call({ method: 'POST', url, headers: user?.headers ?? {}, payload: payload as object });
const get = (url: string, user?: TestUser) => t.call({ method: 'GET', url, headers: user?.headers ?? {} });

async function staff(role: Role, instituteId: number | null, clientId = 'neetprep'): Promise<TestUser> {
  const user = await t.createUser({ role });
  await t.deps.db.update(users).set({ instituteId, clientId }).where(eq(users.id, user.id));
  return user;
}

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.deps.db.insert(institutes).values([{ name: 'Sunrise Academy' }, { name: 'Kaveri School' }]).returning();
  [sunrise, kaveri] = [rows[0]!.id, rows[1]!.id];
  teacher = await staff('Teacher', sunrise);
  colleague = await staff('InstituteAdmin', sunrise);
  otherTeacher = await staff('SchoolTeacher', kaveri);
  clientAdmin = await staff('ClientAdmin', sunrise);
  foreignAdmin = await staff('ClientAdmin', null, 'otherclient');
  // A client exists with its roles' permissions (every start creates them for the clients accounts name).
  await t.app.services.roles.ensureClient({ id: 'otherclient', name: 'Other client' });
  student = await staff('Student', sunrise);
  parent = await staff('Parent', sunrise);
});
afterAll(async () => t.close());

const choice = (overrides: Partial<CreateQuestionBody> = {}): CreateQuestionBody => ({
  questionType: 'singleChoice',
  difficulty: 'easy',
  marks: 4,
  negativeMarks: 1,
  correctAnswerId: 2,
  tags: ['Kinematics'],
  texts: {
    en: {
      data: 'A body starts from rest with 2 m/s². The distance in 5 s is',
      options: [
        { answerID: 1, answerData: '10 m' },
        { answerID: 2, answerData: '25 m' },
        { answerID: 3, answerData: '50 m' },
      ],
      explanation: 's = ½at² = 25 m.',
    },
    tn: {
      data: '5 விநாடிகளில் ஓய்விலிருந்து 2 மீ/வி² முடுக்கத்துடன் கடக்கும் தூரம்',
      options: [
        { answerID: 1, answerData: '10 மீ' },
        { answerID: 2, answerData: '25 மீ' },
        { answerID: 3, answerData: '50 மீ' },
      ],
      explanation: 's = ½at² = 25 மீ.',
    },
  },
  ...overrides,
});

async function create(user: TestUser, body: CreateQuestionBody = choice()): Promise<AuthoringQuestion> {
  const res = await post('/api/question-bank/v1/create', user, body);
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().body as AuthoringQuestion;
}

const questionCount = async () => Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(questions))[0]!.n);

describe('POST /api/question-bank/v1/create', () => {
  it('creates version 1 with both language variants, topics, tags and the author’s institute as owner', async () => {
    const course = await createCourse(t.deps.db);
    const topic = await createTopic(t.deps.db, course.id, { name: 'Kinematics' });
    const q = await create(teacher, choice({ topicIds: [topic.id], tags: ['Kinematics', 'NEET 2019', 'kinematics'] }));
    expect(q).toMatchObject({
      questionType: 'singleChoice',
      difficulty: 'easy',
      owner: { kind: 'institute', instituteId: sunrise, clientId: 'neetprep' },
      topics: [{ topicId: topic.id, courseId: course.id, name: 'Kinematics' }],
      tags: ['Kinematics', 'NEET 2019'],
      currentVersion: 1,
      isEditable: true,
      versions: [{ version: 1, changeNote: null }],
    });
    expect(q.version).toMatchObject({ version: 1, marks: 4, negativeMarks: 1, correctAnswerId: 2, defaultLanguage: 'en' });
    expect(q.version.texts.tn?.options.map((o) => o.answerData)).toEqual(['10 மீ', '25 மீ', '50 மீ']);
    expect(q.version.texts.en?.explanation).toBe('s = ½at² = 25 m.');
    expect(q.version.createdByName).toContain('Test');
  });

  it('gives blank keys the ids the player uses, and takes every kind the player knows', async () => {
    const blanks = await create(teacher, {
      questionType: 'text',
      correctAnswerData: [{ value: '60' }, { value: '16.7', tolerance: 0.1 }],
      texts: { en: { data: 'Speed is {0} km/h, that is {0} m/s.' } },
    });
    expect(blanks.version.correctAnswerData).toEqual([
      { id: `${blanks.questionId}-0`, value: '60' },
      { id: `${blanks.questionId}-1`, value: '16.7', tolerance: 0.1 },
    ]);
    const program = await create(teacher, {
      questionType: 'programming',
      programming: { codeStubs: { Python: '' }, allowedLanguages: ['Python'], inputFormat: 'a b', outputFormat: 'a+b', constraints: '', timeLimitMs: 2000, memoryLimitMb: 128 },
      sampleCases: [{ input: '1 2', output: '3' }],
      hiddenCases: [{ input: '40 2', output: '42' }],
      solution: 'print(sum(map(int, input().split())))',
      texts: { tn: { data: 'இரண்டு எண்களின் கூட்டுத்தொகையை அச்சிடுக.' } },
      defaultLanguage: 'tn',
    });
    expect(program.version).toMatchObject({ defaultLanguage: 'tn', hiddenCases: [{ input: '40 2', output: '42' }] });
    for (const questionType of ['comprehensive', 'xlsx', 'docx', 'pptx'] as const) {
      const q = await create(teacher, { questionType, lineNumber: 5, texts: { en: { data: `A ${questionType} task.` } } });
      expect(q.questionType).toBe(questionType);
    }
    const image = await create(teacher, choice({ questionType: 'image', contentType: 'image', mediaUrl: 'data:image/png;base64,AAAA' }));
    expect(image.version.mediaUrl).toBe('data:image/png;base64,AAAA');
    const multiple = await create(teacher, choice({ questionType: 'multipleChoice', correctAnswerId: [1, 3], allowsPartialCredit: true }));
    expect(multiple.version.correctAnswerId).toEqual([1, 3]);
  });

  it('refuses content that does not fit its kind (400 with the field), writing nothing', async () => {
    const before = await questionCount();
    const cases: [Partial<CreateQuestionBody>, string][] = [
      [{ correctAnswerId: 9 }, 'correctAnswerId'],
      [{ questionType: 'multipleChoice', correctAnswerId: 2 }, 'correctAnswerId'],
      [{ texts: { tn: choice().texts.tn } }, 'texts.en'],
      [{ texts: { en: { data: 'Only one option?', options: [{ answerID: 1, answerData: 'yes' }] } } }, 'texts.en.options'],
      [{ texts: { ...choice().texts, tn: { data: 'வேறு', options: [{ answerID: 7, answerData: 'a' }, { answerID: 8, answerData: 'b' }] } } }, 'texts.tn.options'],
      [{ questionType: 'image' }, 'mediaUrl'],
      [{ questionType: 'text', correctAnswerData: [{ value: '1' }], texts: { en: { data: 'Two blanks {0} and {0}.' } } }, 'correctAnswerData'],
      [{ questionType: 'comprehensive', texts: { en: { data: 'Explain.' } } }, 'lineNumber'],
      [{ questionType: 'programming', texts: { en: { data: 'Write a program.' } } }, 'programming'],
    ];
    for (const [overrides, field] of cases) {
      const res = await post('/api/question-bank/v1/create', teacher, choice(overrides));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().status).toBe(false);
      expect(Object.keys(res.json().body.fields), field).toContain(field);
    }
    const tamil = await t.call({ method: 'POST', url: '/api/question-bank/v1/create', headers: { ...teacher.headers, language: 'tn' }, payload: choice({ correctAnswerId: 9 }) });
    expect(tamil.json().body.fields.correctAnswerId).toContain('சரியான விடை');
    // Bad shapes are refused at the edge.
    for (const body of [{}, { ...choice(), questionType: 'essay' }, { ...choice(), marks: -1 }, { ...choice(), difficulty: 'brutal' }, { ...choice(), texts: { en: { data: '' } } }]) {
      expect((await post('/api/question-bank/v1/create', teacher, body)).statusCode).toBe(400);
    }
    expect((await post('/api/question-bank/v1/create', teacher, choice({ topicIds: [999_999] }))).statusCode).toBe(400);
    expect(await questionCount()).toBe(before);
  });

  it('answers 401 without a token and 403 to students, parents and institutions; client ownership needs a client administrator', async () => {
    const institution = await staff('Institution', sunrise);
    expect((await post('/api/question-bank/v1/create', undefined, choice())).statusCode).toBe(401);
    for (const user of [student, parent, institution]) expect((await post('/api/question-bank/v1/create', user, choice())).statusCode).toBe(403);
    expect((await post('/api/question-bank/v1/create', teacher, choice({ owner: 'client' }))).json().body.code).toBe('QB_NOT_EDITABLE');
    const shared = await create(clientAdmin, choice({ owner: 'client' }));
    expect(shared.owner).toEqual({ kind: 'client', instituteId: null, clientId: 'neetprep' });
    const homeless = await staff('Teacher', null);
    expect((await post('/api/question-bank/v1/create', homeless, choice())).json().body.code).toBe('QB_NO_INSTITUTE');
  });
});

describe('scope: who sees and changes a question', () => {
  it('shows an institute’s questions to its staff only, and the client’s shared ones to all its staff; anyone else gets 404', async () => {
    const own = await create(teacher);
    const shared = await create(clientAdmin, choice({ owner: 'client' }));
    expect((await get(`/api/question-bank/v1/get?questionId=${own.questionId}`, colleague)).statusCode).toBe(200);
    for (const outsider of [otherTeacher, foreignAdmin]) {
      expect((await get(`/api/question-bank/v1/get?questionId=${own.questionId}`, outsider)).statusCode).toBe(404);
      expect((await post('/api/question-bank/v1/update', outsider, { questionId: own.questionId, expectedVersion: 1, marks: 1 })).statusCode).toBe(404);
      expect((await post('/api/question-bank/v1/regrade', outsider, { questionId: own.questionId })).statusCode).toBe(404);
      expect((await get(`/api/question-bank/v1/regrades?questionId=${own.questionId}`, outsider)).statusCode).toBe(404);
    }
    const seen = await get(`/api/question-bank/v1/get?questionId=${shared.questionId}`, otherTeacher);
    expect(seen.json().body).toMatchObject({ questionId: shared.questionId, isEditable: false });
    expect((await get(`/api/question-bank/v1/get?questionId=${shared.questionId}`, foreignAdmin)).statusCode).toBe(404);
    // A teacher reads the shared library but only a client administrator changes it.
    const refused = await post('/api/question-bank/v1/update', otherTeacher, { questionId: shared.questionId, expectedVersion: 1, marks: 1 });
    expect(refused.statusCode).toBe(403);
    expect((await get(`/api/question-bank/v1/get?questionId=${shared.questionId}`, clientAdmin)).json().body.currentVersion).toBe(1);
    expect((await get('/api/question-bank/v1/get?questionId=999999', teacher)).statusCode).toBe(404);
    expect((await get('/api/question-bank/v1/get?questionId=abc', teacher)).statusCode).toBe(400);
    expect((await get(`/api/question-bank/v1/get?questionId=${own.questionId}`, student)).statusCode).toBe(403);
    expect((await get(`/api/question-bank/v1/get?questionId=${own.questionId}`)).statusCode).toBe(401);
  });
});

describe('POST /api/question-bank/v1/update: versions', () => {
  it('adds a version for a change of content or key; the old version stays as it was', async () => {
    const q = await create(teacher);
    const res = await post('/api/question-bank/v1/update', colleague, {
      questionId: q.questionId,
      expectedVersion: 1,
      correctAnswerId: 3,
      texts: { en: { ...choice().texts.en!, explanation: 'Corrected.' } },
      changeNote: 'Key corrected',
    });
    expect(res.statusCode).toBe(200);
    const v2 = res.json().body as AuthoringQuestion;
    expect(v2).toMatchObject({ currentVersion: 2, version: { version: 2, correctAnswerId: 3, changeNote: 'Key corrected' } });
    expect(v2.version.texts.en?.explanation).toBe('Corrected.');
    // A variant not sent is kept.
    expect(v2.version.texts.tn?.explanation).toBe('s = ½at² = 25 மீ.');
    expect(v2.versions.map((v) => v.version)).toEqual([2, 1]);
    const v1 = (await get(`/api/question-bank/v1/get?questionId=${q.questionId}&version=1`, teacher)).json().body as AuthoringQuestion;
    expect(v1).toMatchObject({ currentVersion: 2, version: { version: 1, correctAnswerId: 2 } });
    expect(v1.version.texts.en?.explanation).toBe('s = ½at² = 25 m.');
    expect((await get(`/api/question-bank/v1/get?questionId=${q.questionId}&version=3`, teacher)).statusCode).toBe(404);
  });

  it('keeps a written answer’s marking rubric with its version; a rubric change is a new version', async () => {
    const body: CreateQuestionBody = { questionType: 'comprehensive', lineNumber: 6, correctAnswerData: 'Water moves to the saltier side.', rubric: '2 marks: membrane; 2 marks: direction', texts: { en: { data: 'Explain osmosis.' } } };
    const q = await create(teacher, body);
    expect(q.version).toMatchObject({ rubric: '2 marks: membrane; 2 marks: direction', correctAnswerData: 'Water moves to the saltier side.' });
    const before = await questionCount();
    const tooLong = await post('/api/question-bank/v1/create', teacher, { ...body, rubric: 'x'.repeat(20_001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ status: false, body: { fields: { rubric: expect.any(String) } } });
    expect(await questionCount()).toBe(before);
    const changed = await post('/api/question-bank/v1/update', colleague, { questionId: q.questionId, expectedVersion: 1, rubric: '4 marks: membrane and direction' });
    expect(changed.json().body).toMatchObject({ currentVersion: 2, version: { rubric: '4 marks: membrane and direction', lineNumber: 6 } });
    const v1 = (await get(`/api/question-bank/v1/get?questionId=${q.questionId}&version=1`, teacher)).json().body as AuthoringQuestion;
    expect(v1.version.rubric).toBe('2 marks: membrane; 2 marks: direction');
    expect((await post('/api/question-bank/v1/update', otherTeacher, { questionId: q.questionId, expectedVersion: 2, rubric: 'Mine' })).statusCode).toBe(404);
  });

  it('changes classification in place, ignores an edit that changes nothing, and refuses a stale version (409)', async () => {
    const q = await create(teacher);
    const course = await createCourse(t.deps.db);
    const topic = await createTopic(t.deps.db, course.id);
    const classified = await post('/api/question-bank/v1/update', teacher, { questionId: q.questionId, expectedVersion: 1, difficulty: 'hard', tags: ['Optics'], topicIds: [topic.id] });
    expect(classified.json().body).toMatchObject({ currentVersion: 1, difficulty: 'hard', tags: ['Optics'], topics: [{ topicId: topic.id }] });
    const same = await post('/api/question-bank/v1/update', teacher, { questionId: q.questionId, expectedVersion: 1, marks: 4, correctAnswerId: 2 });
    expect(same.json().body.currentVersion).toBe(1);
    await post('/api/question-bank/v1/update', teacher, { questionId: q.questionId, expectedVersion: 1, marks: 5 });
    const stale = await post('/api/question-bank/v1/update', colleague, { questionId: q.questionId, expectedVersion: 1, marks: 6 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().body.code).toBe('QB_VERSION_CONFLICT');
    const versions = await t.deps.db.select().from(questionVersions).where(eq(questionVersions.questionId, q.questionId));
    expect(versions.map((v) => v.marks).sort()).toEqual([4, 5]);
  });

  it('refuses bad edits with 400 and keeps the current version', async () => {
    const q = await create(teacher);
    const cases = [
      { questionId: q.questionId, expectedVersion: 1, correctAnswerId: 7 },
      { questionId: q.questionId, expectedVersion: 1, texts: { en: null } },
      { questionId: q.questionId, expectedVersion: 1, marks: 'four' },
      { questionId: q.questionId },
      { expectedVersion: 1, marks: 2 },
      { questionId: q.questionId, expectedVersion: 1, topicIds: [999_999] },
    ];
    for (const body of cases) expect((await post('/api/question-bank/v1/update', teacher, body)).statusCode, JSON.stringify(body)).toBe(400);
    // Removing a variant that is not the default language is a new version.
    const removed = await post('/api/question-bank/v1/update', teacher, { questionId: q.questionId, expectedVersion: 1, texts: { tn: null } });
    expect(removed.json().body).toMatchObject({ currentVersion: 2 });
    expect(removed.json().body.version.texts.tn).toBeUndefined();
    expect((await post('/api/question-bank/v1/update', student, { questionId: q.questionId, expectedVersion: 2, marks: 1 })).statusCode).toBe(403);
    expect((await post('/api/question-bank/v1/update', undefined, { questionId: q.questionId, expectedVersion: 2, marks: 1 })).statusCode).toBe(401);
  });
});

describe('GET /api/question-bank/v1/list', () => {
  it('filters by topic, tag, kind, difficulty, language, owner and words, within the caller’s scope', async () => {
    // A client of its own, so that other tests' questions stay out of these lists.
    const [a, b] = await t.deps.db.insert(institutes).values([{ name: 'List A' }, { name: 'List B' }]).returning();
    const teacherA = await staff('Teacher', a!.id, 'listclient');
    const teacherB = await staff('Teacher', b!.id, 'listclient');
    const admin = await staff('ClientAdmin', a!.id, 'listclient');
    const course = await createCourse(t.deps.db);
    const topic = await createTopic(t.deps.db, course.id);
    const q1 = (await create(teacherA, choice({ topicIds: [topic.id], tags: ['Optics'], difficulty: 'hard' }))).questionId;
    const q2 = (await create(teacherA, { questionType: 'comprehensive', lineNumber: 4, tags: ['Genetics'], texts: { tn: { data: 'டிஎன்ஏ பற்றி எழுதுக.' } }, defaultLanguage: 'tn' })).questionId;
    const q3 = (await create(admin, choice({ owner: 'client', texts: { en: { ...choice().texts.en!, data: 'Refraction through a prism' } } }))).questionId;
    await create(teacherB, choice());
    const list = async (query: string, user: TestUser = teacherA) => {
      const res = await get(`/api/question-bank/v1/list${query}`, user);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().body as { items: { questionId: number; languages: string[]; preview: string }[]; total: number };
    };
    const ids = async (query: string, user?: TestUser) => (await list(query, user)).items.map((i) => i.questionId).sort((x, y) => x - y);
    expect(await ids('')).toEqual([q1, q2, q3]);
    expect(await ids(`?topicId=${topic.id}`)).toEqual([q1]);
    expect(await ids('?tag=optics')).toEqual([q1]);
    expect(await ids('?questionType=comprehensive')).toEqual([q2]);
    expect(await ids('?difficulty=hard')).toEqual([q1]);
    expect(await ids('?language=tn')).toEqual([q1, q2]);
    expect(await ids('?owner=client')).toEqual([q3]);
    expect(await ids('?owner=institute')).toEqual([q1, q2]);
    expect(await ids('?search=prism')).toEqual([q3]);
    expect(await ids('?search=100%25')).toEqual([]);
    expect((await ids('', teacherB)).length).toBe(2);
    const page = await list('?pageSize=2&page=2');
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(1);
    expect((await list('?questionType=comprehensive')).items[0]).toMatchObject({ languages: ['tn'], preview: 'டிஎன்ஏ பற்றி எழுதுக.' });
    // Used in: the tests a question is placed in, as a filter and on each row.
    const placed = await createTestTask(t.deps.db, { task: { name: 'Optics mock test' }, sections: [{ questions: [] }] });
    await addQuestionToTask(t.deps.db, placed.task.id, placed.sections[0]!.id, q1);
    expect(await ids('?usedIn=used')).toEqual([q1]);
    expect(await ids('?usedIn=unused')).toEqual([q2, q3]);
    const rows = (await list('')).items as unknown as { questionId: number; usedIn: unknown[] }[];
    expect(rows.find((r) => r.questionId === q1)!.usedIn).toEqual([{ taskId: placed.task.id, courseId: placed.course.id, name: 'Optics mock test' }]);
    expect(rows.find((r) => r.questionId === q2)!.usedIn).toEqual([]);
    // Marks and what a wrong answer costs, so a test's setup shows what will apply.
    expect(rows.find((r) => r.questionId === q1)).toMatchObject({ marks: 4, negativeMarks: 1 });
    // The list carries no key.
    expect(JSON.stringify((await list('')).items)).not.toMatch(/correctAnswer|explanation|hiddenCases|solution|rubric/);
    for (const query of ['?difficulty=brutal', '?pageSize=1000', '?questionType=essay', '?topicId=x', '?language=fr', '?usedIn=sometimes']) {
      expect((await get(`/api/question-bank/v1/list${query}`, teacherA)).statusCode, query).toBe(400);
    }
    expect((await get('/api/question-bank/v1/list', student)).statusCode).toBe(403);
    expect((await get('/api/question-bank/v1/list')).statusCode).toBe(401);
  });
});

describe('versions in attempts, and the explicit regrade', () => {
  async function testWith(questionId: number, task: Parameters<typeof createTestTask>[1] = {}) {
    const test = await createTestTask(t.deps.db, { ...task, sections: [{ questions: [] }] });
    const mapId = await addQuestionToTask(t.deps.db, test.task.id, test.sections[0]!.id, questionId);
    return { test, mapId };
  }
  const regradeAudits = (questionId: number) =>
    t.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'grading.regrade'), eq(auditLog.targetId, String(questionId)))).orderBy(desc(auditLog.id));
  const questionIn = (session: ExamSession, mapId: number) => session.section[0]!.question.find((q) => q.questionTaskMapID === mapId)!;
  const answer = (user: TestUser, session: ExamSession, mapId: number, answerID: number) =>
    saveAnswers(t, user, session.TestSessionID, [{ questionTaskMapID: mapId, questionType: 'singleChoice', answerID, seq: 1 }]);
  const report = async (user: TestUser, test: { course: { id: number }; task: { id: number } }, attemptId: string) =>
    (await get(`/api/task/v1/feedbackReport?courseId=${test.course.id}&taskId=${test.task.id}&attemptId=${attemptId}`, user)).json().body;

  it('scores each attempt with the version it was served; a key change re-scores nothing until a logged regrade', async () => {
    const q = await create(teacher);
    const { test, mapId } = await testWith(q.questionId);
    const early = await staff('Student', sunrise);
    const late = await staff('Student', sunrise);
    const s1 = await startAttempt(t, early, test);
    // The key changes while the first attempt is open: option 2 → option 3.
    const edited = await post('/api/question-bank/v1/update', teacher, { questionId: q.questionId, expectedVersion: 1, correctAnswerId: 3, changeNote: 'Key was wrong' });
    expect(edited.json().body.currentVersion).toBe(2);
    const s2 = await startAttempt(t, late, test);
    await answer(early, s1, mapId, 2);
    await answer(late, s2, mapId, 2);
    expect((await submitTest(t, early, s1.TestSessionID, test.task.id)).json().body.scored).toBe(4);
    expect((await submitTest(t, late, s2.TestSessionID, test.task.id)).json().body.scored).toBe(-1);
    const before = await report(early, test, s1.TestSessionID);
    expect(before.QuestionsWithAnswer[0]).toMatchObject({ correctAnswerID: 2, status: 'correct', marksAwarded: 4 });

    // Only staff who may change the question may regrade it.
    expect((await post('/api/question-bank/v1/regrade', otherTeacher, { questionId: q.questionId })).statusCode).toBe(404);
    expect((await post('/api/question-bank/v1/regrade', early, { questionId: q.questionId })).statusCode).toBe(403);
    expect((await post('/api/question-bank/v1/regrade', undefined, { questionId: q.questionId })).statusCode).toBe(401);
    expect((await post('/api/question-bank/v1/regrade', teacher, { questionId: 'x' })).statusCode).toBe(400);
    expect((await post('/api/question-bank/v1/regrade', teacher, { questionId: q.questionId, fromVersion: 0 })).statusCode).toBe(400);
    expect((await post('/api/question-bank/v1/regrade', teacher, { questionId: q.questionId, fromVersion: 7 })).statusCode).toBe(404);
    expect(await t.deps.db.select().from(regrades).where(eq(regrades.questionId, q.questionId))).toEqual([]);

    // A dry run answers what would change and writes nothing.
    const dry = await post('/api/question-bank/v1/regrade', colleague, { questionId: q.questionId, dryRun: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json().body).toEqual({
      regradeId: null,
      questionId: q.questionId,
      toVersion: 2,
      attempts: [{ attemptId: s1.TestSessionID, userId: early.id, fromVersion: 1, oldScored: 4, newScored: -1 }],
      outsideReach: 0,
    });
    expect(await t.deps.db.select().from(regrades).where(eq(regrades.questionId, q.questionId))).toEqual([]);
    expect(await regradeAudits(q.questionId)).toEqual([]);
    expect((await post('/api/task/v1/checkSession', early, { TestSessionID: s1.TestSessionID })).json().body.testResult.scored).toBe(4);
    expect((await post('/api/question-bank/v1/regrade', teacher, { questionId: q.questionId, dryRun: 'yes' })).statusCode).toBe(400);
    expect((await post('/api/question-bank/v1/regrade', otherTeacher, { questionId: q.questionId, dryRun: true })).statusCode).toBe(404);
    expect((await post('/api/question-bank/v1/regrade', early, { questionId: q.questionId, dryRun: true })).statusCode).toBe(403);
    // A role whose Reports tab (grading.mark) was taken may not even count what a regrade would change.
    await t.app.services.roles.revokeTabs('neetprep', 'Teacher', ['Reports']);
    try {
      expect((await post('/api/question-bank/v1/regrade', teacher, { questionId: q.questionId, dryRun: true })).statusCode).toBe(403);
    } finally {
      await t.app.services.roles.grantTabs('neetprep', 'Teacher', ['Reports']);
    }

    const res = await post('/api/question-bank/v1/regrade', colleague, { questionId: q.questionId });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({
      questionId: q.questionId,
      toVersion: 2,
      attempts: [{ attemptId: s1.TestSessionID, userId: early.id, fromVersion: 1, oldScored: 4, newScored: -1 }],
    });
    const regradeId = res.json().body.regradeId as number;
    const [logged] = await t.deps.db.select().from(regrades).where(eq(regrades.id, regradeId));
    expect(logged).toMatchObject({ questionId: q.questionId, actorId: colleague.id, fromVersion: null, createdAt: t.clock.now() });
    expect(await t.deps.db.select().from(regradeAttempts).where(eq(regradeAttempts.regradeId, regradeId))).toEqual([
      expect.objectContaining({ attemptId: s1.TestSessionID, oldScored: 4, newScored: -1 }),
    ]);
    // Audited with the regrade: the question, the version change, the attempts and their score total before and after.
    expect(await regradeAudits(q.questionId)).toEqual([
      expect.objectContaining({
        actorUserId: colleague.id,
        targetType: 'question',
        before: { version: 1, attempts: 1, scoreTotal: 4 },
        after: { version: 2, attempts: 1, scoreTotal: -1, scoresChanged: 1 },
      }),
    ]);
    const history = await get(`/api/question-bank/v1/regrades?questionId=${q.questionId}`, teacher);
    expect(history.json().body).toEqual([
      expect.objectContaining({ regradeId, fromVersion: null, toVersion: 2, actorName: expect.stringContaining('Test'), attempts: [expect.objectContaining({ attemptId: s1.TestSessionID, newScored: -1 })] }),
    ]);
    expect((await get(`/api/question-bank/v1/regrades?questionId=${q.questionId}`, student)).statusCode).toBe(403);
    expect((await get('/api/question-bank/v1/regrades?questionId=0', teacher)).statusCode).toBe(400);

    // The regraded attempt now reads and reports the current version everywhere.
    const checked = await post('/api/task/v1/checkSession', early, { TestSessionID: s1.TestSessionID });
    expect(checked.json().body.testResult.scored).toBe(-1);
    expect((await t.deps.db.select().from(attemptSummaries).where(eq(attemptSummaries.attemptId, s1.TestSessionID)))[0]).toMatchObject({ scored: -1, wrong: 1 });
    expect((await report(early, test, s1.TestSessionID)).QuestionsWithAnswer[0]).toMatchObject({ correctAnswerID: 3, status: 'wrong' });
    // Nothing is left to regrade: nothing changes and nothing is logged.
    const again = await post('/api/question-bank/v1/regrade', teacher, { questionId: q.questionId });
    expect(again.json().body).toEqual({ regradeId: null, questionId: q.questionId, toVersion: 2, attempts: [], outsideReach: 0 });
    expect(await t.deps.db.select().from(regrades).where(eq(regrades.questionId, q.questionId))).toHaveLength(1);
    expect(await regradeAudits(q.questionId)).toHaveLength(1);
  });

  it('regrades only the attempts served the version named, and leaves open attempts on theirs', async () => {
    const q = await create(teacher);
    const { test, mapId } = await testWith(q.questionId);
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => staff('Student', sunrise)));
    const sa = await startAttempt(t, a!, test);
    await post('/api/question-bank/v1/update', teacher, { questionId: q.questionId, expectedVersion: 1, correctAnswerId: 3 });
    const sb = await startAttempt(t, b!, test);
    await post('/api/question-bank/v1/update', teacher, { questionId: q.questionId, expectedVersion: 2, correctAnswerId: 1 });
    const sc = await startAttempt(t, c!, test);
    for (const [user, session] of [[a, sa], [b, sb], [c, sc]] as const) await answer(user!, session, mapId, 1);
    await submitTest(t, a!, sa.TestSessionID, test.task.id);
    await submitTest(t, b!, sb.TestSessionID, test.task.id);
    const open = await staff('Student', sunrise);
    const so = await startAttempt(t, open, test);

    const onlyV2 = await post('/api/question-bank/v1/regrade', teacher, { questionId: q.questionId, fromVersion: 2 });
    expect(onlyV2.json().body.attempts).toEqual([expect.objectContaining({ attemptId: sb.TestSessionID, fromVersion: 2, oldScored: -1, newScored: 4 })]);
    const current = await post('/api/question-bank/v1/regrade', teacher, { questionId: q.questionId, fromVersion: 3 });
    expect(current.json().body).toMatchObject({ regradeId: null, attempts: [] });
    // The open attempts (c was served version 3, so was the last one) are scored with theirs at submit.
    expect((await submitTest(t, c!, sc.TestSessionID, test.task.id)).json().body.scored).toBe(4);
    await answer(open, so, mapId, 3);
    expect((await submitTest(t, open, so.TestSessionID, test.task.id)).json().body.scored).toBe(-1);
    const rest = await post('/api/question-bank/v1/regrade', teacher, { questionId: q.questionId });
    expect(rest.json().body.attempts).toEqual([expect.objectContaining({ attemptId: sa.TestSessionID, fromVersion: 1, oldScored: -1, newScored: 4 })]);
    // One audit entry per applied regrade, newest first; none for the one that found nothing.
    expect((await regradeAudits(q.questionId)).map((a) => [a.before, a.after])).toEqual([
      [{ version: 1, attempts: 1, scoreTotal: -1 }, { version: 3, attempts: 1, scoreTotal: 4, scoresChanged: 1 }],
      [{ version: 2, attempts: 1, scoreTotal: -1 }, { version: 3, attempts: 1, scoreTotal: 4, scoresChanged: 1 }],
    ]);
  });

  it('shows an open attempt the version it was served, through a resume and a practice reveal', async () => {
    // Its own Tamil statement: a practice reveal is refused for a copy of a graded question's statement (decision 037).
    const q = await create(teacher, choice({ texts: { ...choice().texts, tn: { ...choice().texts.tn!, data: 'ஓய்விலிருந்து தொடங்கும் பொருள் 5 விநாடிகளில் கடக்கும் தூரம் (பயிற்சி)' } } }));
    const { test, mapId } = await testWith(q.questionId, { task: { testType: 'practice', durationMinutes: null } });
    const me = await staff('Student', sunrise);
    const first = await startAttempt(t, me, test);
    expect(questionIn(first, mapId).questionData).toBe(choice().texts.en!.data);
    await post('/api/question-bank/v1/update', teacher, {
      questionId: q.questionId,
      expectedVersion: 1,
      correctAnswerId: 1,
      texts: { en: { ...choice().texts.en!, data: 'Reworded statement' } },
    });
    const resumed = await startAttempt(t, me, test);
    expect(resumed.TestSessionID).toBe(first.TestSessionID);
    expect(questionIn(resumed, mapId).questionData).toBe(choice().texts.en!.data);
    const details = await post('/api/task/v1/getSessionDetails', me, { TestSessionID: first.TestSessionID, taskID: test.task.id });
    expect(questionIn(await withContent(t, me, details.json().body), mapId).questionData).toBe(choice().texts.en!.data);
    const revealed = await post('/api/task/v1/revealAnswer', me, { TestSessionID: first.TestSessionID, questionTaskMapID: mapId });
    expect(revealed.json().body).toMatchObject({ correctAnswerID: 2, explanation: 's = ½at² = 25 m.' });
    const newcomer = await staff('Student', sunrise);
    expect(questionIn(await startAttempt(t, newcomer, test), mapId).questionData).toBe('Reworded statement');
  });
});

describe('demo questions', () => {
  it('gives every seeded question an owner, version 1 and its topic; the Tamil set has English variants', async () => {
    const { seedAcademy } = await import('../../db/seed/seed-academy.js');
    await seedAcademy(t.deps);
    const seeded = await t.deps.db
      .select({ id: questions.id, type: questions.questionType, instituteId: questions.ownerInstituteId, clientId: questions.ownerClientId, version: questionVersions.version, versionId: questionVersions.id })
      .from(questions)
      .innerJoin(questionVersions, eq(questionVersions.id, questions.currentVersionId))
      .where(isNull(questions.createdBy));
    expect(seeded.length).toBeGreaterThan(20);
    expect(seeded.every((q) => q.version === 1 && q.clientId === 'neetprep')).toBe(true);
    // The skills set is Sunrise Academy's own; the rest is the client's shared library.
    expect(seeded.filter((q) => q.type === 'programming').map((q) => q.instituteId)).toEqual([sunrise]);
    expect(seeded.filter((q) => q.type === 'singleChoice').every((q) => q.instituteId === null)).toBe(true);
    const texts = await t.deps.db
      .select({ versionId: questionVersionTexts.versionId, language: questionVersionTexts.language })
      .from(questionVersionTexts)
      .where(inArray(questionVersionTexts.versionId, seeded.map((q) => q.versionId)));
    const tamil = texts.filter((x) => x.language === 'tn').map((x) => x.versionId);
    // The Tamil practice set's five, the first question of the mechanics practice set, the skills set's six office questions,
    // the assertion–reason, numerical-value, matching and ordering practice sets' three each, and the
    // JEE Advanced (one or more correct) set's two.
    expect(tamil).toHaveLength(26);
    expect(tamil.every((id) => texts.some((x) => x.versionId === id && x.language === 'en'))).toBe(true);
    const linked = await t.deps.db.select({ questionId: questionTopics.questionId }).from(questionTopics).where(inArray(questionTopics.questionId, seeded.map((q) => q.id)));
    expect(new Set(linked.map((l) => l.questionId)).size).toBe(seeded.length);
    // Staff of another institute find the shared Tamil questions (the practice sets' 6 + 3 + 3 + 3 + 3 + 2) but not Sunrise's own.
    const list = (await get('/api/question-bank/v1/list?language=tn&pageSize=100', otherTeacher)).json().body;
    expect(list.items.filter((i: { questionId: number }) => seeded.some((q) => q.id === i.questionId))).toHaveLength(20);
    expect((await get('/api/question-bank/v1/list?questionType=programming&pageSize=100', otherTeacher)).json().body.items.some((i: { questionId: number }) => seeded.some((q) => q.id === i.questionId))).toBe(false);
  });

  it('imports the NEET mock’s 180 questions through the importer: the client’s library, both languages, one chapter each', async () => {
    const [mock] = await t.deps.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.name, 'NEET Mock Test 1'));
    const inMock = (await t.deps.db.select({ questionId: taskQuestions.questionId }).from(taskQuestions).where(eq(taskQuestions.taskId, mock!.id))).map((r) => r.questionId);
    expect(inMock).toHaveLength(180);
    const imported = await t.deps.db
      .select({ id: questions.id, type: questions.questionType, instituteId: questions.ownerInstituteId, clientId: questions.ownerClientId, version: questionVersions.version, versionId: questionVersions.id, marks: questionVersions.marks, negativeMarks: questionVersions.negativeMarks })
      .from(questions)
      .innerJoin(questionVersions, eq(questionVersions.id, questions.currentVersionId))
      .where(inArray(questions.id, inMock));
    expect(imported).toHaveLength(180);
    expect(imported.every((q) => q.type === 'singleChoice' && q.version === 1 && q.clientId === 'neetprep' && q.instituteId === null && q.marks === 4 && q.negativeMarks === 1)).toBe(true);
    const texts = await t.deps.db
      .select({ language: questionVersionTexts.language, n: sql<number>`count(*)::int` })
      .from(questionVersionTexts)
      .where(inArray(questionVersionTexts.versionId, imported.map((q) => q.versionId)))
      .groupBy(questionVersionTexts.language);
    expect(Object.fromEntries(texts.map((x) => [x.language, Number(x.n)]))).toEqual({ en: 180, tn: 180 });
    const linked = await t.deps.db.select({ questionId: questionTopics.questionId }).from(questionTopics).where(inArray(questionTopics.questionId, imported.map((q) => q.id)));
    expect(linked).toHaveLength(180);
  });
});
