import { type Kysely, sql } from "kysely";
import { isPostgres } from "../dialect.ts";
import type { Queryable } from "../queryable.ts";

/**
 * PostgreSQL only: every write to one of Quire's tables sends a notification on commit, so
 * each process can tell when the cached results of its hot reads (the API key, a polled job)
 * may be stale, as SQLite's data_version tells it there. SQLite needs nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db as unknown as Queryable)) return;
  await sql`
    CREATE OR REPLACE FUNCTION quire_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('quire_changes', TG_TABLE_NAME);
      RETURN NULL;
    END $$`.execute(db);
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
       AND table_name <> 'schema_migrations'`.execute(db);
  for (const { table_name: table } of tables.rows) {
    await sql`
      CREATE TRIGGER quire_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
      ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION quire_notify_change()`.execute(db);
  }
}
