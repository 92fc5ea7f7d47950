/**
 * With TEST_DATABASE_URL, every test database of this run is named after the run, and the
 * ones a test left behind (a folder it gave the server and removed itself, a failed test) are
 * dropped when the run ends. Other runs on the same PostgreSQL are left alone. The run's
 * migrated template is made once here: each test database is a copy of it (test-db.ts), so no
 * test server runs every migration again.
 */
import { randomBytes } from 'node:crypto';
import { dropDatabase, openPostgres } from '../../sim-server/db/postgres.ts';

export default async function setup(): Promise<(() => void) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  const run = randomBytes(3).toString('hex');
  process.env.ARENA_TEST_RUN = run;
  const template = `arena_test_${run}_template`;
  const maker = await openPostgres({ url, migrate: false, statementTimeoutMs: 120_000 });
  try {
    await maker.run(`CREATE DATABASE ${template}`);
  } finally {
    await maker.close();
  }
  const address = new URL(url);
  address.pathname = `/${template}`;
  // Opening it migrates it; closed, it has no connection left, as a copy's source must not.
  await (await openPostgres({ url: address.toString(), statementTimeoutMs: 120_000 })).close();
  process.env.ARENA_TEST_TEMPLATE = template;
  return async () => {
    const admin = await openPostgres({ url, migrate: false, statementTimeoutMs: 120_000 });
    try {
      for (const { datname } of await admin.all<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE ?', `arena_test_${run}_%`)) {
        await dropDatabase((sql) => admin.run(sql), datname);
      }
    } finally {
      await admin.close();
    }
  };
}
