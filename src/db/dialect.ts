import { PostgresAdapter, sql } from "kysely";
import type { Queryable } from "./queryable.ts";

/**
 * The few places where SQLite and PostgreSQL need different SQL. Everything else is the same
 * Kysely query on both.
 */
export function isPostgres(db: Queryable): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Serializes the transactions that name the same key until they end, in every process: a
 * read-then-write (the rate limit's count and insert) cannot interleave with another's.
 * SQLite's write transactions already hold the database's write lock (BEGIN IMMEDIATE), so
 * only PostgreSQL takes a transaction-scoped advisory lock.
 */
export async function lockForTransaction(trx: Queryable, key: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** One number for all of Quire's migrations: processes starting together take turns. */
const MIGRATION_LOCK = 7_161_042;

/** Takes the migration lock for the rest of the transaction (PostgreSQL; SQLite's BEGIN IMMEDIATE does it). */
export async function lockMigrations(trx: Queryable): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
}
