import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { read } from 'read';
import { openConfiguredDatabase } from './bootstrap.js';
import { readConfig } from './config/env.js';
import type { Database } from './db/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/seed-accounts.js';
import { systemClock } from './lib/clock.js';
import { createPasswordHasher } from './lib/passwords.js';
import { createAccounts } from './modules/auth/auth.accounts.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { createLookupsRepository } from './modules/lookups/lookups.repository.js';
import { createInstallationRepository } from './modules/installation/installation.repository.js';
import { createInstallationService, FIRST_ADMIN_PASSWORD_MIN_LENGTH, InstallationRefusal } from './modules/installation/installation.service.js';
import { createRolesRepository } from './modules/roles/roles.repository.js';
import { createRolesService } from './modules/roles/roles.service.js';

/**
 * `npm run bootstrap`: the first client, its first institute and administrator on an installation
 * without demo data (decision 041). Same configuration as the server (DATA_DIR or DATABASE_URL);
 * on the embedded database it refuses while a server holds the data folder. The password comes
 * from standard input (one line) or, on a terminal, is asked for twice; never as an argument.
 */
const USAGE = `Usage: npm run bootstrap -- --client "<client name>" --institute "<institute name>" --admin-username <username> [options]

Creates the client (unless it exists), its institute and its first administrator, with the
server's configuration (DATA_DIR, or DATABASE_URL for PostgreSQL). Stop a server that uses the
same data folder first (PostgreSQL: no need).

Options:
  --client <name>            the client (organisation) name                      (required)
  --client-id <id>           its id (lower-case letters, digits, hyphens); default: made from the name
  --institute <name>         the first institute's name                          (required)
  --city <city>              the institute's city
  --admin-username <name>    the administrator's username (3 characters or more)  (required)
  --admin-email <address>    the administrator's e-mail (for password resets)
  --first-name <name>        default: Administrator
  --last-name <name>
  --role <role>              ClientAdmin (the whole client; default) or InstituteAdmin
  --force                    add an administrator although one exists
  --help

The password (${FIRST_ADMIN_PASSWORD_MIN_LENGTH} characters or more) is read from standard input, or asked for on a terminal:
  printf '%s\\n' "$ADMIN_PASSWORD" | npm run bootstrap -- --client "Sunrise Group" --institute "Sunrise Academy" --admin-username admin
`;

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const ask = (prompt: string) => read({ prompt, silent: true, replace: '*', output: process.stderr });
    const first = await ask('Administrator password: ');
    const again = await ask('Once more: ');
    if (first !== again) throw new InstallationRefusal('invalid', 'password: the two entries differ');
    return first;
  }
  const input = await text(process.stdin);
  return input.split(/\r?\n/)[0] ?? '';
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        client: { type: 'string' },
        'client-id': { type: 'string' },
        institute: { type: 'string' },
        city: { type: 'string' },
        'admin-username': { type: 'string' },
        'admin-email': { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        role: { type: 'string' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    say(USAGE);
    return 0;
  }
  let config;
  try {
    config = readConfig();
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }

  let database: Database;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    console.error(`Cannot open the database: ${(error as Error).message}`);
    return 1;
  }
  try {
    const password = await readPassword();
    const db = database.db;
    const roles = createRolesService({ repo: createRolesRepository(db), onScopeChanged: () => undefined });
    const passwords = createPasswordHasher({ memoryKiB: config.PASSWORD_HASH_MEMORY_KIB, concurrency: 1 });
    // The accounts are auth's and the institute the lookups', as in the server (decision 093).
    const accounts = createAccounts({ repo: createAuthRepository(db), passwords });
    const lookups = createLookupsRepository(db);
    const installation = createInstallationService({
      repo: createInstallationRepository(db, { accounts, lookups: { ensureInstitute: (q, institute) => lookups.ensureInstitute(q, institute) } }),
      clock: systemClock,
      passwords,
      accounts,
      ensureClient: (client) => roles.ensureClient(client),
      demo: { accounts: DEMO_ACCOUNTS, password: DEMO_PASSWORD },
    });
    // Under the lock the servers' start seeds under, so a server starting now waits for it. The
    // default client and the reference data are the server's to seed at its start.
    const result = await database.serialized('seed', () =>
      installation.createFirstAdmin({
        clientName: args.client ?? '',
        clientId: args['client-id'],
        instituteName: args.institute ?? '',
        city: args.city,
        username: args['admin-username'] ?? '',
        email: args['admin-email'],
        firstName: args['first-name'],
        lastName: args['last-name'],
        role: (args.role ?? 'ClientAdmin') as 'ClientAdmin',
        password,
        force: args.force,
      }),
    );
    say(`Client "${result.clientId}" ${result.clientCreated ? 'created' : 'exists'}.`);
    say(`Institute "${args.institute?.trim()}" (id ${result.instituteId}) ${result.instituteCreated ? 'created' : 'exists'}.`);
    say(`${result.role} "${result.username}" created: sign in with that username and the password given.`);
    return 0;
  } catch (error) {
    if (error instanceof InstallationRefusal) {
      console.error(`Refused, nothing was written:\n${error.message}`);
      return 1;
    }
    console.error(`Failed: ${(error as Error).stack ?? String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
