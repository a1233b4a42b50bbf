import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/database.ts";
import { MIGRATIONS } from "../../src/db/migrate.ts";
import { findProjectById, toProject } from "../../src/db/projects.ts";
import type { ProjectsTable } from "../../src/db/schema.ts";
import { createSqliteDialect } from "../../src/db/sqlite-dialect.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/postgres.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

/**
 * Upgrading an installation: a database an older Quire made, with its rows, is brought up to
 * this Quire's schema when it is opened, on SQLite and on PostgreSQL (this file runs both in
 * the `embedded` project).
 */

const databases: TestDatabase[] = [];
afterEach(async () => {
  while (databases.length > 0) await (databases.pop() as TestDatabase).drop();
});

/** A database as the Quire that knew migrations up to `version` left it, with one project. */
async function olderDatabase(db: Kysely<unknown>, version: number): Promise<void> {
  await db.schema
    .createTable("schema_migrations")
    .addColumn("version", "integer", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("applied_at", "text", (column) => column.notNull())
    .execute();
  for (const migration of MIGRATIONS.filter((candidate) => candidate.version <= version)) {
    await db.transaction().execute(async (trx) => {
      await migration.up(trx);
      await sql`insert into schema_migrations (version, name, applied_at)
        values (${migration.version}, ${migration.name}, ${new Date().toISOString()})`.execute(trx);
    });
  }
  const now = new Date().toISOString();
  await sql`insert into organizations (id, name, created_at)
    values ('org_old', 'Old org', ${now})`.execute(db);
  await sql`insert into projects (id, org_id, name, domain, repository, ref, plan, deployment,
      forge, forge_api_url, forge_token_sealed, pull_request_draft, created_at, updated_at)
    values ('proj_old', 'org_old', 'Old docs', 'docs.old.example', 'https://git.example/docs.git',
      'main', 'enterprise', 'air-gapped', 'gitea', null, null, 1, ${now}, ${now})`.execute(db);
}

describe("migration 5: the projects' export settings", () => {
  it.each([
    "sqlite",
    "postgres",
  ] as const)("gives the projects of a database made before it the defaults, interactive components and no air-gapped playground (%s)", async (dialect) => {
    const dataDir = makeTempDir();
    let url: string;
    let older: Kysely<unknown>;
    if (dialect === "sqlite") {
      url = path.join(dataDir, "quire.db");
      older = new Kysely({ dialect: createSqliteDialect(url).dialect });
    } else {
      const database = await createTestDatabase();
      databases.push(database);
      url = database.url;
      older = new Kysely({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
      });
    }
    try {
      await olderDatabase(older, 4);
    } finally {
      await older.destroy();
    }

    const opened = await openDatabase(url, dataDir, { poolSize: 2 });
    try {
      const applied = await opened.db
        .selectFrom("schema_migrations")
        .select(["version", "name"])
        .orderBy("version")
        .execute();
      expect(applied.map((row) => row.version)).toEqual(MIGRATIONS.map((m) => m.version));
      expect(applied.at(4)).toEqual({ version: 5, name: "project export settings" });
      // Migration 8: the index the assistant's lookup of a project's newest export uses.
      const indexes =
        dialect === "sqlite"
          ? await sql<{ name: string }>`select name from sqlite_master
              where type = 'index' and tbl_name = 'export_jobs'`.execute(opened.db)
          : await sql<{ name: string }>`select indexname as name from pg_indexes
              where tablename = 'export_jobs'`.execute(opened.db);
      expect(indexes.rows.map((index) => index.name)).toContain("export_jobs_project_finished");

      const row = await findProjectById(opened.db, "proj_old");
      expect(row).toMatchObject({
        custom_components: "interactive",
        air_gapped_playground: 0,
        serve_assistant: 0,
      });
      expect(toProject(row as ProjectsTable)).toMatchObject({
        name: "Old docs",
        deployment: "air-gapped",
        forge: "gitea",
        pullRequestDraft: true,
        customComponents: "interactive",
        airGappedPlayground: false,
        serveAssistant: false,
      });

      // The new columns take the other values.
      await opened.db
        .updateTable("projects")
        .set({ custom_components: "off", air_gapped_playground: 1 })
        .where("id", "=", "proj_old")
        .execute();
      expect(
        toProject((await findProjectById(opened.db, "proj_old")) as ProjectsTable),
      ).toMatchObject({
        customComponents: "off",
        airGappedPlayground: true,
      });
    } finally {
      await opened.close();
    }

    // Opening it again applies nothing twice.
    const again = await openDatabase(url, dataDir, { poolSize: 2 });
    try {
      const count = await again.db
        .selectFrom("schema_migrations")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(MIGRATIONS.length);
    } finally {
      await again.close();
    }
  });
});
