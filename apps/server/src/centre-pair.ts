import { parseArgs } from 'node:util';
import { ADMIN_ROLES, PairWithCentralBodySchema } from '@app/contracts';
import { openConfiguredDatabase } from './bootstrap.js';
import { readConfig } from './config/env.js';
import type { Database } from './db/client.js';
import { systemClock } from './lib/clock.js';
import { AppError } from './lib/errors.js';
import { createLocalCentreService } from './modules/centre/centre.local.js';
import { createCentreRepository } from './modules/centre/centre.repository.js';

/**
 * `npm run centre:pair`: pairs an exam centre with its central server without a browser, with the
 * one-time code an administrator made on the central Exam Centres screen (docs/centre.md §2,
 * decision 070). The same call as the Exam Centre screen's, on the centre's own configuration
 * (SERVER_ROLE=centre, CENTRAL_URL, DATA_DIR); on the embedded database it refuses while the
 * centre server holds the data folder.
 */
const USAGE = `Usage: npm run centre:pair -- --code <XXXX-XXXX-XXXX> --name "<centre name>" [options]

Pairs this exam centre with its central server once, with a pairing code made on the central
server's Exam Centres screen (valid 15 minutes, single use). Uses the centre server's
configuration (SERVER_ROLE=centre, CENTRAL_URL, DATA_DIR); stop the centre server first.

Options:
  --code <code>         the pairing code                                         (required)
  --name <name>         this centre's name, as the central server will list it (required)
  --central <url>       the central server (default: CENTRAL_URL; if both are set they must agree)
  --admin <username>    an administrator of this centre whose institute receives the exams
                        (default: the first institute on this server)
  --help

Exit status: 0 paired; 1 refused or failed (nothing changed); 2 wrong usage.
`;

const say = (line: string) => process.stdout.write(`${line}\n`);
const refuse = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        code: { type: 'string' },
        name: { type: 'string' },
        central: { type: 'string' },
        admin: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    refuse(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    say(USAGE);
    return 0;
  }
  const body = PairWithCentralBodySchema.safeParse({ code: args.code ?? '', name: args.name ?? '' });
  if (!body.success) {
    const fields = [...new Set(body.error.issues.map((issue) => `--${String(issue.path[0])}`))];
    refuse(`Refused, nothing was written: ${fields.join(' and ')} missing or not valid.\n\n${USAGE}`);
    return 2;
  }

  const fromEnv = process.env.CENTRAL_URL;
  if (args.central && fromEnv && new URL(args.central).href !== new URL(fromEnv).href) {
    refuse(`Refused, nothing was written: --central ${args.central} is not CENTRAL_URL (${fromEnv}), which the centre server will call. Give the same address, or leave --central out.`);
    return 2;
  }
  if (process.env.SERVER_ROLE && process.env.SERVER_ROLE !== 'centre') {
    refuse(`Refused, nothing was written: SERVER_ROLE is ${process.env.SERVER_ROLE}. Pair with the centre server's configuration (SERVER_ROLE=centre).`);
    return 2;
  }
  let config;
  try {
    config = readConfig({ ...process.env, SERVER_ROLE: 'centre', CENTRAL_URL: args.central ?? fromEnv });
  } catch (error) {
    refuse((error as Error).message);
    return 2;
  }
  const centralUrl = config.CENTRAL_URL!;

  let database: Database;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    refuse(`Cannot open the centre's database (is the centre server running? stop it first): ${(error as Error).message}`);
    return 1;
  }
  try {
    const repo = createCentreRepository(database.db);
    let by: { userId: number; instituteId: number | null } | null = null;
    if (args.admin !== undefined) {
      const account = await repo.localAccount(args.admin);
      if (!account || !(ADMIN_ROLES as readonly string[]).includes(account.role)) {
        refuse(`Refused, nothing was written: "${args.admin}" is not an active administrator of this centre server.`);
        return 1;
      }
      by = { userId: account.id, instituteId: account.instituteId };
    }
    const local = createLocalCentreService({
      repo,
      clock: systemClock,
      centralUrl,
      stageAheadHours: config.CENTRE_STAGE_AHEAD_HOURS,
      log: (text, error) => refuse(`${text} ${error ? String(error) : ''}`.trim()),
    });
    const status = await local.pair(by, body.data, 'commandLine');
    const place = await repo.localInstitute((await repo.identity())?.localInstituteId ?? null);
    say(`Paired with ${centralUrl} as centre "${status.name}" (id ${status.centreId}).`);
    say(`Institute: ${status.instituteName} (id ${status.instituteId} on the central server).`);
    say(`Its exams load into this server's institute ${place?.id ?? '(none yet)'}. Start the centre server (npm start): it stages the institute's exams within CENTRE_POLL_INTERVAL_MS.`);
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === 'CENTRE_CENTRAL_UNREACHABLE') {
      const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
      refuse(`Refused, nothing was written: the central server at ${centralUrl} cannot be reached${cause}. Check the address and the link, then run this again. [${error.code}]`);
      return 1;
    }
    if (error instanceof AppError) {
      refuse(`Refused, nothing was written: ${error.message} [${error.code}]`);
      return 1;
    }
    refuse(`Failed: ${(error as Error).stack ?? String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
