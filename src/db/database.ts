import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely } from "kysely";
import { ConfigError } from "../domain/errors.ts";
import { migrateToLatest } from "./migrate.ts";
import type { Db } from "./queryable.ts";
import type { Database } from "./schema.ts";
import { createSqliteDialect } from "./sqlite-dialect.ts";

export type { Db, Queryable, Tx } from "./queryable.ts";

export type DialectName = "sqlite" | "postgres";

const changeTokens = new WeakMap<Db, () => string | undefined>();

/**
 * A value that changes whenever the database may have changed, for caching the results of the
 * reads made on every request; undefined where the database cannot tell (nothing is cached).
 */
export function changeTokenOf(db: Db): string | undefined {
  return changeTokens.get(db)?.();
}

/** An open database with its migrations applied. */
export interface QuireDatabase {
  db: Db;
  dialect: DialectName;
  /** A description safe to log (no password). */
  location: string;
  close(): Promise<void>;
}

/**
 * Opens the database a URL names (default: `quire.db` in the data dir) and brings its schema
 * up to date. SQLite: `sqlite:///absolute/file.db`, `sqlite:relative.db` or a plain path.
 */
export async function openDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
  options: { poolSize?: number } = {},
): Promise<QuireDatabase> {
  const target = databaseUrl ?? path.join(dataDir, "quire.db");
  if (isPostgresUrl(target)) return openPostgres(target, options.poolSize ?? 10);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target) && !/^(sqlite|file):/i.test(target)) {
    throw new ConfigError(
      `--database-url: unsupported database "${target.split(":")[0]}": use an SQLite file path or a postgres:// URL`,
    );
  }
  const file = sqliteFile(target);
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = createSqliteDialect(file);
  const db = new Kysely<Database>({ dialect: sqlite.dialect });
  changeTokens.set(db, sqlite.changeToken);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect: "sqlite", location: file, close: () => db.destroy() };
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** PostgreSQL through a pool of `poolSize` connections; the schema is migrated under a lock. */
async function openPostgres(url: string, poolSize: number): Promise<QuireDatabase> {
  const { createPostgresDialect, safeDatabaseUrl } = await import("./postgres.ts");
  const location = safeDatabaseUrl(url);
  const { dialect, changeToken, close } = createPostgresDialect(url, poolSize);
  const db = new Kysely<Database>({ dialect });
  changeTokens.set(db, changeToken);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await close();
    await db.destroy();
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`--database-url: cannot use ${location}: ${reason}`, { cause: error });
  }
  return {
    db,
    dialect: "postgres",
    location,
    close: async () => {
      await close();
      await db.destroy();
    },
  };
}

/** The SQLite file a database URL (or plain path) names. */
export function sqliteFile(target: string): string {
  const stripped = target.replace(/^(sqlite|file):(\/\/)?/i, "");
  return path.resolve(stripped);
}
