import type { AgentJob, StaticExportJob } from "./types.ts";

/** What kind of refusal an API error is, for code that branches without comparing numbers. */
export type ApiErrorKind =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "rate-limited"
  | "server"
  | "other";

function kindOf(status: number): ApiErrorKind {
  if (status === 400 || status === 413 || status === 415 || status === 422) return "invalid";
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "not-found";
  if (status === 409) return "conflict";
  if (status === 429) return "rate-limited";
  if (status >= 500) return "server";
  return "other";
}

/**
 * The API answered with an error status. `message` is the server's `{"error": ...}` text,
 * `code` its `Quire-Error-Code` header (stable, unlike the message), `retryAfter` the
 * `Retry-After` header in seconds when there was one.
 */
export class QuireApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly kind: ApiErrorKind;
  readonly retryAfter: number | null;
  /** The call that was refused, as `POST /v2/agent/{projectId}/job` with the ids filled in. */
  readonly request: string;

  constructor(
    message: string,
    details: { status: number; code?: string | null; retryAfter?: number | null; request: string },
  ) {
    super(message);
    this.name = "QuireApiError";
    this.status = details.status;
    this.code = details.code ?? null;
    this.kind = kindOf(details.status);
    this.retryAfter = details.retryAfter ?? null;
    this.request = details.request;
  }
}

/** 401: the API key is missing, malformed, unknown or revoked. */
export class QuireUnauthorizedError extends QuireApiError {
  override readonly name = "QuireUnauthorizedError";
}
/** 404: no such project or job in the key's organization (or one of another organization). */
export class QuireNotFoundError extends QuireApiError {
  override readonly name = "QuireNotFoundError";
}
/** 409: the resource is not in a state that allows the call (a message to an active job...). */
export class QuireConflictError extends QuireApiError {
  override readonly name = "QuireConflictError";
}
/** 429: the project's rate limit; thrown once the client's retries are spent or too long. */
export class QuireRateLimitError extends QuireApiError {
  override readonly name = "QuireRateLimitError";
}

/** The error for a status, of the most specific class. */
export function apiError(
  message: string,
  details: { status: number; code?: string | null; retryAfter?: number | null; request: string },
): QuireApiError {
  switch (details.status) {
    case 401:
      return new QuireUnauthorizedError(message, details);
    case 404:
      return new QuireNotFoundError(message, details);
    case 409:
      return new QuireConflictError(message, details);
    case 429:
      return new QuireRateLimitError(message, details);
    default:
      return new QuireApiError(message, details);
  }
}

/** No answer: the server could not be reached, the connection broke, or it did not answer in time. */
export class QuireNetworkError extends Error {
  readonly request: string;
  constructor(message: string, options: { request: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "QuireNetworkError";
    this.request = options.request;
  }
}

/** A wait ran past its `timeout`. The job keeps running on the server; `job` is its last state seen. */
export class WaitTimeoutError<J = AgentJob | StaticExportJob> extends Error {
  readonly timeoutMs: number;
  readonly job: J | undefined;
  constructor(timeoutMs: number, job: J | undefined, what: string) {
    super(`${what} did not finish within ${formatSeconds(timeoutMs)}`);
    this.name = "WaitTimeoutError";
    this.timeoutMs = timeoutMs;
    this.job = job;
  }
}

/** The export job ended `failed`: there is no bundle. `job.error` says why. */
export class ExportJobFailedError extends Error {
  readonly job: StaticExportJob;
  constructor(job: StaticExportJob) {
    super(`export job ${job.jobId} failed: ${job.error ?? "no reason given"}`);
    this.name = "ExportJobFailedError";
    this.job = job;
  }
}

/** The downloaded archive is not the one the bundle describes; the file was removed. */
export class BundleIntegrityError extends Error {
  readonly expected: { sizeBytes: number; sha256: string };
  readonly actual: { sizeBytes: number; sha256: string | null };
  constructor(
    message: string,
    expected: { sizeBytes: number; sha256: string },
    actual: { sizeBytes: number; sha256: string | null },
  ) {
    super(message);
    this.name = "BundleIntegrityError";
    this.expected = expected;
    this.actual = actual;
  }
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}
