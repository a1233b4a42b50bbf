import { PostgresDialect } from "kysely";
import pg from "pg";

/**
 * Kysely over `pg` with a connection pool. Counts (`count(*)`) arrive as strings, which the
 * repositories already turn into numbers; every column type is portable (text, integer), so
 * no type parsers are changed.
 */
export function createPostgresDialect(
  url: string,
  poolSize: number,
): { dialect: PostgresDialect; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: "quire" });
  // An idle client that loses its connection (a restarted server) is dropped by the pool; without
  // a listener the error would end the process.
  pool.on("error", () => {});
  return { dialect: new PostgresDialect({ pool }), pool };
}

/** The URL with its password hidden, for logs and messages. */
export function safeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://(unparseable URL)";
  }
}
