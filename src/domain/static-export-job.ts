/** Static export jobs (docs/api.md). */

export const EXPORT_JOB_STATUSES = ["queued", "running", "completed", "failed"] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** The StaticExportJob resource exactly as a client receives it. */
export interface StaticExportJob {
  jobId: string;
  status: ExportJobStatus;
  /** Percent, 0–100, never decreasing (also across a rerun after a crash). */
  progress: number;
  /** Pages exported so far; all pages once completed. */
  pageCount: number;
  createdAt: string;
  updatedAt: string;
  error: string | null;
  domain: string;
  version: string | null;
}

/** The bundle result: a fresh presigned link to the one archive of a completed job. */
export interface Bundle {
  jobId: string;
  bundleUrl: string;
  expiresAt: string;
  sizeBytes: number;
  sha256: string;
}

/** Default lifetime of a bundle link, seconds (`QUIRE_BUNDLE_LINK_TTL` changes it). */
export const DEFAULT_BUNDLE_LINK_TTL_SECONDS = 3600;

/** Where a job's archive is kept: one per job, named for the site. */
export function bundleObjectKey(jobId: string, domain: string): string {
  return `exports/${jobId}/${domain.replace(/[^a-z0-9.-]/g, "-")}-${jobId}.tar.gz`;
}
