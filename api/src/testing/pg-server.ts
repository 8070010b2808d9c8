// The throwaway PostgreSQL server of the DATABASE_URL tests (TEST_DATABASE_URL; `.ci/run` starts one with
// scripts/pg-test-server.sh): URLs of databases on it and one-off connections, for tests that create and
// drop their own databases.
import pg from "pg";

export const testServerUrl = process.env.TEST_DATABASE_URL;

/** The URL of `database` on the test server (its default database when null). */
export function testDatabaseUrl(database: string | null): string {
  const url = new URL(testServerUrl!);
  if (database) url.pathname = `/${database}`;
  return url.toString();
}

/** Runs fn on a connection of its own to `database` (the server's default one when null). */
export async function onTestDatabase<T>(database: string | null, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl(database) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
