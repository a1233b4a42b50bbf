import { ExportJobFailedError, WaitTimeoutError } from "./errors.ts";
import { sleep } from "./sleep.ts";
import {
  type AgentJob,
  type Bundle,
  type CallOptions,
  type DownloadOptions,
  type DownloadResult,
  FINAL_AGENT_JOB_STATUSES,
  FINAL_EXPORT_JOB_STATUSES,
  type StartExportRequest,
  type StaticExportJob,
  type StaticExportJobStatus,
} from "./types.ts";

/**
 * The calls the waits make: a QuireClient has them all. Naming only these keeps this module
 * free of quire-client.ts, which offers the waits as methods and so imports this one.
 */
export interface WaitingClient {
  readonly agent: {
    get(projectId: string, id: string, options?: CallOptions): Promise<AgentJob>;
  };
  readonly exports: {
    start(request: StartExportRequest, options?: CallOptions): Promise<StaticExportJob>;
    get(jobId: string, options?: CallOptions): Promise<StaticExportJob>;
    bundle(jobId: string, options?: CallOptions): Promise<Bundle>;
  };
  download(bundle: Bundle, file: string, options?: DownloadOptions): Promise<DownloadResult>;
}

/** How often a job is read: `initialMs` after a change, growing ×1.5 while nothing changes. */
export interface PollInterval {
  /** Default 1,000 ms. */
  initialMs?: number;
  /** Default 10,000 ms. */
  maxMs?: number;
}

export interface WaitOptions<J> {
  /** Called with the job's first state, then each time it changes. */
  onUpdate?: (job: J) => void;
  /** Stops waiting: the wait rejects with the signal's reason. The job keeps running on the server. */
  signal?: AbortSignal;
  /** Milliseconds to wait at most; then {@link WaitTimeoutError}, carrying the last state seen. */
  timeout?: number;
  interval?: PollInterval;
}

/**
 * Polls an agent job until it is `completed`, `archived` or `failed`, and returns that state.
 * A failed job is returned, not thrown: its `error` says why.
 */
export function waitForAgentJob(
  client: WaitingClient,
  projectId: string,
  id: string,
  options: WaitOptions<AgentJob> = {},
): Promise<AgentJob> {
  return withDeadline<AgentJob, AgentJob>(options, `agent job ${id}`, (signal, seen) =>
    poll(
      (pollSignal) => client.agent.get(projectId, id, { signal: pollSignal }),
      (job) => FINAL_AGENT_JOB_STATUSES.includes(job.status),
      options,
      signal,
      seen,
    ),
  );
}

/** Polls an export job until it is `completed` or `failed`, and returns that state. */
export function waitForExportJob(
  client: WaitingClient,
  jobId: string,
  options: WaitOptions<StaticExportJob> = {},
): Promise<StaticExportJob> {
  return withDeadline<StaticExportJob, StaticExportJob>(
    options,
    `export job ${jobId}`,
    (signal, seen) =>
      poll(
        (pollSignal) => client.exports.get(jobId, { signal: pollSignal }),
        (job) => FINAL_EXPORT_JOB_STATUSES.includes(job.status),
        options,
        signal,
        seen,
      ),
  );
}

export type ExportSiteProgress =
  | {
      phase: "export";
      jobId: string;
      status: StaticExportJobStatus;
      /** Percent, 0–100. */
      progress: number;
      pageCount: number;
      job: StaticExportJob;
    }
  | { phase: "download"; jobId: string; receivedBytes: number; totalBytes: number };

export interface ExportSiteOptions extends Omit<WaitOptions<StaticExportJob>, "onUpdate"> {
  /** A version label, written into the bundle's quire-export.json. */
  version?: string;
  /** Export only these pages: page paths, or folder prefixes ending in `/`. */
  paths?: string[];
  /** Where to write the archive; default `<domain>.tar.gz` in the current folder. */
  file?: string;
  /** The job's state on each change, then the download's bytes. */
  onProgress?: (event: ExportSiteProgress) => void;
}

export interface ExportSiteResult {
  /** The completed job. */
  job: StaticExportJob;
  /** The link the archive was downloaded from, with the size and sha256 it was checked against. */
  bundle: Bundle;
  /** Absolute path of the archive. */
  file: string;
}

/**
 * A whole static export: start it, follow it to the end, ask for the bundle, download it and
 * check its size and sha256. A failed job rejects with {@link ExportJobFailedError}; `timeout`
 * covers all of it; on abort, timeout or a bad checksum no file is left behind.
 */
export function exportSite(
  client: WaitingClient,
  domain: string,
  options: ExportSiteOptions = {},
): Promise<ExportSiteResult> {
  const file = options.file ?? `${domain.replace(/[^A-Za-z0-9.-]/g, "_")}.tar.gz`;
  return withDeadline<StaticExportJob, ExportSiteResult>(
    options,
    `the export of ${domain}`,
    async (signal, seen) => {
      const started = await client.exports.start(
        { domain, version: options.version, paths: options.paths },
        { signal },
      );
      seen(started);
      const report = (job: StaticExportJob) =>
        options.onProgress?.({
          phase: "export",
          jobId: job.jobId,
          status: job.status,
          progress: job.progress,
          pageCount: job.pageCount,
          job,
        });
      const job = await poll(
        (pollSignal) => client.exports.get(started.jobId, { signal: pollSignal }),
        (current) => FINAL_EXPORT_JOB_STATUSES.includes(current.status),
        { ...options, onUpdate: report },
        signal,
        seen,
      );
      if (job.status === "failed") throw new ExportJobFailedError(job);
      const bundle = await client.exports.bundle(job.jobId, { signal });
      const downloaded = await client.download(bundle, file, {
        signal,
        onProgress: (progress) =>
          options.onProgress?.({ phase: "download", jobId: job.jobId, ...progress }),
      });
      return { job, bundle, file: downloaded.file };
    },
  );
}

/** Reads a job until `isFinal`, telling `onUpdate` of each change; pauses grow while nothing changes. */
async function poll<J>(
  read: (signal: AbortSignal | undefined) => Promise<J>,
  isFinal: (job: J) => boolean,
  options: Pick<WaitOptions<J>, "onUpdate" | "interval">,
  signal: AbortSignal | undefined,
  seen: (job: J) => void,
): Promise<J> {
  const initial = options.interval?.initialMs ?? 1000;
  const max = Math.max(initial, options.interval?.maxMs ?? 10_000);
  let pause = initial;
  let previous: string | undefined;
  for (;;) {
    const job = await read(signal);
    seen(job);
    const text = JSON.stringify(job);
    if (text !== previous) {
      previous = text;
      pause = initial;
      options.onUpdate?.(job);
    } else {
      pause = Math.min(max, pause * 1.5);
    }
    if (isFinal(job)) return job;
    await sleep(pause, signal);
  }
}

/**
 * Runs `work` under the caller's signal and, when `timeout` is set, a deadline: at the
 * deadline every request and pause in flight is aborted and the wait rejects with a
 * {@link WaitTimeoutError} holding the last job `work` reported through `seen`.
 */
async function withDeadline<J, R>(
  options: { signal?: AbortSignal; timeout?: number },
  what: string,
  work: (signal: AbortSignal | undefined, seen: (job: J) => void) => Promise<R>,
): Promise<R> {
  const { timeout, signal: outer } = options;
  if (timeout === undefined) return work(outer, () => {});
  if (!Number.isFinite(timeout) || timeout < 0)
    throw new RangeError(`timeout must be a number of milliseconds from 0, not ${timeout}`);
  let last: J | undefined;
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new WaitTimeoutError<J>(timeout, last, what)),
    timeout,
  );
  const signal = outer ? AbortSignal.any([outer, deadline.signal]) : deadline.signal;
  try {
    return await work(signal, (job) => {
      last = job;
    });
  } catch (error) {
    if (deadline.signal.aborted && !outer?.aborted) throw deadline.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
