import type { Kysely } from "kysely";

/** Organizations, projects, API keys, agent and export jobs, bundles, the queue, rate-limit events. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("organizations")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("projects")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("org_id", "text", (column) => column.notNull().references("organizations.id"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("domain", "text", (column) => column.notNull().unique())
    .addColumn("repository", "text", (column) => column.notNull())
    .addColumn("ref", "text")
    .addColumn("plan", "text", (column) => column.notNull())
    .addColumn("deployment", "text", (column) => column.notNull())
    .addColumn("forge", "text")
    .addColumn("forge_api_url", "text")
    .addColumn("forge_token_sealed", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("projects_org")
    .on("projects")
    .columns(["org_id", "created_at"])
    .execute();

  await db.schema
    .createTable("api_keys")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("org_id", "text", (column) => column.notNull().references("organizations.id"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("visible_prefix", "text", (column) => column.notNull())
    .addColumn("key_hash", "text", (column) => column.notNull().unique())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema
    .createIndex("api_keys_org")
    .on("api_keys")
    .columns(["org_id", "created_at"])
    .execute();

  await db.schema
    .createTable("agent_jobs")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("project_id", "text", (column) => column.notNull().references("projects.id"))
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("repository", "text", (column) => column.notNull())
    .addColumn("ref", "text", (column) => column.notNull())
    .addColumn("base_ref", "text")
    .addColumn("model", "text", (column) => column.notNull())
    .addColumn("pr_link", "text")
    .addColumn("error", "text")
    .addColumn("summary", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addColumn("archived_at", "text")
    .execute();
  await db.schema
    .createIndex("agent_jobs_project_created")
    .on("agent_jobs")
    .columns(["project_id", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("agent_messages")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("job_id", "text", (column) => column.notNull().references("agent_jobs.id"))
    .addColumn("seq", "integer", (column) => column.notNull())
    .addColumn("prompt", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addUniqueConstraint("agent_messages_job_seq", ["job_id", "seq"])
    .execute();

  await db.schema
    .createTable("export_jobs")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("org_id", "text", (column) => column.notNull().references("organizations.id"))
    .addColumn("project_id", "text", (column) => column.notNull().references("projects.id"))
    .addColumn("domain", "text", (column) => column.notNull())
    .addColumn("version", "text")
    .addColumn("paths", "text")
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("progress", "real", (column) => column.notNull().defaultTo(0))
    .addColumn("page_count", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("error", "text")
    .addColumn("warnings", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema
    .createIndex("export_jobs_org")
    .on("export_jobs")
    .columns(["org_id", "created_at"])
    .execute();

  await db.schema
    .createTable("bundles")
    .addColumn("job_id", "text", (column) => column.primaryKey().references("export_jobs.id"))
    .addColumn("object_key", "text", (column) => column.notNull())
    .addColumn("size_bytes", "bigint", (column) => column.notNull())
    .addColumn("sha256", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("queue_jobs")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("subject_id", "text", (column) => column.notNull())
    .addColumn("job_key", "text")
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (column) => column.notNull())
    .addColumn("run_at", "text", (column) => column.notNull())
    .addColumn("locked_by", "text")
    .addColumn("lease_expires_at", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("queue_jobs_ready")
    .on("queue_jobs")
    .columns(["status", "kind", "run_at"])
    .execute();
  await db.schema
    .createIndex("queue_jobs_subject")
    .on("queue_jobs")
    .columns(["subject_id"])
    .execute();

  await db.schema
    .createTable("rate_limit_events")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("project_id", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limit_events_project")
    .on("rate_limit_events")
    .columns(["project_id", "created_at"])
    .execute();
}
