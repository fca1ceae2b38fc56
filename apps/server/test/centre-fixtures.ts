import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import type { ManualClock } from '../src/lib/clock.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * A central server listening on a real port, on an embedded database of its own, and a centre app
 * whose CENTRAL_URL points at it: the centre tests' two servers, on one clock unless the centre is
 * given its own (a lab machine whose clock is wrong).
 */
export async function startCentralAndCentre(clock: ManualClock, centreClock = clock): Promise<{ central: TestApp; centralDatabase: Database; centre: TestApp }> {
  const centralDatabase = await openDatabase({});
  await centralDatabase.migrate();
  const central = await createTestApp({ clock, database: centralDatabase });
  await central.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = central.app.server.address() as AddressInfo;
  const centre = await createTestApp({ clock: centreClock, env: { SERVER_ROLE: 'centre', CENTRAL_URL: `http://127.0.0.1:${port}` } });
  return { central, centralDatabase, centre };
}

/** A rostered student signs in at the centre with their central password: the headers of their calls. */
export async function signInAtCentre(centre: TestApp, username: string, password: string): Promise<{ headers: Record<string, string> }> {
  const res = await centre.call({ method: 'POST', url: '/api/user/v1/login', payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return { headers: { authorization: `Bearer ${res.json().body.token}` } };
}
