import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/client.js';
import { auditLog, centreIdentity, centres, users } from './db/schema/index.js';
import { ManualClock } from './lib/clock.js';
import { buildServer, freePort, productionEnv, SERVER_DIR } from '../test/server-process.js';
import { createInstitute, placeIn, type TestInstitute } from '../test/factories/scope.js';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app.js';

/**
 * `npm run centre:pair` for real: the compiled command, as its own process on a centre's data
 * folder, pairs the centre with a central server listening on a port, without a browser; and
 * refuses, with a clear message, a non-zero exit and nothing written, a wrong, expired or used
 * code, an unreachable central server, and a centre already paired.
 */
const clock = new ManualClock(Date.now());
let central: TestApp;
let centralDatabase: Database;
let centralUrl: string;
let home: TestInstitute;
let admin: TestUser;
const dataDirs: string[] = [];

const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-centre-pair-'));
  dataDirs.push(dir);
  return dir;
};

/** The centre's configuration, as its server gets it. */
const centreEnv = (dataDir: string, extra: Record<string, string | undefined> = {}) => ({
  ...productionEnv(0, dataDir),
  SEED_DEMO_DATA: undefined,
  SERVER_ROLE: 'centre',
  CENTRAL_URL: centralUrl,
  PASSWORD_HASH_MEMORY_KIB: '64',
  ...extra,
});

/** A compiled command with the given environment; its exit code and each output. */
function run(script: string, env: Record<string, string | undefined>, args: string[], stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const merged: NodeJS.ProcessEnv = { ...process.env };
    for (const [name, value] of Object.entries(env)) {
      if (value === undefined) delete merged[name];
      else merged[name] = value;
    }
    const child = spawn(process.execPath, [script, ...args], { cwd: SERVER_DIR, env: merged, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
const pairCommand = (env: Record<string, string | undefined>, args: string[]) => run('dist/centre-pair.js', env, args);

const newCode = async () => {
  const res = await central.call({ method: 'POST', url: '/api/centre/v1/createPairingCode', headers: admin.headers, payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body.code as string;
};
const centralCentres = async () => central.deps.db.select().from(centres);

/** What the centre's own database says of its pairing (the command has exited: the folder is free). */
async function centreState(dataDir: string) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const [identity] = await database.db.select().from(centreIdentity);
    const paired = await database.db.select().from(auditLog).where(eq(auditLog.action, 'centre.paired'));
    const [labAdmin] = await database.db.select().from(users).where(eq(users.username, 'labadmin'));
    return { identity: identity ?? null, paired, labAdmin: labAdmin ?? null };
  } finally {
    await database.close();
  }
}

let labDir: string;

beforeAll(async () => {
  buildServer();
  centralDatabase = await openDatabase({});
  await centralDatabase.migrate();
  central = await createTestApp({ clock, database: centralDatabase });
  await central.app.listen({ port: 0, host: '127.0.0.1' });
  centralUrl = `http://127.0.0.1:${(central.app.server.address() as AddressInfo).port}`;
  home = await createInstitute(central);
  admin = await central.createUser({ role: 'InstituteAdmin', ...placeIn(home) });
  // The centre's own administrator, made as docs/centre.md says (npm run bootstrap).
  labDir = newDataDir();
  const made = await run('dist/first-admin.js', centreEnv(labDir), ['--client', 'Lab Operators', '--institute', 'Lab One', '--admin-username', 'labadmin'], 'Centre-admin-password-1\n');
  expect(made.code, made.stdout + made.stderr).toBe(0);
}, 300_000);

afterAll(async () => {
  await central?.close();
  await centralDatabase?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run centre:pair', { timeout: 180_000 }, () => {
  it('refuses wrong usage, a wrong code, an expired code and an unreachable central server, writing nothing', async () => {
    const usage = await pairCommand(centreEnv(labDir), ['--name', 'Lab One']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--code missing or not valid');
    expect(usage.stderr).toContain('Usage: npm run centre:pair');

    const wrong = await pairCommand(centreEnv(labDir), ['--code', 'ABCD-EFGH-JKMN', '--name', 'Lab One']);
    expect(wrong.code, wrong.stderr).toBe(1);
    expect(wrong.stderr).toContain('Refused, nothing was written: This pairing code is wrong, has expired or has already been used. Ask the administrator for a new one. [CENTRE_PAIRING_CODE_INVALID]');

    const expired = await newCode();
    clock.advance(16 * 60_000);
    const late = await pairCommand(centreEnv(labDir), ['--code', expired, '--name', 'Lab One']);
    expect(late.code, late.stderr).toBe(1);
    expect(late.stderr).toContain('[CENTRE_PAIRING_CODE_INVALID]');

    // No central server at that address (nothing listens on a port that was free a moment ago).
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await pairCommand(centreEnv(labDir, { CENTRAL_URL: undefined }), ['--code', await newCode(), '--name', 'Lab One', '--central', nowhere]);
    expect(unreachable.code, unreachable.stderr).toBe(1);
    expect(unreachable.stderr).toContain(`the central server at ${nowhere} cannot be reached`);
    expect(unreachable.stderr).toContain('[CENTRE_CENTRAL_UNREACHABLE]');
    // --central that is not the centre server's CENTRAL_URL.
    const disagree = await pairCommand(centreEnv(labDir), ['--code', await newCode(), '--name', 'Lab One', '--central', nowhere]);
    expect(disagree.code).toBe(2);
    expect(disagree.stderr).toContain('is not CENTRAL_URL');

    expect(await centralCentres()).toEqual([]);
    expect((await centreState(labDir)).identity).toBeNull();
  });

  it('pairs the centre for its administrator’s institute and says with which central server, centre and institute', async () => {
    const code = await newCode();
    const paired = await pairCommand(centreEnv(labDir), ['--code', code, '--name', 'Lab One', '--admin', 'labadmin']);
    expect(paired.code, paired.stdout + paired.stderr).toBe(0);
    const [made] = await centralCentres();
    expect(made).toMatchObject({ instituteId: home.id, name: 'Lab One' });
    expect(paired.stdout).toContain(`Paired with ${centralUrl} as centre "Lab One" (id ${made!.id}).`);
    const [institute] = (await central.call({ method: 'GET', url: '/api/centre/v1/list', headers: admin.headers })).json().body.institutes as Array<{ name: string }>;
    expect(paired.stdout).toContain(`Institute: ${institute!.name} (id ${home.id} on the central server).`);

    const state = await centreState(labDir);
    expect(state.identity).toMatchObject({ centreId: made!.id, instituteId: home.id, name: 'Lab One', centralUrl, localInstituteId: state.labAdmin!.instituteId });
    expect(state.paired).toMatchObject([{ actorUserId: state.labAdmin!.id, targetId: String(made!.id), after: { via: 'commandLine' } }]);

    // Paired already: refused before the central server is asked (the new code stays unused).
    const unused = await newCode();
    const again = await pairCommand(centreEnv(labDir), ['--code', unused, '--name', 'Lab Two']);
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).toContain('Refused, nothing was written: This centre is already paired. [CENTRE_ALREADY_PAIRED]');
    expect(await centralCentres()).toHaveLength(1);
    expect((await centreState(labDir)).identity).toMatchObject({ centreId: made!.id, name: 'Lab One' });

    // The code used by the first pairing does not pair another centre.
    const otherDir = newDataDir();
    const used = await pairCommand(centreEnv(otherDir), ['--code', code, '--name', 'Lab Three']);
    expect(used.code, used.stderr).toBe(1);
    expect(used.stderr).toContain('[CENTRE_PAIRING_CODE_INVALID]');
    expect(await centralCentres()).toHaveLength(1);
    expect((await centreState(otherDir)).identity).toBeNull();
  });

  it('refuses an account that is not an administrator of the centre', async () => {
    const dir = newDataDir();
    const res = await pairCommand(centreEnv(dir), ['--code', await newCode(), '--name', 'Lab Four', '--admin', 'nobody-here']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('"nobody-here" is not an active administrator of this centre server');
    expect(await centralCentres()).toHaveLength(1);
  });
});
