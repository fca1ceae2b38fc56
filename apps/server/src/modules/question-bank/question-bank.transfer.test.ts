import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthoringQuestion, CreateQuestionBody, ImportPreview, Role } from '@app/contracts';
import { institutes, jobs, questions, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { createCourse, createTopic } from '../../../test/factories/academy.js';
import { createQuestionBankRepository } from './question-bank.repository.js';
import { multipartBody } from '../../../test/multipart.js';

let t: TestApp;
let sunrise: number;
let kaveri: number;
let teacher: TestUser;
let colleague: TestUser;
let otherTeacher: TestUser;
let clientAdmin: TestUser;
let student: TestUser;
let cellTopic: number;

const fixture = (name: string) => fs.readFileSync(new URL(`./formats/fixtures/${name}`, import.meta.url));

/** A multipart body with one file in the field `file` (or another field). */
const multipart = (content: Buffer | string, field = 'file', fileName = 'upload.bin') => multipartBody(content, { field, fileName });

const upload = (path: string, user: TestUser | undefined, content: Buffer | string, extra: { field?: string; language?: string } = {}) => {
  const body = multipart(content, extra.field);
  return t.call({
    method: 'POST',
    url: `/api/question-bank/v1/${path}`,
    headers: { ...(user?.headers ?? {}), ...body.headers, ...(extra.language ? { language: extra.language } : {}) },
    payload: body.payload,
  });
};
const post = (url: string, user: TestUser | undefined, payload: unknown) => t.call({ method: 'POST', url, headers: user?.headers ?? {}, payload: payload as object });
const get = (url: string, user?: TestUser) => t.call({ method: 'GET', url, headers: user?.headers ?? {} });

const questionCount = async () => Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(questions))[0]!.n);
const jobCount = async () => Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(jobs))[0]!.n);

async function staff(role: Role, instituteId: number | null, clientId = 'neetprep'): Promise<TestUser> {
  const user = await t.createUser({ role });
  await t.deps.db.update(users).set({ instituteId, clientId }).where(eq(users.id, user.id));
  return user;
}

async function create(user: TestUser, body: CreateQuestionBody): Promise<AuthoringQuestion> {
  const res = await post('/api/question-bank/v1/create', user, body);
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().body as AuthoringQuestion;
}

async function runImportJob(jobId: string, user: TestUser) {
  await t.app.services.jobs.queue.runOnce();
  const res = await get(`/api/jobs/v1/get?id=${jobId}`, user);
  expect(res.statusCode).toBe(200);
  return res.json().body as { state: string; kind: string; progress: { done: number; total: number | null }; failure: string | null; errors: { item: string; message: string }[]; result: { imported: number; questionIds: number[] } | null };
}

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.deps.db.insert(institutes).values([{ name: 'Sunrise Academy' }, { name: 'Kaveri School' }]).returning();
  [sunrise, kaveri] = [rows[0]!.id, rows[1]!.id];
  teacher = await staff('Teacher', sunrise);
  colleague = await staff('InstituteAdmin', sunrise);
  otherTeacher = await staff('SchoolTeacher', kaveri);
  clientAdmin = await staff('ClientAdmin', sunrise);
  student = await staff('Student', sunrise);
  const course = await createCourse(t.deps.db);
  cellTopic = (await createTopic(t.deps.db, course.id, { name: 'Cell Biology' })).id;
});
afterAll(async () => t.close());

describe('POST /api/question-bank/v1/import/preview', () => {
  it('reads a Moodle XML file, checks every question and writes nothing', async () => {
    const before = await questionCount();
    const res = await upload('import/preview', teacher, fixture('moodle.xml'));
    expect(res.statusCode).toBe(200);
    const preview = res.json().body as ImportPreview;
    expect(preview).toMatchObject({ format: 'moodleXml', total: 9, valid: 7, invalid: 2, unknownTopics: [] });
    expect(preview.items[0]).toMatchObject({ index: 1, line: 11, title: 'Powerhouse', questionType: 'singleChoice', topics: ['Cell Biology'], isValid: true, errors: [] });
    expect(preview.items[7]).toMatchObject({ index: 8, line: 98, isValid: false, errors: [{ field: 'correctAnswerData' }] });
    expect(preview.items[7]!.errors[0]!.message).toContain('MULTICHOICE');
    expect(await questionCount()).toBe(before);
  });

  it('finds GIFT, Aiken and CSV by content and answers messages in Tamil when asked', async () => {
    const gift = (await upload('import/preview', teacher, fixture('questions.gift'), { language: 'tn' })).json().body as ImportPreview;
    // The GIFT matching question is read as the matching kind; the question GIFT cannot parse stays invalid.
    expect(gift).toMatchObject({ format: 'gift', total: 8, valid: 7, invalid: 1 });
    expect(gift.items[6]!.errors[0]!.message).toContain('GIFT கேள்வியைப் படிக்க முடியவில்லை');
    const aiken = (await upload('import/preview', teacher, fixture('questions.aiken.txt'))).json().body as ImportPreview;
    expect(aiken).toMatchObject({ format: 'aiken', total: 4, valid: 2, invalid: 2 });
    const csv = (await upload('import/preview', teacher, fixture('bad-rows.csv'))).json().body as ImportPreview;
    expect(csv.items.map((i) => [i.line, i.isValid])).toEqual([
      [2, false],
      [3, false],
      [4, false],
      [5, true],
    ]);
  });

  it('checks a question the file reads like the create call: blanks must match the key', async () => {
    const csv = 'kind,statement_en,correct\ntext,There is no blank here.,H2O\n';
    const preview = (await upload('import/preview', teacher, csv)).json().body as ImportPreview;
    expect(preview.items[0]).toMatchObject({ isValid: false, errors: [{ field: 'correctAnswerData', message: 'Give one answer per {0} blank in the question.' }] });
  });

  it('warns about topics it does not know and lists them', async () => {
    const csv = 'kind,topic,statement_en,option_a_en,option_b_en,correct\nsingleChoice,Cell Biology|Astrophysics,Q?,a,b,A\n';
    const preview = (await upload('import/preview', teacher, csv)).json().body as ImportPreview;
    expect(preview.unknownTopics).toEqual(['Astrophysics']);
    expect(preview.items[0]).toMatchObject({ isValid: true, warnings: [{ field: 'topics' }] });
    expect(preview.items[0]!.warnings[0]!.message).toContain('"Astrophysics"');
  });

  it('answers 400 for a missing file, an unreadable one and a broken XML (with its line)', async () => {
    const noFile = await post('/api/question-bank/v1/import/preview', teacher, { any: 'json' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().body.code).toBe('QB_IMPORT_FILE_REQUIRED');
    const wrongField = await upload('import/preview', teacher, fixture('moodle.xml'), { field: 'document' });
    expect(wrongField.json().body.code).toBe('QB_IMPORT_FILE_REQUIRED');
    const words = await upload('import/preview', teacher, 'just some words');
    expect(words.statusCode).toBe(400);
    expect(words.json().body.code).toBe('QB_IMPORT_UNREADABLE');
    const broken = await upload('import/preview', teacher, fixture('broken.xml'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toContain('(line 5)');
    const badHeader = await upload('import/preview', teacher, 'kind,statement_en,colour\nsingleChoice,x,red\n');
    expect(badHeader.json()).toMatchObject({ status: false, body: { code: 'QB_IMPORT_UNREADABLE', fields: { file: 'Unknown column "colour" (see the template).' } } });
    const x = multipart('x');
    const badFormat = await t.call({ method: 'POST', url: '/api/question-bank/v1/import/preview?format=docx', headers: { ...teacher.headers, ...x.headers }, payload: x.payload });
    expect(badFormat.statusCode).toBe(400);
  });

  it('answers 400 QB_IMPORT_UNREADABLE for a Moodle XML file with a DOCTYPE, entities or deep nesting, and reads nothing', async () => {
    const question = '<question type="essay"><name><text>&b;</text></name><questiontext format="html"><text>x</text></questiontext></question>';
    const laughs = Array.from({ length: 8 }, (_, i) => `<!ENTITY e${i + 1} "${`&e${i};`.repeat(10)}">`).join('');
    const files = [
      `<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY b "bee">]><quiz>${question}</quiz>`,
      `<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY e0 "ha">${laughs}<!ENTITY b "&e8;">]><quiz>${question}</quiz>`,
      `<?xml version="1.0"?><!DOCTYPE quiz SYSTEM "http://evil.example/quiz.dtd"><quiz>${question.replace('&b;', 'n')}</quiz>`,
      `<?xml version="1.0"?><quiz>${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}</quiz>`,
    ];
    for (const file of files) {
      const res = await upload('import/preview', teacher, file);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(res.json().body.code).toBe('QB_IMPORT_UNREADABLE');
    }
  });

  it('refuses without a token (401), for a student (403) and client ownership for a teacher (403)', async () => {
    expect((await upload('import/preview', undefined, fixture('questions.csv'))).statusCode).toBe(401);
    expect((await upload('import/preview', student, fixture('questions.csv'))).statusCode).toBe(403);
    const body = multipart(fixture('questions.csv'));
    const client = await t.call({ method: 'POST', url: '/api/question-bank/v1/import/preview?owner=client', headers: { ...teacher.headers, ...body.headers }, payload: body.payload });
    expect(client.statusCode).toBe(403);
    expect(client.json().body.code).toBe('QB_NOT_EDITABLE');
  });
});

describe('POST /api/question-bank/v1/import', () => {
  it('queues a question-import job that writes every question with topics, both languages and the importer’s institute', async () => {
    const before = await questionCount();
    const res = await upload('import', teacher, fixture('questions.csv'));
    expect(res.statusCode).toBe(200);
    const started = res.json().body as { jobId: string; format: string; total: number };
    expect(started).toMatchObject({ format: 'csv', total: 4 });
    const job = await runImportJob(started.jobId, teacher);
    expect(job).toMatchObject({ kind: 'question-import', state: 'succeeded', progress: { done: 4, total: 4 }, result: { imported: 4 } });
    expect(await questionCount()).toBe(before + 4);
    const first = (await get(`/api/question-bank/v1/get?questionId=${job.result!.questionIds[0]}`, colleague)).json().body as AuthoringQuestion;
    expect(first).toMatchObject({
      questionType: 'singleChoice',
      owner: { kind: 'institute', instituteId: sunrise },
      topics: [{ topicId: cellTopic, name: 'Cell Biology' }],
      tags: ['cell', 'neet'],
      version: { marks: 4, negativeMarks: 1, correctAnswerId: 2 },
    });
    expect(first.version.texts.tn?.options.map((o) => o.answerData)).toEqual(['உட்கரு', 'மைட்டோகாண்ட்ரியன்', 'ரைபோசோம்']);
    expect(first.versions[0]!.changeNote).toBe('Imported from csv');
    // Another institute's teacher cannot see the imported questions.
    expect((await get(`/api/question-bank/v1/get?questionId=${job.result!.questionIds[0]}`, otherTeacher)).statusCode).toBe(404);
    // Nor the job.
    expect((await get(`/api/jobs/v1/get?id=${started.jobId}`, otherTeacher)).statusCode).toBe(404);
  });

  it('refuses a file with any invalid question (422, per-question fields) and writes and queues nothing', async () => {
    const [questionsBefore, jobsBefore] = [await questionCount(), await jobCount()];
    const res = await upload('import', teacher, fixture('bad-rows.csv'));
    expect(res.statusCode).toBe(422);
    const body = res.json().body as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('QB_IMPORT_INVALID');
    expect(body.fields['items.1 (line 2).correctAnswerId']).toContain('"E"');
    expect(Object.keys(body.fields).some((k) => k.startsWith('items.4'))).toBe(false);
    expect(await questionCount()).toBe(questionsBefore);
    expect(await jobCount()).toBe(jobsBefore);
  });

  it('reports an item of an unknown or malformed kind per item, in English and Tamil, and writes nothing', async () => {
    const [questionsBefore, jobsBefore] = [await questionCount(), await jobCount()];
    const item = (kind: string, body: string) =>
      `<question type="multichoice"><name><text>${kind}</text></name><questiontext format="plain_text"><text>Which?</text></questiontext><questionkind>${kind}</questionkind>${body}</question>`;
    const choices = '<single>true</single><answer fraction="100"><text>Yes</text></answer><answer fraction="0"><text>No</text></answer>';
    const xml = `<?xml version="1.0"?><quiz>${item('singleChoice', choices)}${item('essayPlus', choices)}${item('programming', choices)}</quiz>`;
    // A matching question whose key pairs nothing: malformed for its kind.
    const malformed = xml.replace('</quiz>', '<question type="matching"><name><text>Pairs</text></name><questiontext format="plain_text"><text>Match.</text></questiontext></question></quiz>');
    const res = await upload('import', teacher, malformed);
    expect(res.statusCode).toBe(422);
    const body = res.json().body as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('QB_IMPORT_INVALID');
    expect(Object.keys(body.fields).sort()).toEqual([expect.stringMatching(/^items\.2 .*\.questionType$/), expect.stringMatching(/^items\.3 .*\.questionType$/), expect.stringMatching(/^items\.4 /)]);
    const unknown = Object.entries(body.fields).find(([field]) => field.startsWith('items.2 '))![1];
    expect(unknown).toContain('"essayPlus"');
    // The kinds a file may hold come from the registry: the newer kinds are named too.
    expect(unknown).toMatch(/ordering/);
    expect(unknown).toMatch(/assertionReason/);
    const tamil = (await upload('import/preview', teacher, malformed, { language: 'tn' })).json().body as ImportPreview;
    expect(tamil).toMatchObject({ total: 4, valid: 1, invalid: 3 });
    expect(tamil.items[1]!.errors[0]!.message).toContain('கேள்வி வகை "essayPlus"');
    expect(await questionCount()).toBe(questionsBefore);
    expect(await jobCount()).toBe(jobsBefore);
  });

  it('fails the job with item errors and writes nothing when the stored file no longer checks', async () => {
    const res = await upload('import', teacher, fixture('questions.csv'));
    const { jobId } = res.json().body as { jobId: string };
    const [row] = await t.deps.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, jobId));
    const { fileKey } = row!.payload as { fileKey: string };
    await t.deps.fileStore.put(fileKey, fixture('bad-rows.csv'), { contentType: 'application/octet-stream' });
    const before = await questionCount();
    const job = await runImportJob(jobId, teacher);
    expect(job.state).toBe('failed');
    expect(job.failure).toContain('3 of 4 questions have errors; nothing was imported.');
    expect(job.errors.map((e) => e.item)).toEqual(expect.arrayContaining(['1 (line 2)', '2 (line 3)', '3 (line 4)']));
    expect(await questionCount()).toBe(before);
    expect(await t.deps.fileStore.get(fileKey)).toBeNull();
  });

  it('refuses without a token (401) and for a student (403)', async () => {
    expect((await upload('import', undefined, fixture('questions.csv'))).statusCode).toBe(401);
    expect((await upload('import', student, fixture('questions.csv'))).statusCode).toBe(403);
  });
});

describe('all or nothing in the repository', () => {
  it('rolls back every question when one fails midway', async () => {
    const repo = createQuestionBankRepository(t.deps.db);
    const before = await questionCount();
    const values = { questionType: 'singleChoice', difficulty: 'easy', ownerInstituteId: sunrise, ownerClientId: 'neetprep', createdBy: teacher.id, topicIds: [], tags: ['x'] };
    const version = () => ({
      contentType: 'text',
      mediaUrl: null,
      defaultLanguage: 'en' as const,
      marks: 1,
      negativeMarks: 0,
      allowsPartialCredit: false,
      numericTolerance: null,
      lineNumber: null,
      programming: null,
      sampleCases: [],
      startFileUrl: null,
      correctAnswerId: 1,
      correctAnswerData: null,
      solution: null,
      rubric: null,
      hiddenCases: [],
      texts: { en: { title: '', data: 'Q', answerTitle: null, options: [{ answerID: 1, answerData: 'a' }], hint: null, explanation: null, instructions: null } },
    });
    await expect(
      repo.insertQuestions(
        [
          { values, version },
          { values: { ...values, topicIds: [987_654] }, version },
        ],
        { changeNote: null, at: new Date() },
      ),
    ).rejects.toThrow();
    expect(await questionCount()).toBe(before);
  });
});

describe('POST /api/question-bank/v1/export and the template', () => {
  const choice: CreateQuestionBody = {
    questionType: 'singleChoice',
    difficulty: 'hard',
    marks: 4,
    negativeMarks: 1,
    correctAnswerId: 2,
    tags: ['Kinematics'],
    topicIds: [],
    texts: {
      en: { title: 'Distance', data: 'A body starts from rest with 2 m/s². The distance in 5 s is', options: [{ answerID: 1, answerData: '10 m' }, { answerID: 2, answerData: '25 m' }], explanation: 's = ½at²', hint: 'Use s = ½at²' },
      tn: { title: 'தூரம்', data: '5 விநாடிகளில் கடக்கும் தூரம்', options: [{ answerID: 1, answerData: '10 மீ' }, { answerID: 2, answerData: '25 மீ' }], explanation: 's = ½at² (தமிழ்)' },
    },
  };
  const blanks: CreateQuestionBody = {
    questionType: 'text',
    correctAnswerData: [{ value: '60' }, { value: '16.7', tolerance: 0.1, alternatives: ['16.67'] }],
    texts: { en: { data: 'Speed is {0} km/h, that is {0} m/s.' }, tn: { data: 'வேகம் {0} கி.மீ/மணி, அதாவது {0} மீ/வி.' } },
  };

  for (const format of ['moodleXml', 'csv', 'xlsx'] as const) {
    it(`exports as ${format} and re-imports without loss in both languages`, async () => {
      const originals = [await create(teacher, { ...choice, topicIds: [cellTopic] }), await create(teacher, blanks)];
      const res = await post('/api/question-bank/v1/export', teacher, { format, questionIds: originals.map((q) => q.questionId) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(`attachment; filename="questions.${format === 'moodleXml' ? 'xml' : format}"`);
      const imported = await upload('import', colleague, res.rawPayload);
      expect(imported.statusCode).toBe(200);
      const job = await runImportJob((imported.json().body as { jobId: string }).jobId, colleague);
      expect(job.result?.imported).toBe(2);
      for (const [i, original] of originals.entries()) {
        const copy = (await get(`/api/question-bank/v1/get?questionId=${job.result!.questionIds[i]}`, colleague)).json().body as AuthoringQuestion;
        const content = (q: AuthoringQuestion) => {
          const { version: _v, createdAt: _c, createdByName: _n, changeNote: _note, correctAnswerData, ...rest } = q.version;
          const key = Array.isArray(correctAnswerData) ? correctAnswerData.map(({ id: _id, ...b }) => b) : correctAnswerData;
          return { questionType: q.questionType, difficulty: q.difficulty, tags: q.tags, topics: q.topics, ...rest, correctAnswerData: key };
        };
        expect(content(copy)).toEqual(content(original));
      }
    }, 90_000); // an xlsx is read in a worker thread, which boots TypeScript in tests
  }

  it('exports the questions matching a filter in the caller’s scope only', async () => {
    await create(teacher, { ...choice, tags: ['export-filter'] });
    await create(otherTeacher, { ...choice, tags: ['export-filter'] });
    const res = await post('/api/question-bank/v1/export', teacher, { format: 'csv', tag: 'export-filter' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.startsWith('kind,title_en,title_tn,topic,tags')).toBe(true);
  });

  it('answers 404 for another institute’s question, and when nothing matches', async () => {
    const mine = await create(teacher, choice);
    const other = await post('/api/question-bank/v1/export', otherTeacher, { format: 'moodleXml', questionIds: [mine.questionId] });
    expect(other.statusCode).toBe(404);
    expect(other.json().body.code).toBe('QB_QUESTION_NOT_FOUND');
    const none = await post('/api/question-bank/v1/export', otherTeacher, { format: 'csv', tag: 'no-such-tag' });
    expect(none.json().body.code).toBe('QB_EXPORT_EMPTY');
  });

  it('exports GIFT through each kind’s mapping, re-imports it, and names in the header the questions GIFT cannot carry', async () => {
    const numerical = await create(teacher, { questionType: 'numerical', correctAnswerData: { min: 1, max: 2 }, texts: { en: { title: 'Range', data: 'A value between 1 and 2?' } } });
    const matching = await create(teacher, {
      questionType: 'matching',
      allowsPartialCredit: true,
      correctAnswerData: { presentation: 'pairs', pairs: [{ left: 101, right: 201 }, { left: 102, right: 202 }] },
      texts: { en: { data: 'Match.', options: [{ answerID: 101, answerData: 'Ribosome' }, { answerID: 102, answerData: 'Lysosome' }, { answerID: 201, answerData: 'proteins' }, { answerID: 202, answerData: 'digestion' }] } },
    });
    const withUnit = await create(teacher, { questionType: 'numerical', correctAnswerData: { value: 9.8, tolerance: 0.1, unit: 'm/s²' }, texts: { en: { data: 'g?' } } });
    const bilingual = await create(teacher, choice);
    const res = await post('/api/question-bank/v1/export', teacher, { format: 'gift', questionIds: [numerical.questionId, withUnit.questionId, matching.questionId, bilingual.questionId] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment; filename="questions.txt"');
    expect(res.headers['x-skipped-questions']).toBe(`${withUnit.questionId},${bilingual.questionId}`);
    expect(res.body).toContain('::Range::A value between 1 and 2? {#1..2}');
    expect(res.body).toContain('{=Ribosome -> proteins =Lysosome -> digestion}');
    const imported = await upload('import', colleague, res.rawPayload);
    expect(imported.statusCode).toBe(200);
    const job = await runImportJob((imported.json().body as { jobId: string }).jobId, colleague);
    expect(job.result?.imported).toBe(2);
    const [numericalCopy, matchingCopy] = await Promise.all(job.result!.questionIds.map(async (id) => (await get(`/api/question-bank/v1/get?questionId=${id}`, colleague)).json().body as AuthoringQuestion));
    expect(numericalCopy).toMatchObject({ questionType: 'numerical', version: { correctAnswerData: { min: 1, max: 2 } } });
    expect(matchingCopy).toMatchObject({ questionType: 'matching', version: { allowsPartialCredit: true, correctAnswerData: matching.version.correctAnswerData } });
  });

  it('carries JEE Advanced marking through the CSV template and names the question in the header of a GIFT export', async () => {
    const jee: CreateQuestionBody = {
      questionType: 'multipleChoice',
      marking: 'jee-advanced',
      marks: 4,
      negativeMarks: 2,
      correctAnswerId: [1, 3],
      texts: { en: { data: 'Which are noble gases?', options: [{ answerID: 1, answerData: 'Neon' }, { answerID: 2, answerData: 'Nitrogen' }, { answerID: 3, answerData: 'Argon' }] } },
    };
    const original = await create(teacher, jee);
    const plain = await create(teacher, { ...jee, marking: undefined });
    const gift = await post('/api/question-bank/v1/export', teacher, { format: 'gift', questionIds: [original.questionId, plain.questionId] });
    expect(gift.statusCode).toBe(200);
    expect(gift.headers['x-skipped-questions']).toBe(String(original.questionId));
    const csv = await post('/api/question-bank/v1/export', teacher, { format: 'csv', questionIds: [original.questionId] });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-skipped-questions']).toBeUndefined();
    const imported = await upload('import', colleague, csv.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    const job = await runImportJob((imported.json().body as { jobId: string }).jobId, colleague);
    expect(job.result?.imported).toBe(1);
    const copy = (await get(`/api/question-bank/v1/get?questionId=${job.result!.questionIds[0]}`, colleague)).json().body as AuthoringQuestion;
    expect(copy).toMatchObject({ questionType: 'multipleChoice', version: { marking: 'jee-advanced', correctAnswerId: [1, 3], marks: 4, negativeMarks: 2 } });
    // A marking that is none: the row is refused with the field named, and nothing is written.
    const before = await questionCount();
    const bogus = Buffer.from(csv.rawPayload.toString('utf8').replace('jee-advanced', 'generous'));
    const refused = await upload('import', colleague, bogus);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().body.fields)).toEqual([expect.stringMatching(/^items\.1 \(line 2\)\.marking$/)]);
    expect(await questionCount()).toBe(before);
  });

  it('names the questions no format can carry in a header and leaves them out', async () => {
    const program = await create(teacher, {
      questionType: 'programming',
      programming: { codeStubs: { Python: '' }, allowedLanguages: ['Python'], inputFormat: '', outputFormat: '', constraints: '', timeLimitMs: 2000, memoryLimitMb: 128 },
      hiddenCases: [{ input: '1', output: '1' }],
      texts: { en: { data: 'Echo the input.' } },
    });
    const mine = await create(teacher, choice);
    const res = await post('/api/question-bank/v1/export', teacher, { format: 'moodleXml', questionIds: [program.questionId, mine.questionId] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-skipped-questions']).toBe(String(program.questionId));
    expect(res.body.match(/<question type="multichoice">/g)).toHaveLength(1);
  });

  it('carries an ordering question in Moodle XML without loss, and leaves it out of the spreadsheet, named in the header', async () => {
    const ordering: CreateQuestionBody = {
      questionType: 'ordering',
      marks: 4,
      negativeMarks: 1,
      allowsPartialCredit: true,
      correctAnswerData: { order: [3, 1, 2] },
      texts: {
        en: { data: 'Order the stages of mitosis.', options: [{ answerID: 1, answerData: 'Metaphase' }, { answerID: 2, answerData: 'Anaphase' }, { answerID: 3, answerData: 'Prophase' }] },
        tn: { data: 'இழையுருப்பிரிவின் நிலைகளை வரிசைப்படுத்துக.', options: [{ answerID: 1, answerData: 'இடைநிலை' }, { answerID: 2, answerData: 'பின்நிலை' }, { answerID: 3, answerData: 'முன்நிலை' }] },
      },
    };
    const original = await create(teacher, ordering);
    const mine = await create(teacher, choice);
    const csv = await post('/api/question-bank/v1/export', teacher, { format: 'csv', questionIds: [original.questionId, mine.questionId] });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-skipped-questions']).toBe(String(original.questionId));
    const xml = await post('/api/question-bank/v1/export', teacher, { format: 'moodleXml', questionIds: [original.questionId] });
    expect(xml.body).toContain('<question type="ordering">');
    const imported = await upload('import', colleague, xml.rawPayload);
    const job = await runImportJob((imported.json().body as { jobId: string }).jobId, colleague);
    expect(job.result?.imported).toBe(1);
    const copy = (await get(`/api/question-bank/v1/get?questionId=${job.result!.questionIds[0]}`, colleague)).json().body as AuthoringQuestion;
    expect(copy.questionType).toBe('ordering');
    expect(copy.version).toMatchObject({ allowsPartialCredit: true, negativeMarks: 1, correctAnswerData: { order: [3, 1, 2] } });
    for (const language of ['en', 'tn'] as const) expect(copy.version.texts[language]!.options).toEqual(expect.arrayContaining(original.version.texts[language]!.options));
  }, 60_000);

  it('answers 400 for bad input, 401 without a token and 403 for a student', async () => {
    expect((await post('/api/question-bank/v1/export', teacher, { format: 'pdf' })).statusCode).toBe(400);
    expect((await post('/api/question-bank/v1/export', teacher, { format: 'csv', questionIds: [] })).statusCode).toBe(400);
    expect((await post('/api/question-bank/v1/export', undefined, { format: 'csv' })).statusCode).toBe(401);
    expect((await post('/api/question-bank/v1/export', student, { format: 'csv' })).statusCode).toBe(403);
  });

  it('serves the template whose example questions all import', async () => {
    // Five examples: single and multiple choice, blanks, a written answer and a numerical value.
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await get(`/api/question-bank/v1/import/template?format=${format}`, clientAdmin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(`question-import-template.${format}`);
      const preview = (await upload('import/preview', clientAdmin, res.rawPayload)).json().body as ImportPreview;
      expect(preview).toMatchObject({ format, total: 5, valid: 5, invalid: 0 });
    }
    expect((await get('/api/question-bank/v1/import/template?format=pdf', teacher)).statusCode).toBe(400);
    expect((await get('/api/question-bank/v1/import/template')).statusCode).toBe(401);
    expect((await get('/api/question-bank/v1/import/template', student)).statusCode).toBe(403);
  });
});
