import { createHash, randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { apiError, BundleIntegrityError, QuireApiError, QuireNetworkError } from "./errors.ts";
import { sleep } from "./sleep.ts";
import type {
  AgentJob,
  AgentJobList,
  AgentJobListQuery,
  Bundle,
  CallOptions,
  DownloadOptions,
  DownloadResult,
  StartExportRequest,
  StaticExportJob,
} from "./types.ts";
import {
  type ExportSiteOptions,
  type ExportSiteResult,
  exportSite,
  type WaitOptions,
  waitForAgentJob,
  waitForExportJob,
} from "./wait.ts";

/** When and how often a call is tried again. */
export interface RetryOptions {
  /** Tries in all of a call answered 429, the first included (default 3; 1 never retries). */
  rateLimitAttempts?: number;
  /** The longest `Retry-After` waited for, in seconds (default 60); a longer one is thrown at once (a 429 after the hourly limit says up to 3600). */
  maxRetryAfterSeconds?: number;
  /**
   * Tries in all of a call that is safe to repeat (the GETs, archive, bundle) after a network
   * error, a request timeout or a 502/503/504 answer (default 3). Calls that create something
   * (a job, a message, an export) are never repeated after those: the server may have done it.
   */
  networkAttempts?: number;
  /** The pause before the first such retry, doubled each time (default 500 ms). */
  networkDelayMs?: number;
  /** Told before every retry: why, which try comes next, and how long the pause is. */
  onRetry?: (event: RetryEvent) => void;
}

export interface RetryEvent {
  reason: "rate-limited" | "network" | "unavailable";
  /** The try about to be made: 2 for the first retry. */
  attempt: number;
  delayMs: number;
  error: Error;
  /** `GET /v2/agent/prj_1/job/job_1` */
  request: string;
}

export interface QuireClientOptions {
  /** The API's base URL, e.g. `https://quire.example.com` (a path prefix is kept). */
  baseUrl: string;
  /** `quire_...`: sent as `Authorization: Bearer`, never to a bundle link. */
  apiKey: string;
  /** Another `fetch` (a proxy agent, a test double); default the global one. */
  fetch?: typeof fetch;
  retry?: RetryOptions;
  /** How long one API call may take, in ms (default 30,000). Downloads have no such limit. */
  requestTimeoutMs?: number;
}

interface SendOptions extends CallOptions {
  body?: unknown;
  query?: Record<string, string | undefined>;
  /** Safe to send again after a network error or 502/503/504 (reads, idempotent calls). */
  repeatable: boolean;
}

type Send = <T>(method: string, pathname: string, options: SendOptions) => Promise<T>;

const RETRYABLE_STATUSES = new Set([502, 503, 504]);
const USER_AGENT = "quire-client/0.1.0";

/** `encodeURIComponent` for an id in a path: an id with `/` or `?` stays one segment. */
const segment = (value: string) => encodeURIComponent(value);

/** Agent jobs of a project (`/v2`, docs/api.md). */
export class AgentJobsApi {
  readonly #send: Send;
  constructor(send: Send) {
    this.#send = send;
  }

  /** Starts a job on the prompt (201). Counts against the project's hourly limit. */
  create(projectId: string, prompt: string, options: CallOptions = {}): Promise<AgentJob> {
    return this.#send("POST", `/v2/agent/${segment(projectId)}/job`, {
      ...options,
      body: { prompt },
      repeatable: false,
    });
  }

  get(projectId: string, id: string, options: CallOptions = {}): Promise<AgentJob> {
    return this.#send("GET", `/v2/agent/${segment(projectId)}/job/${segment(id)}`, {
      ...options,
      repeatable: true,
    });
  }

  /** One page, newest first; pass the page's `nextCursor` as `cursor` for the next one. */
  list(
    projectId: string,
    query: AgentJobListQuery = {},
    options: CallOptions = {},
  ): Promise<AgentJobList> {
    return this.#send("GET", `/v2/agent/${segment(projectId)}/jobs`, {
      ...options,
      query: {
        limit: query.limit === undefined ? undefined : String(query.limit),
        cursor: query.cursor,
        status: query.status,
      },
      repeatable: true,
    });
  }

  /** Every job of the project, newest first, fetched a page (`limit` jobs) at a time. */
  async *listAll(
    projectId: string,
    query: Omit<AgentJobListQuery, "cursor"> = {},
    options: CallOptions = {},
  ): AsyncGenerator<AgentJob, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.list(projectId, { ...query, cursor }, options);
      yield* page.jobs;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  /** A follow-up prompt to a completed or failed job, which becomes active again (409 otherwise). */
  message(
    projectId: string,
    id: string,
    prompt: string,
    options: CallOptions = {},
  ): Promise<AgentJob> {
    return this.#send("POST", `/v2/agent/${segment(projectId)}/job/${segment(id)}/message`, {
      ...options,
      body: { prompt },
      repeatable: false,
    });
  }

  /** Archives the job (idempotent); an active job is stopped first. */
  archive(projectId: string, id: string, options: CallOptions = {}): Promise<AgentJob> {
    return this.#send("POST", `/v2/agent/${segment(projectId)}/job/${segment(id)}/archive`, {
      ...options,
      repeatable: true,
    });
  }
}

/** Static export jobs (`/v1`, docs/api.md). */
export class StaticExportsApi {
  readonly #send: Send;
  constructor(send: Send) {
    this.#send = send;
  }

  /** Queues an export of a documentation domain (202, `queued`). Enterprise plan only. */
  start(request: StartExportRequest, options: CallOptions = {}): Promise<StaticExportJob> {
    return this.#send("POST", "/v1/static-export/jobs", {
      ...options,
      body: request,
      repeatable: false,
    });
  }

  get(jobId: string, options: CallOptions = {}): Promise<StaticExportJob> {
    return this.#send("GET", `/v1/static-export/jobs/${segment(jobId)}`, {
      ...options,
      repeatable: true,
    });
  }

  /** A fresh presigned link to a completed job's archive, with its size and sha256 (409 before). */
  bundle(jobId: string, options: CallOptions = {}): Promise<Bundle> {
    return this.#send("POST", `/v1/static-export/jobs/${segment(jobId)}/bundle`, {
      ...options,
      // Only a new link is made: asking twice is harmless.
      repeatable: true,
    });
  }
}

/**
 * The Quire admin API over HTTP, typed from the server's own schemas. Errors are thrown as
 * {@link QuireApiError} (by class: unauthorized, not found, conflict, rate limited) or
 * {@link QuireNetworkError}; a 429 is retried after its `Retry-After`.
 */
export class QuireClient {
  readonly agent: AgentJobsApi;
  readonly exports: StaticExportsApi;
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #fetch: typeof fetch;
  readonly #retry: Required<Omit<RetryOptions, "onRetry">> & Pick<RetryOptions, "onRetry">;
  readonly #requestTimeoutMs: number;

  constructor(options: QuireClientOptions) {
    let base: URL;
    try {
      base = new URL(options.baseUrl);
    } catch {
      throw new TypeError(`baseUrl must be an absolute http(s) URL, not "${options.baseUrl}"`);
    }
    if (base.protocol !== "http:" && base.protocol !== "https:")
      throw new TypeError(`baseUrl must be an http(s) URL, not "${options.baseUrl}"`);
    if (!options.apiKey) throw new TypeError("apiKey is required");
    this.baseUrl = `${base.origin}${base.pathname}`.replace(/\/+$/, "");
    this.#apiKey = options.apiKey;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#retry = {
      rateLimitAttempts: options.retry?.rateLimitAttempts ?? 3,
      maxRetryAfterSeconds: options.retry?.maxRetryAfterSeconds ?? 60,
      networkAttempts: options.retry?.networkAttempts ?? 3,
      networkDelayMs: options.retry?.networkDelayMs ?? 500,
      onRetry: options.retry?.onRetry,
    };
    this.#requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    const send: Send = <T>(method: string, pathname: string, sendOptions: SendOptions) =>
      this.#send<T>(method, pathname, sendOptions);
    this.agent = new AgentJobsApi(send);
    this.exports = new StaticExportsApi(send);
  }

  /** Polls an agent job until it is completed, archived or failed; see {@link waitForAgentJob}. */
  waitForAgentJob(
    projectId: string,
    id: string,
    options: WaitOptions<AgentJob> = {},
  ): Promise<AgentJob> {
    return waitForAgentJob(this, projectId, id, options);
  }

  /** Polls an export job until it is completed or failed; see {@link waitForExportJob}. */
  waitForExportJob(
    jobId: string,
    options: WaitOptions<StaticExportJob> = {},
  ): Promise<StaticExportJob> {
    return waitForExportJob(this, jobId, options);
  }

  /** Start, follow, bundle, download and check an export; see {@link exportSite}. */
  exportSite(domain: string, options: ExportSiteOptions = {}): Promise<ExportSiteResult> {
    return exportSite(this, domain, options);
  }

  /**
   * Downloads a bundle to `file`: streamed to a temporary file beside it, its size and sha256
   * checked against the bundle, then renamed into place. On a mismatch, an error or an abort
   * the temporary file is removed and `file` is left as it was. The link is the credential:
   * the API key is not sent with it.
   */
  async download(
    bundle: Bundle,
    file: string,
    options: DownloadOptions = {},
  ): Promise<DownloadResult> {
    const target = path.resolve(file);
    const request = `GET ${redactLink(bundle.bundleUrl)}`;
    const expected = { sizeBytes: bundle.sizeBytes, sha256: bundle.sha256 };
    let response: Response;
    try {
      response = await this.#fetch(bundle.bundleUrl, {
        signal: options.signal,
        headers: { accept: "application/gzip, application/octet-stream", "user-agent": USER_AGENT },
        redirect: "follow",
      });
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      throw networkError(error, request, this.baseUrl);
    }
    if (!response.ok) throw await errorFromResponse(response, request);
    const announced = response.headers.get("content-length");
    if (announced !== null && Number(announced) !== bundle.sizeBytes) {
      await response.body?.cancel().catch(() => {});
      throw new BundleIntegrityError(
        `the bundle link announces ${announced} bytes, the bundle says ${bundle.sizeBytes}`,
        expected,
        { sizeBytes: Number(announced), sha256: null },
      );
    }

    const temporary = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${randomBytes(6).toString("hex")}.part`,
    );
    const hash = createHash("sha256");
    let received = 0;
    let reportedAt = 0;
    const handle = await open(temporary, "wx").catch(async (error: unknown) => {
      await response.body?.cancel().catch(() => {});
      throw error;
    });
    try {
      if (response.body) {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          received += chunk.byteLength;
          if (received > bundle.sizeBytes) {
            throw new BundleIntegrityError(
              `the download is larger than the bundle's ${bundle.sizeBytes} bytes`,
              expected,
              { sizeBytes: received, sha256: null },
            );
          }
          hash.update(chunk);
          await handle.write(chunk);
          const now = Date.now();
          if (options.onProgress && now - reportedAt >= 100) {
            reportedAt = now;
            options.onProgress({ receivedBytes: received, totalBytes: bundle.sizeBytes });
          }
        }
      }
      const sha256 = hash.digest("hex");
      if (received !== bundle.sizeBytes || sha256 !== bundle.sha256) {
        throw new BundleIntegrityError(
          received !== bundle.sizeBytes
            ? `the download ended after ${received} of ${bundle.sizeBytes} bytes`
            : `the download's sha256 is ${sha256}, not the bundle's ${bundle.sha256}`,
          expected,
          { sizeBytes: received, sha256 },
        );
      }
      await handle.datasync();
      await handle.close();
      await rename(temporary, target);
      options.onProgress?.({ receivedBytes: received, totalBytes: bundle.sizeBytes });
      return { file: target, sizeBytes: received, sha256 };
    } catch (error) {
      await handle.close().catch(() => {});
      await rm(temporary, { force: true });
      if (options.signal?.aborted) throw options.signal.reason;
      // fetch reports a broken body as a TypeError; a disk error (ENOSPC...) stays as it is.
      if (error instanceof TypeError) throw networkError(error, request, this.baseUrl);
      throw error;
    }
  }

  async #send<T>(method: string, pathname: string, options: SendOptions): Promise<T> {
    const url = new URL(`${this.baseUrl}${pathname}`);
    for (const [name, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, value);
    const request = `${method} ${pathname}`;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#apiKey}`,
      accept: "application/json",
      "user-agent": USER_AGENT,
    };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);

    let rateLimited = 0;
    let failures = 0;
    for (let attempt = 1; ; attempt++) {
      const timeout = AbortSignal.timeout(this.#requestTimeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      let retry: { reason: RetryEvent["reason"]; delayMs: number; error: Error };
      try {
        const response = await this.#fetch(url, { method, headers, body, signal });
        if (response.ok) return (await response.json()) as T;
        const error = await errorFromResponse(response, request);
        if (error.status === 429) {
          rateLimited++;
          const seconds = error.retryAfter ?? 1;
          if (
            rateLimited >= this.#retry.rateLimitAttempts ||
            seconds > this.#retry.maxRetryAfterSeconds
          )
            throw error;
          retry = { reason: "rate-limited", delayMs: seconds * 1000, error };
        } else if (RETRYABLE_STATUSES.has(error.status) && options.repeatable) {
          failures++;
          if (
            failures >= this.#retry.networkAttempts ||
            (error.retryAfter ?? 0) > this.#retry.maxRetryAfterSeconds
          )
            throw error;
          const pause = this.#retry.networkDelayMs * 2 ** (failures - 1);
          retry = {
            reason: "unavailable",
            delayMs: error.retryAfter === null ? pause : error.retryAfter * 1000,
            error,
          };
        } else {
          throw error;
        }
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason;
        if (error instanceof QuireApiError) throw error;
        if (error instanceof SyntaxError)
          throw new QuireNetworkError(`${request}: the answer of ${this.baseUrl} is not JSON`, {
            request,
            cause: error,
          });
        const failure = timeout.aborted
          ? new QuireNetworkError(
              `${request}: no answer from ${this.baseUrl} within ${this.#requestTimeoutMs / 1000} s`,
              { request, cause: error },
            )
          : networkError(error, request, this.baseUrl);
        failures++;
        if (!options.repeatable || failures >= this.#retry.networkAttempts) throw failure;
        retry = {
          reason: "network",
          delayMs: this.#retry.networkDelayMs * 2 ** (failures - 1),
          error: failure,
        };
      }
      this.#retry.onRetry?.({ ...retry, attempt: attempt + 1, request });
      await sleep(retry.delayMs, options.signal);
    }
  }
}

/** The API error an error response stands for, with the server's message and code. */
async function errorFromResponse(response: Response, request: string): Promise<QuireApiError> {
  const text = await response.text().catch(() => "");
  let message: string | undefined;
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed?.error === "string") message = parsed.error;
  } catch {
    // Not the API's JSON (a proxy's page): the status says what happened.
  }
  return apiError(
    message ?? `${request} answered ${response.status} ${response.statusText}`.trim(),
    {
      status: response.status,
      code: response.headers.get("quire-error-code"),
      retryAfter: parseRetryAfter(response.headers.get("retry-after")),
      request,
    },
  );
}

/** `Retry-After` in seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function networkError(error: unknown, request: string, baseUrl: string): QuireNetworkError {
  if (error instanceof QuireNetworkError) return error;
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const why = cause?.code ?? cause?.message ?? (error as Error | undefined)?.message ?? "failed";
  return new QuireNetworkError(`${request}: cannot reach ${baseUrl} (${why})`, {
    request,
    cause: error,
  });
}

/** A bundle link without its signature, for messages: the link is a credential. */
function redactLink(link: string): string {
  try {
    const url = new URL(link);
    return `${url.origin}${url.pathname}`;
  } catch {
    return "the bundle link";
  }
}
