/** The typed client of the Quire admin API: what `@quire/client` exports, and nothing else. */
export {
  type ApiErrorKind,
  BundleIntegrityError,
  ExportJobFailedError,
  QuireApiError,
  QuireConflictError,
  QuireNetworkError,
  QuireNotFoundError,
  QuireRateLimitError,
  QuireUnauthorizedError,
  WaitTimeoutError,
} from "./errors.ts";
export {
  AgentJobsApi,
  QuireClient,
  type QuireClientOptions,
  type RetryEvent,
  type RetryOptions,
  StaticExportsApi,
} from "./quire-client.ts";
export {
  type AgentJob,
  type AgentJobList,
  type AgentJobListQuery,
  type AgentJobStatus,
  type Bundle,
  type CallOptions,
  type DownloadOptions,
  type DownloadProgress,
  type DownloadResult,
  type ErrorResponseBody,
  FINAL_AGENT_JOB_STATUSES,
  FINAL_EXPORT_JOB_STATUSES,
  type StartExportRequest,
  type StaticExportJob,
  type StaticExportJobStatus,
} from "./types.ts";
export {
  type ExportSiteOptions,
  type ExportSiteProgress,
  type ExportSiteResult,
  exportSite,
  type PollInterval,
  type WaitingClient,
  type WaitOptions,
  waitForAgentJob,
  waitForExportJob,
} from "./wait.ts";
