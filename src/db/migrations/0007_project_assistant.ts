import type { Kysely } from "kysely";

/**
 * Whether the project's exports offer readers the assistant of `quire serve` ("Ask AI",
 * `--assistant same-origin`). Off for existing projects, as for new ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("projects")
    .addColumn("serve_assistant", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}
