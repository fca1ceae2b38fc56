import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { createDeps } from './bootstrap.js';
import { readConfig } from './config/env.js';
import { seedDemoData } from './db/seed/index.js';
import { DEMO_PASSWORD } from './db/seed/seed-accounts.js';
import { seedClients } from './db/seed/seed-clients.js';
import { seedReferenceData } from './db/seed/seed-lookups.js';
import { systemClock } from './lib/clock.js';

async function main(): Promise<void> {
  let config;
  try {
    config = readConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const log = pino({ level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] });
  let deps;
  try {
    deps = await createDeps(config, systemClock, (level, message, error) => log[level](error ? { err: error } : {}, message));
  } catch (error) {
    console.error(`Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  const app = await buildApp(deps, { loggerInstance: log });
  // Clients and their roles' permissions are configuration, needed with or without demo data.
  // Processes of a cluster start together: one seeds at a time (each seed is idempotent).
  await deps.database.serialized('seed', async () => {
    await seedClients(deps);
    await seedReferenceData(deps);
    if (config.SEED_DEMO_DATA) await seedDemoData(deps);
  });
  // A crash soon after start then does not replay the seed's work (embedded database only).
  await deps.database.checkpoint();
  // Demo data only when asked for (SEED_DEMO_DATA; off by default with NODE_ENV=production), and
  // then said loudly: here, and on the sign-in page (decision 041).
  if (await app.services.installation.signInNotice().then((notice) => notice.demoAccounts)) {
    log.warn(
      { seeded: config.SEED_DEMO_DATA },
      `demo accounts with a published password are active: anyone can sign in as an administrator with ${DEMO_PASSWORD}. ` +
        'Do not use this installation for real students; start with SEED_DEMO_DATA=false on a new database, or deactivate the demo accounts.',
    );
  } else if (!(await app.services.installation.hasAdministrator())) {
    log.warn('no administrator account yet: create the first with `npm run bootstrap` (docs/deploying-for-an-exam-day.md, "The first administrator")');
  }
  // The demo data writes submitted attempts directly: summarise them for the dashboards and reports
  // (the same idempotent backfill as at start, which may have run before the seed).
  if (config.SEED_DEMO_DATA) {
    void app.services.reports.backfillSummaries((text, error) => log.error({ err: error }, text)).catch((error: unknown) => log.error({ err: error }, 'attempt summary backfill failed'));
  }

  // Draining: readiness turns false at once so the load balancer stops sending new requests; after
  // SHUTDOWN_DRAIN_MS the listener closes, requests in flight (saves) finish, background loops stop
  // (the app's onClose), and only then do Redis and the database close.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.lifecycle.startDraining();
    log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'draining: readiness is false');
    const force = setTimeout(() => {
      log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long: exiting with work unfinished');
      process.exit(1);
    }, config.SHUTDOWN_DRAIN_MS + config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    let code = 0;
    try {
      await sleep(config.SHUTDOWN_DRAIN_MS);
      await app.close();
      await deps.redis?.close();
      await deps.database.close();
      log.info('stopped');
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      code = 1;
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT, backlog: config.LISTEN_BACKLOG });
  log.info(`Serving on http://localhost:${config.PORT}`);
}

void main();
