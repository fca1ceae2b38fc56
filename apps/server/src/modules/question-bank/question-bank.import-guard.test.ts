import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@app/contracts';
import { institutes, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { countLoopTurns } from '../../../test/loop-turns.js';
import { multipartBody } from '../../../test/multipart.js';
import { EXAMPLE_QUESTIONS, writeQuestionFile } from './formats/index.js';
import { workbookCells } from './formats/workbook-cells.js';
import { WORKBOOK_ZIP_LIMITS } from './question-bank.file-reader.js';
import { createQuestionBankRepository } from './question-bank.repository.js';
import { CHECK_BATCH, checkQuestionFile } from './question-bank.transfer.js';

/**
 * Spreadsheet imports are checked before they are parsed (zip bomb, not a workbook, too many
 * cells) and parsed in a worker thread, so that one upload cannot stall every other request.
 */

let t: TestApp;
let teacher: TestUser;

const upload = (path: string, content: Buffer, query = '', language?: string) => {
  const body = multipartBody(content, { field: 'file', fileName: 'questions.xlsx' });
  return t.call({
    method: 'POST',
    url: `/api/question-bank/v1/${path}${query}`,
    headers: { ...teacher.headers, ...body.headers, ...(language ? { language } : {}) },
    payload: body.payload,
  });
};

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';
const WORKBOOK = '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Sheet1" sheetId="1"/></sheets></workbook>';

/** A workbook's zip with the given parts beside the content types and the workbook part. */
function workbookZip(parts: Record<string, Uint8Array>, level: 1 | 6 = 6): Buffer {
  return Buffer.from(zipSync({ '[Content_Types].xml': strToU8(CONTENT_TYPES), 'xl/workbook.xml': strToU8(WORKBOOK), ...parts }, { level }));
}

/** A sheet of rows × cols numbers, written as spreadsheet programs do (with or without its <dimension>). */
function numberSheet(rows: number, cols: number, withDimension: boolean): Uint8Array {
  const letters = (n: number) => String.fromCharCode(64 + n);
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'];
  if (withDimension) out.push(`<dimension ref="A1:${letters(cols)}${rows}"/>`);
  out.push('<sheetData>');
  for (let r = 1; r <= rows; r++) {
    let row = `<row r="${r}">`;
    for (let c = 1; c <= cols; c++) row += `<c r="${letters(c)}${r}"><v>${r * c}</v></c>`;
    out.push(`${row}</row>`);
  }
  out.push('</sheetData></worksheet>');
  return strToU8(out.join(''));
}

async function staff(role: Role, instituteId: number): Promise<TestUser> {
  const user = await t.createUser({ role });
  await t.deps.db.update(users).set({ instituteId, clientId: 'neetprep' }).where(eq(users.id, user.id));
  return user;
}

beforeAll(async () => {
  t = await createTestApp();
  const [institute] = await t.deps.db.insert(institutes).values({ name: 'Guarded Academy' }).returning();
  teacher = await staff('Teacher', institute!.id);
});
afterAll(() => t?.close());

describe('spreadsheet imports are checked before they are parsed', () => {
  const workerRuns = () => t.app.services.questionTransfer.reader.stats.workerRuns;

  it('refuses a zip bomb from the central directory alone, without parsing it (both routes, both languages)', async () => {
    // 60 MB of zeros deflate to about 60 KB: a ratio of about 1,000.
    const bomb = workbookZip({ 'xl/worksheets/sheet1.xml': new Uint8Array(60 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(200 * 1024);
    const runs = workerRuns();
    const started = performance.now();
    for (const path of ['import/preview', 'import']) {
      const res = await upload(path, bomb, '?format=xlsx');
      expect(res.statusCode).toBe(400);
      expect(res.json().body.code).toBe('QB_IMPORT_UNPACKS_TOO_LARGE');
    }
    const tamil = await upload('import/preview', bomb, '', 'tn');
    expect(tamil.json()).toMatchObject({ status: false, body: { code: 'QB_IMPORT_UNPACKS_TOO_LARGE' } });
    expect(tamil.json().message).toContain('பணிப்புத்தகம்');
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(workerRuns()).toBe(runs);
  }, 60_000);

  it('refuses a zip whose entries declare gigabytes, before inflating anything', async () => {
    const zip = workbookZip({ 'xl/worksheets/sheet1.xml': strToU8('<worksheet/>') });
    // Every record naming the sheet (local header and central directory) now declares 2.1 GB unpacked.
    for (let at = zip.indexOf('xl/worksheets/sheet1.xml'); at >= 0; at = zip.indexOf('xl/worksheets/sheet1.xml', at + 1)) {
      const central = zip.readUInt32LE(at - 46) === 0x02014b50;
      zip.writeUInt32LE(2_100_000_000, at - (central ? 46 - 24 : 30 - 22));
    }
    const runs = workerRuns();
    const res = await upload('import/preview', zip);
    expect(res.json().body.code).toBe('QB_IMPORT_UNPACKS_TOO_LARGE');
    expect(workerRuns()).toBe(runs);
  });

  it('refuses a file that is no workbook with a code of its own', async () => {
    const runs = workerRuns();
    const noWorkbook = Buffer.from(zipSync({ 'word/document.xml': strToU8('<document/>'), '[Content_Types].xml': strToU8(CONTENT_TYPES) }));
    const zipRes = await upload('import/preview', noWorkbook);
    expect(zipRes.statusCode).toBe(400);
    expect(zipRes.json().body.code).toBe('QB_IMPORT_NOT_WORKBOOK');
    const textRes = await upload('import/preview', Buffer.from('kind,statement_en\nsingleChoice,Hello'), '?format=xlsx');
    expect(textRes.json().body.code).toBe('QB_IMPORT_NOT_WORKBOOK');
    const truncated = await upload('import/preview', workbookZip({}).subarray(0, 60), '?format=xlsx');
    expect(truncated.json().body.code).toBe('QB_IMPORT_NOT_WORKBOOK');
    expect(workerRuns()).toBe(runs);
  });

  it('refuses the 100,000 × 15 workbook by its cell count, before the spreadsheet parser reads it', async () => {
    const file = workbookZip({ 'xl/worksheets/sheet1.xml': numberSheet(100_000, 15, true) }, 1);
    const started = performance.now();
    const res = await upload('import/preview', file);
    expect(res.statusCode).toBe(400);
    expect(res.json().body.code).toBe('QB_IMPORT_TOO_MANY_CELLS');
    // The spreadsheet parser alone takes 18 s on this file on a server (minutes on a busy test
    // machine); the declared range is read from the sheet's first bytes, and most of this is the
    // worker's start (from TypeScript source in tests).
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 120_000);

  it('counts the cells of a sheet that declares no dimension', async () => {
    const sheet = numberSheet(20_000, 11, false);
    const file = workbookZip({ 'xl/worksheets/sheet1.xml': sheet });
    expect(workbookCells(file, WORKBOOK_ZIP_LIMITS)).toBe(220_000);
    const res = await upload('import/preview', file);
    expect(res.json().body.code).toBe('QB_IMPORT_TOO_MANY_CELLS');
  }, 120_000);
});

describe('a large spreadsheet that is allowed', () => {
  let file: Buffer;
  beforeAll(async () => {
    file = await writeQuestionFile(Array.from({ length: 2000 }, (_, i) => EXAMPLE_QUESTIONS[i % EXAMPLE_QUESTIONS.length]!), 'xlsx');
  });

  it('is parsed off the main thread: the event loop stays responsive while the preview reads and checks it', async () => {
    // A first call warms the code paths (and shows the route answers it whole).
    const res = await upload('import/preview', file);
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toMatchObject({ format: 'xlsx', total: 2000, valid: 2000 });
    // The preview's reading and checking, measured without the HTTP layer: the embedded database
    // and the test's own request handling share this thread in tests, not in production.
    const repo = createQuestionBankRepository(t.deps.db);
    const reader = t.app.services.questionTransfer.reader;
    const runs = reader.stats.workerRuns;
    // Other requests get their turn: the loop turns while the worker reads the file and between
    // batches of questions checked here; checked on this thread in one go, it would not turn at all.
    const loop = countLoopTurns();
    let turnsWhileReading = 0;
    const reading: typeof reader = {
      ...reader,
      read: async (...args) => {
        const parsed = await reader.read(...args);
        turnsWhileReading = loop.turns;
        return parsed;
      },
    };
    const { checked } = await checkQuestionFile(repo, file, { format: 'xlsx', owner: 'institute' }, 'en', reading);
    loop.stop();
    expect(checked).toHaveLength(2000);
    expect(checked.every((c) => c.body)).toBe(true);
    expect(reader.stats.workerRuns).toBe(runs + 1);
    expect(turnsWhileReading).toBeGreaterThan(10);
    expect(loop.turns - turnsWhileReading).toBeGreaterThanOrEqual(Math.floor(2000 / CHECK_BATCH) - 1);
  }, 120_000);
});
