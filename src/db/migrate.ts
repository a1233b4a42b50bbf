import { type Kysely, sql } from "kysely";
import { CodedError } from "../domain/errors.ts";
import { lockMigrations } from "./dialect.ts";
import * as initial from "./migrations/0001_initial.ts";
import * as agentRuns from "./migrations/0002_agent_runs.ts";
import * as users from "./migrations/0003_users.ts";
import * as changeNotifications from "./migrations/0004_change_notifications.ts";
import * as projectExportSettings from "./migrations/0005_project_export_settings.ts";
import * as signInAttemptsByAddress from "./migrations/0006_sign_in_attempts_by_address.ts";
import * as projectAssistant from "./migrations/0007_project_assistant.ts";
import * as exportJobsByProject from "./migrations/0008_export_jobs_by_project.ts";
import type { Database } from "./schema.ts";

interface Migration {
  version: number;
  name: string;
  up: (db: Kysely<unknown>) => Promise<void>;
}

/** Append-only: a released migration is never edited, a change is a new number. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: "initial", up: initial.up },
  { version: 2, name: "agent runs", up: agentRuns.up },
  { version: 3, name: "users", up: users.up },
  { version: 4, name: "change notifications", up: changeNotifications.up },
  { version: 5, name: "project export settings", up: projectExportSettings.up },
  { version: 6, name: "sign-in attempts by address", up: signInAttemptsByAddress.up },
  { version: 7, name: "project assistant", up: projectAssistant.up },
  { version: 8, name: "export jobs by project", up: exportJobsByProject.up },
];

/**
 * Applies the migrations a database lacks, each in its own transaction with its record in
 * `schema_migrations`. Each transaction takes the migration lock first (SQLite: BEGIN
 * IMMEDIATE; PostgreSQL: an advisory lock), so processes that start together apply each
 * migration exactly once, however many there are.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockMigrations(trx);
    await trx.schema
      .createTable("schema_migrations")
      .ifNotExists()
      .addColumn("version", "integer", (column) => column.primaryKey())
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("applied_at", "text", (column) => column.notNull())
      .execute();
  });
  for (const migration of MIGRATIONS) {
    await db.transaction().execute(async (trx) => {
      await lockMigrations(trx);
      const applied = await trx
        .selectFrom("schema_migrations")
        .select("version")
        .where("version", "=", migration.version)
        .executeTakeFirst();
      if (applied) return;
      await migration.up(trx as unknown as Kysely<unknown>);
      await trx
        .insertInto("schema_migrations")
        .values({
          version: migration.version,
          name: migration.name,
          applied_at: new Date().toISOString(),
        })
        .execute();
    });
  }
  const newest = await db
    .selectFrom("schema_migrations")
    .select(sql<number>`max(version)`.as("version"))
    .executeTakeFirst();
  const known = MIGRATIONS.at(-1)?.version ?? 0;
  if (newest && newest.version > known) {
    throw new CodedError("QUIRE_ERR_DB_SCHEMA_TOO_NEW", { schema: newest.version, known });
  }
}
