import pg from "pg";

/**
 * The machine's PostgreSQL (127.0.0.1:5432, trust authentication, database `test`; another
 * with QUIRE_TEST_POSTGRES_URL). Each test gets a database of its own, dropped afterwards.
 */
export const POSTGRES_ADMIN_URL =
  process.env.QUIRE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Whether the tests run the admin API on PostgreSQL (the `postgres` project of vitest.config.ts). */
export function testBackendIsPostgres(): boolean {
  return process.env.QUIRE_TEST_BACKEND === "postgres";
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database, empty or a copy of `template` (a database's URL, which nothing may be
 * connected to); `drop` removes it even while connections to it remain.
 */
export async function createTestDatabase(template?: string): Promise<TestDatabase> {
  const name = `quire_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const from = template ? ` TEMPLATE ${new URL(template).pathname.slice(1)}` : "";
  for (let attempt = 1; ; attempt++) {
    try {
      await admin((client) => client.query(`CREATE DATABASE ${name}${from}`));
      break;
    } catch (error) {
      // 55006: a connection to the template is still closing (the server that made it just stopped).
      if (!template || (error as { code?: string }).code !== "55006" || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
