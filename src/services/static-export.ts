import type { Db } from "../db/database.ts";
import {
  findBundle,
  findExportJob,
  insertExportJob,
  listProjectExportJobs,
  toStaticExportJob,
} from "../db/export-jobs.ts";
import { findProjectByDomain } from "../db/projects.ts";
import { QuireError } from "../domain/errors.ts";
import { newId } from "../domain/ids.ts";
import { EXPORT_MAX_ATTEMPTS, EXPORT_QUEUE } from "../domain/job-queues.ts";
import { canExport, normalizeDomain } from "../domain/project.ts";
import type { Bundle, ExportJobStatus, StaticExportJob } from "../domain/static-export-job.ts";
import type { Problem } from "../exporter/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import type { ObjectStore } from "../storage/object-store.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";

export interface StartExportRequest {
  domain: string;
  version?: string;
  paths?: string[];
}

export interface ExportServiceOptions {
  /** Where the service adds background work, inside the transaction that records it. */
  queue: JobQueue;
  db: Db;
  store: ObjectStore;
  bundleLinkTtlSeconds: number;
  wake: (kind: string) => void;
}

/** Static export jobs as the API sees them: start, follow, and a fresh bundle link per call. */
export class StaticExportService {
  readonly #options: ExportServiceOptions;

  constructor(options: ExportServiceOptions) {
    this.#options = options;
  }

  async start(orgId: string, request: StartExportRequest): Promise<StaticExportJob> {
    const domain = normalizeDomain(request.domain);
    if (!domain)
      throw new QuireError(
        "QUIRE_ERR_REQUEST_INVALID",
        `domain must be a host name such as docs.example.com, not "${request.domain}"`,
      );
    const project = await findProjectByDomain(this.#options.db, orgId, domain);
    if (!project)
      throw new QuireError(
        "QUIRE_ERR_EXPORT_DOMAIN_NOT_FOUND",
        `no project with the domain ${domain} in this organization`,
      );
    if (!canExport(project))
      throw new QuireError(
        "QUIRE_ERR_EXPORT_PLAN_REQUIRED",
        `static export needs the enterprise plan; the project ${project.name} is on the ${project.plan} plan`,
      );
    const job = await this.#options.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const id = newId("exp");
      const created = await insertExportJob(trx, {
        id,
        org_id: orgId,
        project_id: project.id,
        domain,
        version: request.version ?? null,
        paths: request.paths ? JSON.stringify(request.paths) : null,
        status: "queued",
        progress: 0,
        page_count: 0,
        error: null,
        warnings: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      });
      await this.#options.queue.enqueue(trx, {
        kind: EXPORT_QUEUE,
        subjectId: id,
        maxAttempts: EXPORT_MAX_ATTEMPTS,
        now,
      });
      return created;
    });
    this.#options.wake(EXPORT_QUEUE);
    return job;
  }

  async get(orgId: string, jobId: string): Promise<StaticExportJob> {
    const row = await findExportJob(this.#options.db, orgId, jobId);
    if (!row)
      throw new QuireError("QUIRE_ERR_EXPORT_JOB_NOT_FOUND", `no static export job "${jobId}"`);
    return toStaticExportJob(row);
  }

  /** A project's export jobs, newest first, a page at a time (the dashboard's list). */
  async list(
    orgId: string,
    projectId: string,
    query: { limit: number; cursor?: string; status?: ExportJobStatus },
  ): Promise<{ jobs: StaticExportJob[]; nextCursor: string | null }> {
    const rows = await listProjectExportJobs(this.#options.db, {
      orgId,
      projectId,
      limit: query.limit,
      status: query.status,
      after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      jobs: page.map(toStaticExportJob),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.created_at, last.id) : null,
    };
  }

  /**
   * A job with what the API does not return: its project, its warnings, and its archive's size
   * and SHA-256 once built (the dashboard's job page).
   */
  async details(
    orgId: string,
    jobId: string,
  ): Promise<{
    job: StaticExportJob;
    projectId: string;
    warnings: Problem[];
    archive: { sizeBytes: number; sha256: string } | null;
  }> {
    const row = await findExportJob(this.#options.db, orgId, jobId);
    if (!row)
      throw new QuireError("QUIRE_ERR_EXPORT_JOB_NOT_FOUND", `no static export job "${jobId}"`);
    const bundle =
      row.status === "completed" ? await findBundle(this.#options.db, jobId) : undefined;
    return {
      job: toStaticExportJob(row),
      projectId: row.project_id,
      warnings: row.warnings ? (JSON.parse(row.warnings) as Problem[]) : [],
      archive: bundle ? { sizeBytes: bundle.size_bytes, sha256: bundle.sha256 } : null,
    };
  }

  /** A fresh presigned link to the job's archive; the archive itself was built once by the job. */
  async bundle(orgId: string, jobId: string, baseUrl: string): Promise<Bundle> {
    const row = await findExportJob(this.#options.db, orgId, jobId);
    if (!row)
      throw new QuireError("QUIRE_ERR_EXPORT_JOB_NOT_FOUND", `no static export job "${jobId}"`);
    if (row.status !== "completed") {
      throw new QuireError(
        "QUIRE_ERR_EXPORT_NOT_COMPLETED",
        row.status === "failed"
          ? `the export job failed, so it has no bundle: ${row.error ?? "see its error"}`
          : `the export job is ${row.status}: request the bundle once its status is completed`,
      );
    }
    const bundle = await findBundle(this.#options.db, jobId);
    if (!bundle || !(await this.#options.store.stat(bundle.object_key))) {
      throw new QuireError(
        "QUIRE_ERR_EXPORT_NOT_COMPLETED",
        "the export's archive is missing from storage: start a new export",
      );
    }
    const expiresAt = new Date(Date.now() + this.#options.bundleLinkTtlSeconds * 1000);
    expiresAt.setMilliseconds(0);
    const fileName = bundle.object_key.split("/").at(-1) as string;
    const bundleUrl = await this.#options.store.presign(bundle.object_key, {
      expiresAt,
      baseUrl,
      fileName,
    });
    return {
      jobId,
      bundleUrl,
      expiresAt: expiresAt.toISOString(),
      sizeBytes: bundle.size_bytes,
      sha256: bundle.sha256,
    };
  }
}
