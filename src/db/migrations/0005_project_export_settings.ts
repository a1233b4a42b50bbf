import type { Kysely } from "kysely";

/**
 * The project's export settings: what a static export does with the repository's own React
 * components (`interactive`, `static` or `off`), and whether an air-gapped export keeps the API
 * playground (off there unless the project turns it on). Existing projects get the
 * defaults.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("projects")
    .addColumn("custom_components", "text", (column) => column.notNull().defaultTo("interactive"))
    .execute();
  await db.schema
    .alterTable("projects")
    .addColumn("air_gapped_playground", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}
