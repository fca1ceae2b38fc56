import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_KINDS, QUESTION_TYPES, readKindSettings, type QuestionType } from '@app/contracts';
import { ManualClock } from '../lib/clock.js';
import { scoreAnswer } from '../modules/grading/grading.scoring.js';
import { createQuestionBankRepository } from '../modules/question-bank/question-bank.repository.js';
import { createQuestionBankService } from '../modules/question-bank/question-bank.service.js';
import { MIGRATIONS_DIR, openDatabase, type Database } from './client.js';

/**
 * Migration 0029 moves every version's kind settings into `settings` (decision 052). A database
 * is built at the schema before it (the migrations up to 0028), given versions of every kind with
 * their kind columns filled, and then migrated: each version's settings must be what its kind's
 * settingsSchema describes, and the question must read and score as it did.
 */
const BEFORE = '0028_item-calibrations';

function migrationsUpTo(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
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

/** Every kind's kind columns as they were written before 0029, and the settings expected after. */
const CASES: Record<QuestionType, { columns: Record<string, unknown>; settings: Record<string, unknown>; key?: unknown; data?: unknown }> = {
  singleChoice: { columns: {}, settings: {}, key: 2 },
  multipleChoice: { columns: {}, settings: {}, key: [1, 3] },
  text: { columns: { numeric_tolerance: 0.5 }, settings: { numericTolerance: 0.5 }, data: [{ id: 'x-0', value: '9.8' }] },
  comprehensive: { columns: { line_number: 12 }, settings: { lineNumber: 12 }, data: 'A model answer' },
  video: { columns: { media_url: 'https://example.org/clip.mp4' }, settings: { mediaUrl: 'https://example.org/clip.mp4' }, key: 1 },
  image: { columns: { media_url: 'data:image/png;base64,iVBORw0KGgo=' }, settings: { mediaUrl: 'data:image/png;base64,iVBORw0KGgo=' }, key: 3 },
  programming: { columns: { programming, sample_cases: sampleCases }, settings: { programming, sampleCases } },
  xlsx: { columns: { start_file_url: 'files/start.xlsx' }, settings: { startFileUrl: 'files/start.xlsx' } },
  docx: { columns: { start_file_url: null }, settings: { startFileUrl: null } },
  pptx: { columns: { start_file_url: 'files/start.pptx' }, settings: { startFileUrl: 'files/start.pptx' } },
  assertionReason: { columns: {}, settings: {}, key: 1 },
  numerical: { columns: {}, settings: {}, data: { value: 3.14, tolerance: 0.01 } },
  ordering: { columns: {}, settings: {}, data: { order: [3, 1, 2] } },
  matching: { columns: {}, settings: {}, data: { presentation: 'pairs', pairs: [{ left: 101, right: 202 }, { left: 102, right: 201 }] } },
};

let database: Database;
let dropDatabase: (() => Promise<void>) | undefined;
const versionIdOf = new Map<QuestionType, number>();
const questionIdOf = new Map<QuestionType, number>();

async function openFresh(): Promise<Database> {
  if (process.env.TEST_DB !== 'pg') return openDatabase({});
  const name = `neetprep_test_migration_0029_${process.env.VITEST_POOL_ID ?? '0'}`;
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

beforeAll(async () => {
  database = await openFresh();
  const folder = migrationsUpTo(BEFORE);
  if (database.driver === 'pglite') await migratePglite(database.db as never, { migrationsFolder: folder });
  else await migratePg(database.db as never, { migrationsFolder: folder });
  fs.rmSync(folder, { recursive: true, force: true });

  const columnsBefore = await database.db.execute<{ column_name: string }>(
    sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'question_versions' AND column_name = 'settings'`,
  );
  expect(((columnsBefore as unknown as { rows?: unknown[] }).rows ?? (columnsBefore as unknown as unknown[])).length).toBe(0);

  for (const type of QUESTION_TYPES) {
    const c = CASES[type];
    const [head] = rowsOf<{ id: number }>(await database.db.execute(sql`INSERT INTO questions (question_type) VALUES (${type}) RETURNING id`));
    const col = (name: string) => (name in c.columns ? c.columns[name] : null);
    const [version] = rowsOf<{ id: number }>(
      await database.db.execute(sql`
        INSERT INTO question_versions (question_id, version, media_url, marks, negative_marks, numeric_tolerance, line_number, programming,
                                       sample_cases, start_file_url, correct_answer_id, correct_answer_data, hidden_cases)
        VALUES (${head!.id}, 1, ${col('media_url')}, 4, 1, ${col('numeric_tolerance')}, ${col('line_number')},
                ${col('programming') === null ? null : JSON.stringify(col('programming'))}::jsonb,
                ${JSON.stringify(col('sample_cases') ?? [])}::jsonb, ${col('start_file_url')},
                ${c.key === undefined ? null : JSON.stringify(c.key)}::jsonb, ${c.data === undefined ? null : JSON.stringify(c.data)}::jsonb,
                ${JSON.stringify(type === 'programming' ? [{ input: '2 2', output: '4' }] : [])}::jsonb)
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

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

describe('migration 0029: kind settings as validated jsonb', () => {
  it("gives every existing version the settings its kind's settingsSchema describes", async () => {
    const rows = rowsOf<{ id: number; settings: unknown }>(await database.db.execute(sql`SELECT id, settings FROM question_versions`));
    const byId = new Map(rows.map((r) => [r.id, r.settings]));
    for (const type of QUESTION_TYPES) {
      const stored = byId.get(versionIdOf.get(type)!);
      expect(stored, type).toEqual(CASES[type].settings);
      expect(QUESTION_KINDS[type].settingsSchema.safeParse(stored).success, type).toBe(true);
      expect(readKindSettings(QUESTION_KINDS[type], stored), type).toEqual(CASES[type].settings);
    }
  });

  it('reads each question through the bank as it was stored before, and scores it the same', async () => {
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
      expect(q.mediaUrl, type).toBe(c.media_url ?? null);
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
      };
    };
    const answer = (answerId: unknown, answerData: unknown = null) => ({ answerId, answerData, evaluatedFraction: null, teacherMarks: null });
    expect(scoreAnswer(scorable('singleChoice'), answer(2))).toEqual({ status: 'correct', marksAwarded: 4, negativeLost: 0 });
    expect(scoreAnswer(scorable('singleChoice'), answer(1))).toEqual({ status: 'wrong', marksAwarded: -1, negativeLost: 1 });
    expect(scoreAnswer(scorable('multipleChoice'), answer([3, 1]))).toEqual({ status: 'correct', marksAwarded: 4, negativeLost: 0 });
    // The tolerance that now lives in settings still widens a numeric blank: 9.8 ± 0.5.
    expect(scoreAnswer(scorable('text'), answer('x', [{ id: 'x-0', value: '10.2' }])).status).toBe('correct');
    expect(scoreAnswer(scorable('text'), answer('x', [{ id: 'x-0', value: '10.4' }])).status).toBe('wrong');
    expect(scoreAnswer(scorable('numerical'), answer('number', [{ id: 'number', value: '3.145' }])).status).toBe('correct');
  });

  it('shows the author the same version, its kind fields read from settings', async () => {
    const repo = createQuestionBankRepository(database.db);
    const loaded = await repo.getVersion(questionIdOf.get('comprehensive')!, 1);
    expect(loaded!.row.lineNumber).toBe(12);
    expect(loaded!.row.settings).toEqual({ lineNumber: 12 });
    const office = await repo.getVersion(questionIdOf.get('xlsx')!, 1);
    expect(office!.row.startFileUrl).toBe('files/start.xlsx');
  });
});
