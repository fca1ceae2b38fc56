/**
 * How long the embedded database takes to open again after the server was killed with SIGKILL
 * while writing, with the checkpoints it now writes on its own (every 30 s) and without them (as
 * before: single-user PostgreSQL has no checkpointer, so WAL grew until max_wal_size).
 *
 *   npx tsx bench/pglite-restart.ts [--seconds 90] [--runs 2]
 *
 * A child process opens a fresh PGlite folder through the server's `openDatabase`, writes
 * answer-like rows (inserts and updates in small transactions, as saves do) for `--seconds`, then
 * kills itself with SIGKILL. The parent then times `openDatabase` + one query on that folder.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';

const NEVER = 2 ** 31 - 1;

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

async function writeThenDie(dir: string, seconds: number, intervalMs: number): Promise<never> {
  const database = await openDatabase({ pgliteDir: dir, checkpointIntervalMs: intervalMs });
  await database.db.execute(sql`create table answers (id serial primary key, attempt int, question int, body text, seq int)`);
  const until = Date.now() + seconds * 1000;
  let batches = 0;
  while (Date.now() < until) {
    await database.db.execute(sql`insert into answers (attempt, question, body, seq) select ${batches}, g, md5(g::text), 1 from generate_series(1, 200) g`);
    await database.db.execute(sql`update answers set seq = seq + 1, body = md5(body) where attempt = ${Math.max(0, batches - 5)}`);
    batches += 1;
    // Let the checkpoint timer run between batches, as it does between requests.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const wal = fs.readdirSync(path.join(dir, 'pg_wal')).filter((f) => /^[0-9A-F]{24}$/.test(f)).length;
  process.stdout.write(JSON.stringify({ batches, walSegments: wal }) + '\n');
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
}

async function runOnce(seconds: number, intervalMs: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-pglite-restart-'));
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', self, '--writer', dir, String(seconds), String(intervalMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const signal = await new Promise((resolve) => child.once('exit', (_code, sig) => resolve(sig)));
  if (signal !== 'SIGKILL') throw new Error(`the writer ended with ${String(signal)}`);
  const written = JSON.parse(out.trim()) as { batches: number; walSegments: number };
  const started = performance.now();
  const database = await openDatabase({ pgliteDir: dir, checkpointIntervalMs: NEVER });
  await database.db.execute(sql`select count(*) from answers`);
  const reopenMs = performance.now() - started;
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return { ...written, reopenMs };
}

if (process.argv[2] === '--writer') {
  await writeThenDie(process.argv[3]!, Number(process.argv[4]), Number(process.argv[5]));
} else {
  const seconds = argument('seconds', 90);
  const runs = argument('runs', 2);
  console.log(`writing for ${seconds} s, then SIGKILL, then reopen; ${runs} runs each, alternating`);
  for (let run = 1; run <= runs; run += 1) {
    for (const [label, intervalMs] of [
      ['no checkpoints (before)', NEVER],
      ['checkpoint every 30 s (now)', 30_000],
    ] as const) {
      const result = await runOnce(seconds, intervalMs);
      console.log(`run ${run} ${label}: ${result.batches} batches, ${result.walSegments} WAL segments of 1 MB, reopen ${(result.reopenMs / 1000).toFixed(1)} s`);
    }
  }
}
