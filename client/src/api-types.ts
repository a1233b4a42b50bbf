// Generated from the API's schemas (src/http/schemas.ts) by tools/build/client-api-types.ts:
// do not edit. `npm run build` writes it again, and test/client/api-types.test.ts fails
// while it is out of step with the schemas.

export interface ErrorBody {
  /** What went wrong, in words a person can act on. */
  error: string;
}

export interface AgentJob {
  /** Unique identifier of the agent job. */
  id: string;
  /** active → completed | failed; any → archived; completed | failed → active on a follow-up message. */
  status: "active" | "completed" | "archived" | "failed";
  source: {
    /** Full URL of the source code repository. */
    repository: string;
    /** The branch the agent works on. */
    ref: string | null;
  };
  /** The AI model used for this job. */
  model: string;
  /** URL of the pull request created by the agent; null while active or when nothing changed. Format: uri. */
  prLink: string | null;
  /** Format: date-time. */
  createdAt: string;
  /** Format: date-time. */
  updatedAt: string;
  /** Format: date-time. */
  archivedAt: string | null;
  /** Why the job failed. */
  error: string | null;
  /** The agent's closing message. */
  summary: string | null;
}

export interface AgentJobList {
  jobs: AgentJob[];
  nextCursor: string | null;
}

export interface AgentJobListQuery {
  /** Jobs per page, 1 to 100 (default 20). */
  limit?: string;
  /** nextCursor of the previous page. */
  cursor?: string;
  /** Only jobs with this status. */
  status?: "active" | "completed" | "archived" | "failed";
}

export interface StartExportRequest {
  /** The documentation domain to export. */
  domain: string;
  /** A version label, written into the bundle's quire-export.json. */
  version?: string;
  /** Export only these pages: page paths, or folder prefixes ending in /. */
  paths?: string[];
}

export interface StaticExportJob {
  jobId: string;
  /** queued → running → completed | failed. */
  status: "queued" | "running" | "completed" | "failed";
  /** Percent done, never decreasing. */
  progress: number;
  /** Pages exported so far; all pages once completed. */
  pageCount: number;
  /** Format: date-time. */
  createdAt: string;
  /** Format: date-time. */
  updatedAt: string;
  error: string | null;
  domain: string;
  version: string | null;
}

export interface Bundle {
  jobId: string;
  /** Presigned link to the archive; works until expiresAt. Format: uri. */
  bundleUrl: string;
  /** Format: date-time. */
  expiresAt: string;
  sizeBytes: number;
  sha256: string;
}
