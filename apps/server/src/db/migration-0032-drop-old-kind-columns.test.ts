import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_TYPES, type QuestionType } from '@app/contracts';
import { ManualClock } from '../lib/clock.js';
import { scoreAnswer } from '../modules/grading/grading.scoring.js';
import { createQuestionBankRepository } from '../modules/question-bank/question-bank.repository.js';
import { createQuestionBankService } from '../modules/question-bank/question-bank.service.js';
import { MIGRATIONS_DIR, openDatabase, type Database } from './client.js';

/**
 * The migration that drops the kind columns of `question_versions` that settings replaced
 * (decision 052: numeric_tolerance, line_number, programming, sample_cases, start_file_url).
 * A database is built at the schema before it, given a version of every kind as versions are
 * written since 0029 (kind fields in `settings`, the old columns still holding their copy), and
 * migrated: the columns are gone, rubric and hidden cases stay, and every question reads and
 * scores as before.
 */
const DROPPING = 'drop-old-kind-columns';
const DROPPED = ['numeric_tolerance', 'line_number', 'programming', 'sample_cases', 'start_file_url'];

/** A copy of the migrations up to the one before the drop (found by name, whatever its number). */
function migrationsBeforeDrop(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const drop = journal.entries.findIndex((e) => e.tag.endsWith(`_${DROPPING}`));
  expect(drop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, drop);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const programming = {
  codeStubs: { Python: 'print()' },
  allowedLanguages: ['Python'],
  inputFormat: 'Two numbers',
  outputFormat: 'Their sum',
  constraints: '0 < a, b < 100',
  timeLimitMs: 2000,
  memoryLimitMb: 256,
};
const sampleCases = [{ input: '1 2', output: '3' }];
const options = [
  { answerID: 1, answerData: 'One' },
  { answerID: 2, answerData: 'Two' },
  { answerID: 3, answerData: 'Three' },
];

/** Every kind's settings as 0029 left them (with their copy in the old columns), and its key. */
const CASES: Record<QuestionType, { columns: Record<string, unknown>; settings: Record<string, unknown>; key?: unknown; data?: unknown }> = {
  singleChoice: { columns: {}, settings: {}, key: 2 },
  multipleChoice: { columns: {}, settings: { marking: 'jee-advanced' }, key: [1, 3] },
  text: { columns: { numeric_tolerance: 0.5 }, settings: { numericTolerance: 0.5 }, data: [{ id: 'x-0', value: '9.8' }] },
  comprehensive: { columns: { line_number: 12 }, settings: { lineNumber: 12 }, data: 'A model answer' },
  video: { columns: {}, settings: { mediaUrl: 'https://example.org/clip.mp4' }, key: 1 },
  image: { columns: {}, settings: { mediaUrl: 'data:image/png;base64,iVBORw0KGgo=' }, key: 3 },
  programming: { columns: { programming, sample_cases: sampleCases }, settings: { programming, sampleCases } },
  xlsx: { columns: { start_file_url: 'files/start.xlsx' }, settings: { startFileUrl: 'files/start.xlsx' } },
  docx: { columns: {}, settings: { startFileUrl: null } },
  pptx: { columns: { start_file_url: 'files/start.pptx' }, settings: { startFileUrl: 'files/start.pptx' } },
  assertionReason: { columns: {}, settings: {}, key: 1 },
  numerical: { columns: {}, settings: {}, data: { value: 3.14, tolerance: 0.01, unit: 'cm' } },
  ordering: { columns: {}, settings: {}, data: { order: [3, 1, 2] } },
  matching: { columns: {}, settings: {}, data: { presentation: 'pairs', pairs: [{ left: 101, right: 202 }, { left: 102, right: 201 }] } },
};

let database: Database;
let dropDatabase: (() => Promise<void>) | undefined;
const versionIdOf = new Map<QuestionType, number>();
const questionIdOf = new Map<QuestionType, number>();

async function openFresh(): Promise<Database> {
  if (process.env.TEST_DB !== 'pg') return openDatabase({});
  const name = `neetprep_test_migration_drop_kind_columns_${process.env.VITEST_POOL_ID ?? '0'}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  dropDatabase = async () => {
    const again = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await again.connect();
    await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await again.end();
  };
  return openDatabase({ url: url.toString(), poolSize: 2 });
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const columnsOfVersions = async () =>
  rowsOf<{ column_name: string }>(await database.db.execute(sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'question_versions'`)).map((r) => r.column_name);

beforeAll(async () => {
  database = await openFresh();
  const folder = migrationsBeforeDrop();
  if (database.driver === 'pglite') await migratePglite(database.db as never, { migrationsFolder: folder });
  else await migratePg(database.db as never, { migrationsFolder: folder });
  fs.rmSync(folder, { recursive: true, force: true });
  expect(await columnsOfVersions()).toEqual(expect.arrayContaining(DROPPED));

  for (const type of QUESTION_TYPES) {
    const c = CASES[type];
    const [head] = rowsOf<{ id: number }>(await database.db.execute(sql`INSERT INTO questions (question_type) VALUES (${type}) RETURNING id`));
    const col = (name: string) => (name in c.columns ? c.columns[name] : null);
    const [version] = rowsOf<{ id: number }>(
      await database.db.execute(sql`
        INSERT INTO question_versions (question_id, version, marks, negative_marks, numeric_tolerance, line_number, programming,
                                       sample_cases, start_file_url, correct_answer_id, correct_answer_data, hidden_cases, rubric, settings)
        VALUES (${head!.id}, 1, 4, 1, ${col('numeric_tolerance')}, ${col('line_number')},
                ${col('programming') === null ? null : JSON.stringify(col('programming'))}::jsonb,
                ${JSON.stringify(col('sample_cases') ?? [])}::jsonb, ${col('start_file_url')},
                ${c.key === undefined ? null : JSON.stringify(c.key)}::jsonb, ${c.data === undefined ? null : JSON.stringify(c.data)}::jsonb,
                ${JSON.stringify(type === 'programming' ? [{ input: '2 2', output: '4' }] : [])}::jsonb,
                ${type === 'comprehensive' ? 'Two points for the definition' : null}, ${JSON.stringify(c.settings)}::jsonb)
        RETURNING id`),
    );
    await database.db.execute(sql`
      INSERT INTO question_version_texts (version_id, language, data, options)
      VALUES (${version!.id}, 'en', ${type === 'text' ? 'g is {0}' : `A ${type} question`}, ${JSON.stringify(c.key === undefined ? [] : options)}::jsonb)`);
    await database.db.execute(sql`UPDATE questions SET current_version_id = ${version!.id} WHERE id = ${head!.id}`);
    versionIdOf.set(type, version!.id);
    questionIdOf.set(type, head!.id);
  }
  await database.migrate();
}, 120_000);

afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
});

describe('migration: the old kind columns of question versions dropped', () => {
  it('drops the five columns settings replaced and keeps the rubric and the hidden cases', async () => {
    const columns = await columnsOfVersions();
    for (const name of DROPPED) expect(columns, name).not.toContain(name);
    expect(columns).toEqual(expect.arrayContaining(['settings', 'rubric', 'hidden_cases', 'correct_answer_data', 'media_url']));
    const rows = rowsOf<{ id: number; settings: unknown; rubric: string | null; hidden_cases: unknown }>(await database.db.execute(sql`SELECT id, settings, rubric, hidden_cases FROM question_versions`));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const type of QUESTION_TYPES) expect(byId.get(versionIdOf.get(type)!)!.settings, type).toEqual(CASES[type].settings);
    expect(byId.get(versionIdOf.get('comprehensive')!)!.rubric).toBe('Two points for the definition');
    expect(byId.get(versionIdOf.get('programming')!)!.hidden_cases).toEqual([{ input: '2 2', output: '4' }]);
  });

  it('reads every kind through the bank with its kind fields from settings, and scores it as before', async () => {
    const service = createQuestionBankService({ repo: createQuestionBankRepository(database.db), clock: new ManualClock(new Date('2026-01-01T00:00:00Z')), grading: () => null });
    const content = await service.contentOfVersions([...versionIdOf.values()]);
    for (const type of QUESTION_TYPES) {
      const q = content.get(versionIdOf.get(type)!)!;
      const c = CASES[type].columns;
      expect(q.questionType).toBe(type);
      expect(q.lineNumber, type).toBe(c.line_number ?? null);
      expect(q.numericTolerance, type).toBe(c.numeric_tolerance ?? null);
      expect(q.programming, type).toEqual(c.programming ?? null);
      expect(q.sampleCases, type).toEqual(c.sample_cases ?? []);
      expect(q.startFileUrl, type).toBe(c.start_file_url ?? null);
      expect(q.mediaUrl, type).toBe((CASES[type].settings.mediaUrl as string | undefined) ?? null);
      expect(q.correctAnswerData ?? null, type).toEqual(CASES[type].data ?? null);
    }
    const scorable = (type: QuestionType) => {
      const q = content.get(versionIdOf.get(type)!)!;
      return {
        questionID: q.id,
        questionType: type,
        marks: q.marks,
        negativeMarks: q.negativeMarks,
        allowsPartialCredit: q.allowsPartialCredit,
        numericTolerance: q.numericTolerance,
        correctAnswerId: q.correctAnswerId,
        correctAnswerData: q.correctAnswerData,
        settings: q.settings,
      };
    };
    const answer = (answerId: unknown, answerData: unknown = null) => ({ answerId, answerData, evaluatedFraction: null, teacherMarks: null });
    expect(scoreAnswer(scorable('singleChoice'), answer(2))).toEqual({ status: 'correct', marksAwarded: 4, negativeLost: 0 });
    expect(scoreAnswer(scorable('singleChoice'), answer(1))).toEqual({ status: 'wrong', marksAwarded: -1, negativeLost: 1 });
    // JEE Advanced marking, kept in settings: one right option of two and no wrong one earns +1.
    expect(scoreAnswer(scorable('multipleChoice'), answer([1]))).toMatchObject({ status: 'partial', marksAwarded: 1 });
    expect(scoreAnswer(scorable('text'), answer('x', [{ id: 'x-0', value: '10.2' }])).status).toBe('correct');
    expect(scoreAnswer(scorable('text'), answer('x', [{ id: 'x-0', value: '10.4' }])).status).toBe('wrong');
    expect(scoreAnswer(scorable('numerical'), answer('number', [{ id: 'number', value: '3.145' }])).status).toBe('correct');
  });

  it('shows the author the same version, its kind fields read from settings', async () => {
    const repo = createQuestionBankRepository(database.db);
    const loaded = await repo.getVersion(questionIdOf.get('comprehensive')!, 1);
    expect(loaded!.row.lineNumber).toBe(12);
    expect(loaded!.row.rubric).toBe('Two points for the definition');
    const office = await repo.getVersion(questionIdOf.get('xlsx')!, 1);
    expect(office!.row.startFileUrl).toBe('files/start.xlsx');
    const program = await repo.getVersion(questionIdOf.get('programming')!, 1);
    expect(program!.row.programming).toEqual(programming);
    expect(program!.row.sampleCases).toEqual(sampleCases);
  });
});
