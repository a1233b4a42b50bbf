import type { Kysely } from "kysely";

/** The agent's conversation and trace, and the project's pull request setting. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The model's message history (JSON), so a follow-up continues the same conversation.
  await db.schema.alterTable("agent_jobs").addColumn("conversation", "text").execute();
  // The commit the run pushed: a run interrupted after its push opens its pull request on restart.
  await db.schema.alterTable("agent_jobs").addColumn("pushed_commit", "text").execute();
  await db.schema
    .alterTable("projects")
    .addColumn("pull_request_draft", "integer", (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("agent_steps")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("job_id", "text", (column) => column.notNull().references("agent_jobs.id"))
    /** Which message of the conversation this run answered (1 = the job's prompt). */
    .addColumn("run", "integer", (column) => column.notNull())
    .addColumn("seq", "integer", (column) => column.notNull())
    /** `model`, `tool`, `check`, `git`, `forge` or `note`. */
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("input", "text")
    .addColumn("output", "text")
    .addColumn("input_tokens", "integer")
    .addColumn("output_tokens", "integer")
    .addColumn("duration_ms", "integer")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("agent_steps_job")
    .on("agent_steps")
    .columns(["job_id", "run", "seq"])
    .execute();
}
