/**
 * Students' saves while staff import spreadsheets: BENCH_SAVERS students (300) in the exam save an
 * answer every 2 s each, first for BENCH_WINDOW_MS (30 s) alone, then for as long again while
 * BENCH_UPLOADERS staff uploads (3) run back to back into the question-bank import preview: the
 * 100,000 × 15 workbook of numbers with its declared range, the same without one (its cells are
 * counted from the sheet), a zip bomb (60 MB of zeros) and a real workbook of BENCH_QUESTIONS
 * questions (2,000) that is parsed in full. One server process from the built bundle, on PostgreSQL.
 *
 *   npm run build -w apps/server && npx tsx bench/saves-during-import.ts
 *
 * Env: BENCH_SAVERS (300), BENCH_WINDOW_MS (30000), BENCH_UPLOADERS (3), BENCH_QUESTIONS (2000),
 * BENCH_PORT (8313), BENCH_PG_PORT (5447), BENCH_DATABASE_URL, BENCH_SERVER_ENV.
 *
 * Pass: every save acknowledged, and the saves' p99 during the imports within the budget (100 ms).
 */
import http from 'node:http';
import { strToU8, zipSync } from 'fflate';
import { envNumber, signInAs, sleep, summary } from './exam-day-lib.js';
import { onOneServer } from './one-server.js';
import { multipartFile } from './scratch-database.js';
import { savingStudents } from './save-thread.js';

const SAVERS = envNumber('BENCH_SAVERS', 300);
const WINDOW_MS = envNumber('BENCH_WINDOW_MS', 30_000);
const UPLOADERS = envNumber('BENCH_UPLOADERS', 3);
const QUESTIONS = envNumber('BENCH_QUESTIONS', 2000);
const PORT = envNumber('BENCH_PORT', 8313);
const SAVE_BUDGET_MS = 100;

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';
const WORKBOOK = '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="Sheet1" sheetId="1"/></sheets></workbook>';

function workbookZip(sheet: Uint8Array, level: 1 | 6): Buffer {
  return Buffer.from(zipSync({ '[Content_Types].xml': strToU8(CONTENT_TYPES), 'xl/workbook.xml': strToU8(WORKBOOK), 'xl/worksheets/sheet1.xml': sheet }, { level }));
}

function numberSheet(rows: number, cols: number, withDimension: boolean): Uint8Array {
  const letter = (n: number) => String.fromCharCode(64 + n);
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'];
  if (withDimension) out.push(`<dimension ref="A1:${letter(cols)}${rows}"/>`);
  out.push('<sheetData>');
  for (let r = 1; r <= rows; r++) {
    let row = `<row r="${r}">`;
    for (let c = 1; c <= cols; c++) row += `<c r="${letter(c)}${r}"><v>${r * c}</v></c>`;
    out.push(`${row}</row>`);
  }
  out.push('</sheetData></worksheet>');
  return strToU8(out.join(''));
}

async function uploadFiles(): Promise<Array<{ name: string; file: Buffer }>> {
  const { EXAMPLE_QUESTIONS, writeQuestionFile } = await import('../apps/server/src/modules/question-bank/formats/index.js');
  const questions = Array.from({ length: QUESTIONS }, (_, i) => {
    const example = structuredClone(EXAMPLE_QUESTIONS[i % EXAMPLE_QUESTIONS.length]!);
    for (const text of Object.values(example.draft.texts)) if (text) text.data = `Q${i + 1}. ${text.data}`;
    return example;
  });
  return [
    { name: '100,000 × 15 numbers', file: workbookZip(numberSheet(100_000, 15, true), 1) },
    { name: 'the same without its range', file: workbookZip(numberSheet(100_000, 15, false), 1) },
    { name: 'zip bomb', file: workbookZip(new Uint8Array(60 * 1024 * 1024), 6) },
    { name: `${QUESTIONS} questions`, file: await writeQuestionFile(questions, 'xlsx') },
  ];
}

function post(agent: http.Agent, origin: string, token: string, file: Buffer): Promise<number> {
  const target = new URL(origin);
  const body = multipartFile(file, 'questions.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: '/api/question-bank/v1/import/preview?format=xlsx',
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType, 'content-length': body.payload.length },
        timeout: 120_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body.payload);
  });
}

async function main(): Promise<void> {
  const files = await uploadFiles();
  const frame = { dbName: 'neetprep_bench_import_saves', port: PORT, pgPort: envNumber('BENCH_PG_PORT', 5447), students: SAVERS, label: `imports${Date.now()}` };
  await onOneServer(frame, async ({ origin, exam }) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const signedIn = await signInAs(agent, origin, 'teacher', '203.0.113.250');
    const teacherToken = /"token":"([^"]+)"/.exec(signedIn.text)?.[1];
    if (!teacherToken) throw new Error(`teacher sign-in failed: ${signedIn.status} ${signedIn.text.slice(0, 200)}`);

    let phase: 'alone' | 'imports' | 'over' = 'alone';
    const saving = await savingStudents(origin, exam, SAVERS + 64, () => phase);

    await sleep(WINDOW_MS);
    phase = 'imports';
    const uploads: Record<string, number[]> = {};
    const statuses: Record<string, Set<number>> = {};
    const deadline = performance.now() + WINDOW_MS;
    await Promise.all(
      Array.from({ length: UPLOADERS }, async (_, u) => {
        for (let n = u; performance.now() < deadline; n++) {
          const { name, file } = files[n % files.length]!;
          const t0 = performance.now();
          const status = await post(agent, origin, teacherToken, file);
          (uploads[name] ??= []).push(performance.now() - t0);
          (statuses[name] ??= new Set()).add(status);
        }
      }),
    );
    phase = 'over';
    await saving.stop();
    const saveErrors = saving.errors();
    agent.destroy();

    const alone = summary(saving.times('alone'));
    const during = summary(saving.times('imports'));
    console.log(`saves of ${SAVERS} students (one every 2 s each), ${(WINDOW_MS / 1000).toFixed(0)} s alone, then ${(WINDOW_MS / 1000).toFixed(0)} s with ${UPLOADERS} spreadsheet uploads at a time`);
    console.log(`  alone:            p50 ${alone.p50} ms, p99 ${alone.p99} ms, max ${alone.max} ms (${alone.n} saves)`);
    console.log(`  during imports:   p50 ${during.p50} ms, p99 ${during.p99} ms, max ${during.max} ms (${during.n} saves); errors ${saveErrors}; budget p99 ${SAVE_BUDGET_MS} ms`);
    for (const { name, file } of files) {
      const took = summary(uploads[name] ?? []);
      console.log(`  upload ${name} (${(file.length / 1024).toFixed(0)} KB): ${took.n} times, answered ${[...(statuses[name] ?? [])].join('/')} in p50 ${took.p50} ms, max ${took.max} ms`);
    }
    return saveErrors === 0 && during.n > 0 && during.p99 <= SAVE_BUDGET_MS;
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
