import assert from "node:assert";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import type { Db } from "../db/database.ts";
import {
  findExportJobById,
  insertBundle,
  recordExportProgress,
  setExportJobStatus,
} from "../db/export-jobs.ts";
import { findProjectById } from "../db/projects.ts";
import { EXPORT_MAX_ATTEMPTS, EXPORT_QUEUE } from "../domain/job-queues.ts";
import type { ComponentMode, Deployment, Forge } from "../domain/project.ts";
import { openSecret } from "../domain/secret-box.ts";
import { bundleObjectKey } from "../domain/static-export-job.ts";
import { ExportFailedError, formatProblem } from "../exporter/index.ts";
import { pruneToSize } from "../files/size-capped-folder.ts";
import { forgeCredentials } from "../git/index.ts";
import type { ObjectStore } from "../storage/object-store.ts";
import { assistantOption } from "./assistant-option.ts";
import { exportInProcess } from "./export-process.ts";
import type { JobContext, JobHandler } from "./handler.ts";
import { projectRepositoryLink } from "./repository-link.ts";
import { checkoutSource, SourceError } from "./source-checkout.ts";

export interface ExportHandlerOptions {
  db: Db;
  store: ObjectStore;
  logger: Logger;
  /** Caches (git repositories, rendered pages) and scratch space. */
  dataDir: string;
  forgeTokenKey: Buffer;
  concurrency: number;
  /** Heap of an export's process and of each of its threads, in MB: a job that needs more fails. */
  memoryMb?: number;
  /** Private hosts exports may fetch from (`--export-allow-hosts`); public hosts only when empty. */
  allowHosts?: string[];
  /** Where exported pages post feedback (`--export-feedback-url`); the pages ask nothing when absent. */
  feedbackUrl?: string;
  /** Pages as `PATH/index.html` (the operator's `QUIRE_EXPORT_CLEAN_URLS`). */
  cleanUrls?: boolean;
  /** The render cache's size cap (`--cache-max`): pruned to it after each job; unbounded when absent. */
  cacheMaxMb?: number;
  /** The admin API's public URL (`--public-url`): cloud projects' pages ask its readers' assistant. */
  publicUrl?: string;
}

/** Share of the progress bar each stage takes: fetching the source, exporting, storing. */
const FETCHED = 5;
const EXPORTED = 97;
/** Progress is written at most this often. */
const PROGRESS_INTERVAL_MS = 250;
/** Errors listed in a failed job's message; the rest are counted. */
const ERRORS_SHOWN = 20;

/**
 * Runs one static export job: fetch the project's source at its ref, export it with the
 * project's deployment type and export settings, store the archive, record its size and
 * sha256. A content problem (invalid MDX, a bad repository URL) fails the job with an error the
 * user can act on; anything else is thrown, and the queue retries it.
 */
export function createExportHandler(options: ExportHandlerOptions): JobHandler {
  return {
    kind: EXPORT_QUEUE,
    concurrency: options.concurrency,
    maxAttempts: EXPORT_MAX_ATTEMPTS,
    run: (context) => runExport(options, context),
    giveUp: async (jobId, reason) => {
      const now = new Date().toISOString();
      await setExportJobStatus(options.db, jobId, ["queued", "running"], {
        status: "failed",
        error: reason,
        finished_at: now,
        updated_at: now,
      });
    },
  };
}

async function runExport(options: ExportHandlerOptions, context: JobContext): Promise<void> {
  const { db, store } = options;
  const job = await findExportJobById(db, context.subjectId);
  if (!job || job.status === "completed" || job.status === "failed") return;
  const project = await findProjectById(db, job.project_id);
  const fail = async (message: string) => {
    const now = new Date().toISOString();
    await setExportJobStatus(db, job.id, ["queued", "running"], {
      status: "failed",
      error: message,
      finished_at: now,
      updated_at: now,
    });
  };
  if (!project) return fail("the project of this export no longer exists");

  await setExportJobStatus(db, job.id, ["queued", "running"], {
    status: "running",
    updated_at: new Date().toISOString(),
  });
  const scratch = mkdtempSync(path.join(mkdirScratch(options.dataDir), `${job.id}-`));
  const exportCacheDir = path.join(options.dataDir, "cache", "export");
  let lastWrite = 0;
  let pending: Promise<void> = Promise.resolve();
  const report = (progress: number, pageCount: number, force = false) => {
    const now = Date.now();
    if (!force && now - lastWrite < PROGRESS_INTERVAL_MS) return;
    lastWrite = now;
    pending = pending
      .then(() =>
        recordExportProgress(db, job.id, progress, pageCount, new Date(now).toISOString()),
      )
      .catch((error) => options.logger.warn({ err: error }, "recording export progress failed"));
  };

  try {
    const token = project.forge_token_sealed
      ? openSecret(options.forgeTokenKey, project.forge_token_sealed)
      : null;
    const checkout = await checkoutSource({
      repository: project.repository,
      ref: project.ref,
      cacheDir: path.join(options.dataDir, "cache", "git"),
      workDir: scratch,
      credentials: forgeCredentials(project.forge as Forge | null, token),
      signal: context.signal,
    });
    report(FETCHED, 0, true);
    const { assistant, warning: assistantWarning } = assistantOption(
      {
        id: project.id,
        deployment: project.deployment as Deployment,
        assistantOn: project.serve_assistant === 1,
      },
      options.publicUrl,
    );
    // Cache entries this export writes or reads are marked used after this.
    const cacheUseStart = Date.now();
    try {
      const archiveFile = path.join(scratch, "bundle.tar.gz");
      const result = await exportInProcess({
        sourceDir: checkout.docsDir,
        archiveFile,
        deployment: project.deployment as Deployment,
        // The project's settings: its React components, and the playground in air-gapped exports.
        components: project.custom_components as ComponentMode,
        playground: project.air_gapped_playground === 1,
        // Pages offer "Ask AI": a cloud project's answered by this API, others' by quire serve.
        ...(assistant ? { assistant } : {}),
        // The operator's setting, never the project's: a docs repository must not widen it.
        allowHosts: options.allowHosts ?? [],
        paths: job.paths ? (JSON.parse(job.paths) as string[]) : undefined,
        ...(options.feedbackUrl ? { feedbackUrl: options.feedbackUrl } : {}),
        ...projectRepositoryLink(project, checkout),
        siteUrl: `https://${job.domain}`,
        cleanUrls: options.cleanUrls === true,
        cacheDir: exportCacheDir,
        jobId: job.id,
        domain: job.domain,
        version: job.version ?? undefined,
        memoryLimitMb: options.memoryMb,
        signal: context.signal,
        onProgress: (progress) =>
          report(FETCHED + ((EXPORTED - FETCHED) * progress.percent) / 100, progress.pagesDone),
      });
      await pending;
      assert(result.archive, "an export given an archive path writes the archive");
      const key = bundleObjectKey(job.id, job.domain);
      const stored = await store.putFile(key, result.archive.path);
      await db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        await insertBundle(trx, {
          job_id: job.id,
          object_key: key,
          size_bytes: stored.sizeBytes,
          sha256: result.archive?.sha256 as string,
          created_at: now,
        });
        await setExportJobStatus(trx, job.id, ["running"], {
          status: "completed",
          progress: 100,
          page_count: result.pageCount,
          warnings: JSON.stringify(
            assistantWarning ? [assistantWarning, ...result.warnings] : result.warnings,
          ),
          error: null,
          finished_at: now,
          updated_at: now,
        });
      });
      options.logger.info(
        {
          exportJob: job.id,
          pages: result.pageCount,
          warnings: result.warnings.length,
          bytes: stored.sizeBytes,
        },
        "export completed",
      );
    } finally {
      checkout.cleanup();
      if (options.cacheMaxMb) {
        const pruned = pruneToSize(exportCacheDir, options.cacheMaxMb * 1024 * 1024, cacheUseStart);
        if (pruned.removedRecent > 0)
          options.logger.warn(
            {
              exportJob: job.id,
              removedEntries: pruned.removedRecent,
              cacheMaxMb: options.cacheMaxMb,
            },
            "the export cache is smaller than this site needs: entries this export wrote or read were removed, and the next export renders their pages again (raise QUIRE_EXPORT_CACHE_MAX)",
          );
      }
    }
  } catch (error) {
    await pending;
    if (context.signal.aborted) throw error;
    if (error instanceof ExportFailedError) return fail(describeExportFailure(error));
    if (error instanceof SourceError) return fail(error.message);
    throw error;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The export's own message, then its errors as `file:line:column message`. */
function describeExportFailure(error: ExportFailedError): string {
  const errors = error.problems.filter((problem) => problem.severity === "error");
  const lines = errors.slice(0, ERRORS_SHOWN).map(formatProblem);
  if (errors.length > ERRORS_SHOWN) lines.push(`… and ${errors.length - ERRORS_SHOWN} more`);
  return lines.length > 0 ? `${error.message}:\n${lines.join("\n")}` : error.message;
}

function mkdirScratch(dataDir: string): string {
  const folder = path.join(dataDir, "tmp");
  mkdirSync(folder, { recursive: true });
  return folder;
}
