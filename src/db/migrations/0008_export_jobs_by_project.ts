import type { Kysely } from "kysely";

/**
 * A project's completed exports, newest first: the readers' assistant of a cloud project looks
 * up the newest one each time a page asks whether it answers, which without this index reads
 * every export job of every project.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("export_jobs_project_finished")
    .on("export_jobs")
    .columns(["project_id", "status", "finished_at"])
    .execute();
}
