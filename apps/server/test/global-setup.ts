import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Names this run's PostgreSQL test databases, and drops them when the run ends. */
export default function setup() {
  const run = randomBytes(4).toString('hex');
  process.env.NEETPREP_TEST_RUN = run;
  return async () => {
    if (process.env.TEST_DB !== 'pg' || !process.env.TEST_DATABASE_URL) return;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`neetprep_test_${run}_%`],
    );
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
  };
}
