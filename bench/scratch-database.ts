/**
 * The database a benchmark writes to: a fresh PostgreSQL database named `name` on the server of
 * BENCH_DATABASE_URL (dropped and created again), or undefined for an in-memory PGlite.
 */
export async function scratchDatabaseUrl(name: string): Promise<string | undefined> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return undefined;
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Drops the scratch database again (nothing to do on PGlite). */
export async function dropScratchDatabase(name: string): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) return;
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.end();
}

/**
 * The real app on a scratch database (migrated, clients seeded) with a data folder of its own,
 * as the report benchmarks start it: no HTTP listener, calls go through `app.inject`.
 */
export async function startBenchApp(name: string, secret: string) {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { buildApp } = await import('../apps/server/src/app.js');
  const { readConfig } = await import('../apps/server/src/config/env.js');
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const { seedClients } = await import('../apps/server/src/db/seed/seed-clients.js');
  const { systemClock } = await import('../apps/server/src/lib/clock.js');
  const { createMailer } = await import('../apps/server/src/lib/mailer.js');
  const { createTokenSigner } = await import('../apps/server/src/lib/tokens.js');
  const { createFileDeps } = await import('../apps/server/src/lib/file-store/index.js');

  const url = await scratchDatabaseUrl(name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const database = await openDatabase({ url });
  await database.migrate();
  await seedClients(database);
  const config = readConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '10000000', JWT_SECRET: secret });
  const app = await buildApp({
    config,
    database,
    db: database.db,
    clock: systemClock,
    mailer: createMailer({ from: config.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') }),
    tokens: createTokenSigner(secret, 3600),
    uploadsDir: path.join(dataDir, 'uploads'),
    ...createFileDeps(config, { secret, clock: systemClock }),
  });
  return { app, database, dataDir, url };
}

/** Closes what `startBenchApp` opened and removes its data folder and scratch database. */
export async function stopBenchApp(name: string, started: Awaited<ReturnType<typeof startBenchApp>>, { keepDatabase = false } = {}): Promise<void> {
  const fs = await import('node:fs');
  await started.app.close();
  await started.database.close();
  fs.rmSync(started.dataDir, { recursive: true, force: true });
  if (!keepDatabase) await dropScratchDatabase(name);
}

/** A multipart/form-data body with one file field named "file", as a browser uploads it. */
export function multipartFile(content: Buffer, fileName: string, contentType: string) {
  const boundary = `----bench${Date.now().toString(16)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
