import type * as Api from "./api-types.ts";

/*
 * Every request and response shape comes from the very TypeBox schemas the server validates
 * requests and serializes responses with (src/http/schemas.ts), written out as plain types in
 * api-types.ts so that this package imports nothing of the server: a field added, renamed or
 * made nullable on the server changes them when the build runs, and `tsc` then points at every
 * client line that no longer fits (test/client/api-types.test.ts fails until it has run).
 */

/** An agent job as the API returns it (docs/api.md). */
export type AgentJob = Api.AgentJob;
export type AgentJobStatus = AgentJob["status"];
/** One page of `GET /v2/agent/{projectId}/jobs`. */
export type AgentJobList = Api.AgentJobList;
/** The list query; `limit` is a number here, sent as the query text the server checks. */
export type AgentJobListQuery = Omit<Api.AgentJobListQuery, "limit"> & {
  /** Jobs per page, 1 to 100 (server default 20). */
  limit?: number;
};

/** The body of `POST /v1/static-export/jobs`. */
export type StartExportRequest = Api.StartExportRequest;
/** A static export job as the API returns it. */
export type StaticExportJob = Api.StaticExportJob;
export type StaticExportJobStatus = StaticExportJob["status"];
/** A fresh presigned link to a completed export's archive, with its size and sha256. */
export type Bundle = Api.Bundle;

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
export type ErrorResponseBody = Api.ErrorBody;

/** Agent job states at which waiting stops (the server's `isFinal`). */
export const FINAL_AGENT_JOB_STATUSES: readonly AgentJobStatus[] = [
  "completed",
  "archived",
  "failed",
];
/** Export job states at which waiting stops. */
export const FINAL_EXPORT_JOB_STATUSES: readonly StaticExportJobStatus[] = ["completed", "failed"];
