import { buildApp } from './app.js';
import { createDeps } from './bootstrap.js';
import { readConfig } from './config/env.js';
import { seedDemoData } from './db/seed/index.js';
import { seedClients } from './db/seed/seed-clients.js';

async function main(): Promise<void> {
  let config;
  try {
    config = readConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  let deps;
  try {
    deps = await createDeps(config);
  } catch (error) {
    console.error(`Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  const app = await buildApp(deps, {
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
  });
  // Clients and their roles' permissions are configuration, needed with or without demo data.
  await seedClients(deps);
  if (config.SEED_DEMO_DATA) await seedDemoData(deps);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await deps.database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Serving on http://localhost:${config.PORT}`);
}

void main();
