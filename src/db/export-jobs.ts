import { sql } from "kysely";
import type { ExportJobStatus, StaticExportJob } from "../domain/static-export-job.ts";
import type { Queryable } from "./database.ts";
import type { BundlesTable, ExportJobsTable } from "./schema.ts";

export function toStaticExportJob(row: ExportJobsTable): StaticExportJob {
  return {
    jobId: row.id,
    status: row.status as ExportJobStatus,
    progress: Math.round(row.progress * 10) / 10,
    pageCount: row.page_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    error: row.error,
    domain: row.domain,
    version: row.version,
  };
}

export async function insertExportJob(
  db: Queryable,
  row: ExportJobsTable,
): Promise<StaticExportJob> {
  await db.insertInto("export_jobs").values(row).execute();
  return toStaticExportJob(row);
}

export async function findExportJob(
  db: Queryable,
  orgId: string,
  jobId: string,
): Promise<ExportJobsTable | undefined> {
  return db
    .selectFrom("export_jobs")
    .selectAll()
    .where("id", "=", jobId)
    .where("org_id", "=", orgId)
    .executeTakeFirst();
}

export async function findExportJobById(
  db: Queryable,
  jobId: string,
): Promise<ExportJobsTable | undefined> {
  return db.selectFrom("export_jobs").selectAll().where("id", "=", jobId).executeTakeFirst();
}

export async function listExportJobs(
  db: Queryable,
  orgId?: string,
  limit = 100,
): Promise<ExportJobsTable[]> {
  let query = db
    .selectFrom("export_jobs")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (orgId) query = query.where("org_id", "=", orgId);
  return query.execute();
}

/** One page of a project's export jobs, newest first; one row more than asked, to know if more follow. */
export async function listProjectExportJobs(
  db: Queryable,
  query: {
    orgId: string;
    projectId: string;
    limit: number;
    status?: ExportJobStatus;
    after?: { createdAt: string; id: string };
  },
): Promise<ExportJobsTable[]> {
  let select = db
    .selectFrom("export_jobs")
    .selectAll()
    .where("org_id", "=", query.orgId)
    .where("project_id", "=", query.projectId);
  if (query.status) select = select.where("status", "=", query.status);
  const after = query.after;
  if (after) {
    select = select.where((eb) =>
      eb.or([
        eb("created_at", "<", after.createdAt),
        eb.and([eb("created_at", "=", after.createdAt), eb("id", "<", after.id)]),
      ]),
    );
  }
  return select
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(query.limit + 1)
    .execute();
}

/**
 * Records progress. Both figures only ever grow: a job rerun after a crash starts again from
 * zero, and the client must not see its progress go back.
 */
export async function recordExportProgress(
  db: Queryable,
  jobId: string,
  progress: number,
  pageCount: number,
  now: string,
): Promise<void> {
  await db
    .updateTable("export_jobs")
    .set({
      progress: sql<number>`case when progress < ${progress} then ${progress} else progress end`,
      page_count: sql<number>`case when page_count < ${pageCount} then ${pageCount} else page_count end`,
      updated_at: now,
    })
    .where("id", "=", jobId)
    .where("status", "=", "running")
    .execute();
}

export async function setExportJobStatus(
  db: Queryable,
  jobId: string,
  fromStatuses: readonly ExportJobStatus[],
  changes: Partial<
    Pick<
      ExportJobsTable,
      "status" | "error" | "warnings" | "progress" | "page_count" | "finished_at" | "updated_at"
    >
  >,
): Promise<boolean> {
  const result = await db
    .updateTable("export_jobs")
    .set(changes)
    .where("id", "=", jobId)
    .where("status", "in", fromStatuses)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertBundle(db: Queryable, row: BundlesTable): Promise<void> {
  await db.deleteFrom("bundles").where("job_id", "=", row.job_id).execute();
  await db.insertInto("bundles").values(row).execute();
}

export async function findBundle(db: Queryable, jobId: string): Promise<BundlesTable | undefined> {
  const row = await db
    .selectFrom("bundles")
    .selectAll()
    .where("job_id", "=", jobId)
    .executeTakeFirst();
  return row && { ...row, size_bytes: Number(row.size_bytes) };
}

/**
 * The archive of a project's newest completed export (by the time it completed), or undefined
 * when none has completed yet. The readers' assistant of cloud projects answers from it.
 */
export async function findNewestProjectBundle(
  db: Queryable,
  projectId: string,
): Promise<BundlesTable | undefined> {
  const row = await db
    .selectFrom("export_jobs")
    .innerJoin("bundles", "bundles.job_id", "export_jobs.id")
    .select([
      "bundles.job_id",
      "bundles.object_key",
      "bundles.size_bytes",
      "bundles.sha256",
      "bundles.created_at",
    ])
    .where("export_jobs.project_id", "=", projectId)
    .where("export_jobs.status", "=", "completed")
    .orderBy("export_jobs.finished_at", "desc")
    .orderBy("export_jobs.id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && { ...row, size_bytes: Number(row.size_bytes) };
}
