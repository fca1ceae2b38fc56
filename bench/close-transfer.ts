/**
 * What a close group's data costs to cross between the server and PostgreSQL (decision 103), one
 * group of BENCH_GROUP attempts (32, SUBMIT_GROUP) × BENCH_ANSWERS answers (150) × 180 questions, on
 * PostgreSQL, each form measured as the CPU it takes of this process and of its database backend
 * (from /proc, so PostgreSQL must run on this machine), rounds alternating:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/close-transfer.ts
 *
 * 1. The group's answers: one row per answer (as read before), against one JSON text per attempt put
 *    together with string_agg (as read now) and with json_agg(json_build_array(…)) (tried).
 * 2. The group's summaries as one JSON parameter read by a recordset: jsonb with JSON arrays (before),
 *    json with JSON arrays, and json with arrays as PostgreSQL's array text (now, rowsFromJson).
 *
 * Env: BENCH_ROUNDS (5), BENCH_REPEAT (40 calls a form a round). Prints the median of the rounds.
 */
import pg from 'pg';
import { numbersAsArrayText } from '../apps/server/src/db/rows-from-json.js';
import { cpuSecondsOf, envNumber, ownCpuSeconds } from './exam-day-lib.js';
import { dropScratchDatabase, scratchDatabaseUrl } from './scratch-database.js';

const GROUP = envNumber('BENCH_GROUP', 32);
const ANSWERS = envNumber('BENCH_ANSWERS', 150);
const ROUNDS = envNumber('BENCH_ROUNDS', 5);
const REPEAT = envNumber('BENCH_REPEAT', 40);
const DB_NAME = 'neetprep_bench_transfer';

const json = (column: string) => `coalesce(${column}::text, 'null')`;
const ANSWER_FORMS: Record<string, { sql: string; read: (rows: Record<string, unknown>[]) => number }> = {
  'rows (before)': {
    sql: `SELECT attempt_id, question_task_map_id, answer_id, answer_data, time_spent_seconds, first_answer, change_count, evaluated_fraction, teacher_marks
          FROM answers WHERE attempt_id = ANY($1)`,
    read: (rows) => {
      const byAttempt = new Map<unknown, unknown[]>();
      for (const row of rows) {
        const list = byAttempt.get(row.attempt_id) ?? [];
        list.push({ questionTaskMapId: row.question_task_map_id, answerId: row.answer_id, answerData: row.answer_data, timeSpentSeconds: row.time_spent_seconds, firstAnswer: row.first_answer, changeCount: row.change_count, evaluatedFraction: row.evaluated_fraction, teacherMarks: row.teacher_marks });
        byAttempt.set(row.attempt_id, list);
      }
      return [...byAttempt.values()].reduce((n, list) => n + list.length, 0);
    },
  },
  'string_agg text (now)': {
    sql: `SELECT attempt_id, string_agg('[' || question_task_map_id || ',' || ${json('answer_id')} || ',' || ${json('answer_data')} || ',' || time_spent_seconds
            || ',' || ${json('first_answer')} || ',' || change_count || ',' || ${json('evaluated_fraction')} || ',' || ${json('teacher_marks')} || ']', ',') AS answers
          FROM answers WHERE attempt_id = ANY($1) GROUP BY attempt_id`,
    read: (rows) => tuples(rows.map((row) => JSON.parse(`[${row.answers as string}]`) as unknown[][])),
  },
  'json_agg(json_build_array) (tried)': {
    sql: `SELECT attempt_id, json_agg(json_build_array(question_task_map_id, answer_id, answer_data, time_spent_seconds, first_answer, change_count, evaluated_fraction, teacher_marks))::text AS answers
          FROM answers WHERE attempt_id = ANY($1) GROUP BY attempt_id`,
    read: (rows) => tuples(rows.map((row) => JSON.parse(row.answers as string) as unknown[][])),
  },
};

function tuples(perAttempt: unknown[][][]): number {
  let n = 0;
  for (const list of perAttempt) {
    const built = list.map(([questionTaskMapId, answerId, answerData, timeSpentSeconds, firstAnswer, changeCount, evaluatedFraction, teacherMarks]) => ({ questionTaskMapId, answerId, answerData, timeSpentSeconds, firstAnswer, changeCount, evaluatedFraction, teacherMarks }));
    n += built.length;
  }
  return n;
}

/** A group's summaries as the close writes them: five arrays of 180 and two small JSON lists each. */
function summaries(): Record<string, unknown>[] {
  const items = (f: (q: number) => number) => Array.from({ length: 180 }, (_, q) => f(q));
  return Array.from({ length: GROUP }, (_, i) => ({
    attempt_id: `attempt-${i}`,
    scored: 412,
    sections: [{ name: 'Physics', scored: 100, correct: 30 }, { name: 'Chemistry', scored: 120, correct: 32 }],
    subjects: [{ name: 'Physics', questions: 45, correct: 30 }, { name: 'Chemistry', questions: 45, correct: 32 }],
    item_map_ids: items((q) => 1000 + q),
    item_marks: items((q) => [4, -1, 0][(q + i) % 3]!),
    item_choices: items((q) => 50_000 + q * 4 + (i % 4)),
    item_times: items((q) => 20 + ((q * 7 + i) % 90)),
    item_changes: items((q) => (q + i) % 3),
  }));
}
const ARRAYS = ['item_map_ids int[]', 'item_marks float8[]', 'item_choices int[]', 'item_times int[]', 'item_changes int[]'];
const COLUMNS = `attempt_id text, scored float8, sections jsonb, subjects jsonb`;
const SUMMARY_FORMS: Record<string, { sql: string; param: () => string }> = {
  'jsonb, JSON arrays (before)': {
    sql: `SELECT count(*), sum(${ARRAYS.map((a) => `array_length(${a.split(' ')[0]}, 1)`).join(' + ')}) FROM jsonb_to_recordset($1::jsonb) AS x(${COLUMNS}, ${ARRAYS.join(', ')})`,
    param: () => JSON.stringify(summaries()),
  },
  'json, JSON arrays': {
    sql: `SELECT count(*), sum(${ARRAYS.map((a) => `array_length(${a.split(' ')[0]}, 1)`).join(' + ')}) FROM json_to_recordset($1::json) AS x(${COLUMNS}, ${ARRAYS.join(', ')})`,
    param: () => JSON.stringify(summaries()),
  },
  'json, array text (now)': {
    sql: `SELECT count(*), sum(${ARRAYS.map((a) => `array_length(x.${a.split(' ')[0]}::${a.split(' ')[1]}, 1)`).join(' + ')}) FROM json_to_recordset($1::json) AS x(${COLUMNS}, ${ARRAYS.map((a) => `${a.split(' ')[0]} text`).join(', ')})`,
    param: () => JSON.stringify(summaries().map((s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, k.startsWith('item_') ? numbersAsArrayText(v as number[]) : v])))),
  },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const url = await scratchDatabaseUrl(DB_NAME);
  if (!url) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL server on this machine');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE TABLE answers (attempt_id text, question_task_map_id int, answer_id jsonb, answer_data jsonb, time_spent_seconds int,
      first_answer jsonb, change_count int, evaluated_fraction float8, teacher_marks float8, PRIMARY KEY (attempt_id, question_task_map_id))`);
    // 2,000 attempts' answers as single-choice saves leave them: an option id, the first answer, a few changes.
    await client.query(`INSERT INTO answers SELECT 'attempt-' || a, 1000 + q, to_jsonb(50000 + q * 4 + a % 4), NULL, 20 + (q * 7 + a) % 90,
      jsonb_build_object('id', 50000 + q * 4 + (a + 1) % 4, 'data', NULL), (q + a) % 3, NULL, NULL FROM generate_series(1, 2000) a, generate_series(1, ${ANSWERS}) q`);
    await client.query('VACUUM ANALYZE answers');
    const [backend] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
    const group = Array.from({ length: GROUP }, (_, i) => `attempt-${i * 7 + 1}`);
    const measure = async (call: () => Promise<number>) => {
      const own = ownCpuSeconds();
      const db = cpuSecondsOf(backend!.pid);
      let n = 0;
      for (let r = 0; r < REPEAT; r++) n = await call();
      return { server: ((ownCpuSeconds() - own) * 1e3) / REPEAT, postgres: ((cpuSecondsOf(backend!.pid) - db) * 1e3) / REPEAT, n };
    };
    const results = new Map<string, { server: number[]; postgres: number[]; n: number }>();
    const record = (name: string, m: { server: number; postgres: number; n: number }) => {
      const entry = results.get(name) ?? { server: [], postgres: [], n: m.n };
      entry.server.push(m.server);
      entry.postgres.push(m.postgres);
      results.set(name, entry);
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, form] of Object.entries(ANSWER_FORMS)) {
        record(`answers: ${name}`, await measure(async () => form.read((await client.query({ text: form.sql, values: [group] })).rows)));
      }
      for (const [name, form] of Object.entries(SUMMARY_FORMS)) {
        record(`summaries: ${name}`, await measure(async () => {
          const [row] = (await client.query({ text: form.sql, values: [form.param()] })).rows;
          return Number(row!.count);
        }));
      }
    }
    console.log(`one group of ${GROUP} attempts × ${ANSWERS} answers; CPU per group, median of ${ROUNDS} rounds of ${REPEAT} calls (this process / its PostgreSQL backend)`);
    for (const [name, r] of results) {
      console.log(`  ${name.padEnd(48)} ${median(r.server).toFixed(2).padStart(6)} ms / ${median(r.postgres).toFixed(2).padStart(6)} ms   (${r.n} ${name.startsWith('answers') ? 'answers' : 'rows'})`);
    }
  } finally {
    await client.end();
    await dropScratchDatabase(DB_NAME);
  }
}

await main();
