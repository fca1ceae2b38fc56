/**
 * How long the demo data takes to seed on a fresh in-memory PGlite (the server's first start), with
 * the production password hashes: BENCH_RUNS runs (default 3), each on a new database.
 *
 *   npx tsx bench/seed-time.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { envNumber } from './exam-day-lib.js';

const RUNS = envNumber('BENCH_RUNS', 3);

async function main(): Promise<void> {
  const { readConfig } = await import('../apps/server/src/config/env.js');
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const { seedClients } = await import('../apps/server/src/db/seed/seed-clients.js');
  const { seedDemoData } = await import('../apps/server/src/db/seed/index.js');
  const { systemClock } = await import('../apps/server/src/lib/clock.js');
  const { createMailer } = await import('../apps/server/src/lib/mailer.js');
  const { createTokenSigner } = await import('../apps/server/src/lib/tokens.js');
  const { createFileDeps } = await import('../apps/server/src/lib/file-store/index.js');
  const secret = 'bench-secret-bench-secret-bench-secret-0';
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-seed-time-'));
    const database = await openDatabase({});
    await database.migrate();
    const config = readConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: secret });
    const deps = {
      config,
      database,
      db: database.db,
      clock: systemClock,
      mailer: createMailer({ from: config.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') }),
      tokens: createTokenSigner(secret, 3600),
      uploadsDir: path.join(dataDir, 'uploads'),
      ...createFileDeps(config, { secret, clock: systemClock }),
    };
    const started = performance.now();
    await seedClients(database);
    await seedDemoData(deps);
    times.push(performance.now() - started);
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    console.log(`run ${run + 1}: seed ${(times.at(-1)! / 1000).toFixed(1)} s`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`seed of the demo data on a fresh PGlite: median ${(sorted[Math.floor(sorted.length / 2)]! / 1000).toFixed(1)} s, min ${(sorted[0]! / 1000).toFixed(1)} s, max ${(sorted.at(-1)! / 1000).toFixed(1)} s over ${RUNS} runs`);
}

await main();
