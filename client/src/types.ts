import type { Static } from "@sinclair/typebox";
import type {
  AgentJobListQuery as AgentJobListQuerySchema,
  AgentJobList as AgentJobListSchema,
  AgentJobSchema,
  BundleSchema,
  ErrorBody,
  StartExportBody,
  StaticExportJobSchema,
} from "../../src/http/schemas.ts";

/*
 * Every request and response shape is derived with `Static<typeof ...>` from the very TypeBox
 * schemas the server validates requests and serializes responses with (src/http/schemas.ts),
 * rather than written out again here: a field added, renamed or made nullable on the server
 * changes these types in the same commit, and `tsc` then points at every client line that no
 * longer fits. The imports are type-only, so nothing of the server is loaded at run time.
 */

/** An agent job as the API returns it (docs/api.md). */
export type AgentJob = Static<typeof AgentJobSchema>;
export type AgentJobStatus = AgentJob["status"];
/** One page of `GET /v2/agent/{projectId}/jobs`. */
export type AgentJobList = Static<typeof AgentJobListSchema>;
/** The list query; `limit` is a number here, sent as the query text the server checks. */
export type AgentJobListQuery = Omit<Static<typeof AgentJobListQuerySchema>, "limit"> & {
  /** Jobs per page, 1 to 100 (server default 20). */
  limit?: number;
};

/** The body of `POST /v1/static-export/jobs`. */
export type StartExportRequest = Static<typeof StartExportBody>;
/** A static export job as the API returns it. */
export type StaticExportJob = Static<typeof StaticExportJobSchema>;
export type StaticExportJobStatus = StaticExportJob["status"];
/** A fresh presigned link to a completed export's archive, with its size and sha256. */
export type Bundle = Static<typeof BundleSchema>;

/** Options every call takes. */
export interface CallOptions {
  /** Aborts the call, including a pause before a retry; it rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface DownloadProgress {
  receivedBytes: number;
  totalBytes: number;
}

export interface DownloadOptions extends CallOptions {
  /** Called at most every 100 ms while bytes arrive, and once at the end. */
  onProgress?: (progress: DownloadProgress) => void;
}

export interface DownloadResult {
  /** Absolute path of the archive. */
  file: string;
  sizeBytes: number;
  sha256: string;
}

/** Every error response body: `{"error": "..."}`. */
export type ErrorResponseBody = Static<typeof ErrorBody>;

/** Agent job states at which waiting stops (the server's `isFinal`). */
export const FINAL_AGENT_JOB_STATUSES: readonly AgentJobStatus[] = [
  "completed",
  "archived",
  "failed",
];
/** Export job states at which waiting stops. */
export const FINAL_EXPORT_JOB_STATUSES: readonly StaticExportJobStatus[] = ["completed", "failed"];
