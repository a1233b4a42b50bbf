import { createHash } from "node:crypto";
import { createWriteStream, renameSync, rmSync } from "node:fs";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { plural } from "../common/plural.ts";
import { retry } from "../common/retry.ts";
import { CodedError } from "../domain/errors.ts";

/** A download that cannot succeed by trying again: the message says what to do. */
export class BundleLinkError extends CodedError {
  /** The link's HTTP answer, when it gave one. */
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super("QUIRE_ERR_SERVE_LINK_REFUSED", message);
    this.status = status;
  }
}

export interface FetchOptions {
  /** Each attempt's limit, and how long the server may stay silent. */
  timeoutMs?: number;
  attempts?: number;
  /** First pause between attempts; doubles each time. */
  retryDelayMs?: number;
  signal?: AbortSignal;
  /**
   * The archive's SHA-256 (lowercase hex) it must have: a download with another is removed
   * and refused, never renamed to `file`.
   */
  sha256?: string | null;
  /** A progress line now and then (bytes so far, and the total when known). */
  onProgress?: (received: number, total: number | null) => void;
  fetch?: typeof fetch;
}

export interface FetchedBundle {
  file: string;
  bytes: number;
  sha256: string;
}

const EXPIRED_HINT =
  "generate a new link with POST /v1/static-export/jobs/{jobId}/bundle, put it in staticExport.bundleUrl and roll out again";

/**
 * Downloads a bundle link to `file`, streaming to disk: written to a temporary name and
 * renamed at the end, so an interrupted download never looks like a bundle. Network errors,
 * timeouts and 5xx/429 answers are retried with back-off; 403, 404 and 410 are not: the link
 * has expired or was refused, and the message says to regenerate it.
 */
export async function fetchBundle(
  url: string,
  file: string,
  options: FetchOptions = {},
): Promise<FetchedBundle> {
  const attempts = options.attempts ?? 4;
  return retry(() => fetchOnce(url, file, options), {
    attempts,
    delayMs: options.retryDelayMs ?? 1000,
    signal: options.signal,
    shouldRetry: (error) => !(error instanceof BundleLinkError),
    giveUp: (error) =>
      new CodedError(
        "QUIRE_ERR_SERVE_DOWNLOAD_FAILED",
        `could not download the bundle after ${plural(attempts, "attempt")}: ${(error as Error)?.message ?? error}`,
        { cause: error },
      ),
  });
}

async function fetchOnce(url: string, file: string, options: FetchOptions): Promise<FetchedBundle> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10 * 60_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const response = await (options.fetch ?? fetch)(url, { signal, redirect: "follow" });
  if (!response.ok) {
    const detail = await response.text().then(
      (text) => {
        try {
          return (JSON.parse(text) as { error?: string }).error ?? text.slice(0, 200);
        } catch {
          return text.slice(0, 200);
        }
      },
      () => "",
    );
    if (
      response.status === 403 ||
      response.status === 404 ||
      response.status === 410 ||
      response.status === 401
    ) {
      const why =
        response.status === 403
          ? "the link has expired or was altered"
          : response.status === 401
            ? "the link was refused"
            : "the bundle behind the link is gone";
      throw new BundleLinkError(
        `the bundle link answered ${response.status} (${why}${detail ? `: ${detail}` : ""}): ${EXPIRED_HINT}`,
        response.status,
      );
    }
    if (response.status >= 400 && response.status < 500 && response.status !== 429)
      throw new BundleLinkError(
        `the bundle link answered ${response.status}${detail ? `: ${detail}` : ""}`,
        response.status,
      );
    throw new CodedError(
      "QUIRE_ERR_SERVE_DOWNLOAD_FAILED",
      `the bundle link answered ${response.status}${detail ? `: ${detail}` : ""}`,
    );
  }
  if (!response.body)
    throw new CodedError(
      "QUIRE_ERR_SERVE_DOWNLOAD_FAILED",
      "the bundle link answered with no body",
    );
  const lengthHeader = response.headers.get("content-length");
  const total = lengthHeader ? Number(lengthHeader) : null;
  const partial = `${file}.partial-${process.pid}`;
  const hash = createHash("sha256");
  let received = 0;
  let lastReport = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      hash.update(chunk);
      const now = Date.now();
      if (now - lastReport >= 1000) {
        lastReport = now;
        options.onProgress?.(received, total);
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as never), counter, createWriteStream(partial), {
      signal,
    });
    if (total !== null && received !== total)
      throw new CodedError(
        "QUIRE_ERR_SERVE_DOWNLOAD_FAILED",
        `the download ended after ${received} of ${total} bytes`,
      );
  } catch (error) {
    rmSync(partial, { force: true });
    if (timeout.aborted && !options.signal?.aborted)
      throw new CodedError(
        "QUIRE_ERR_SERVE_DOWNLOAD_FAILED",
        `the download took longer than ${Math.round((options.timeoutMs ?? 600_000) / 1000)} s`,
      );
    throw error;
  }
  options.onProgress?.(received, total);
  const sha256 = hash.digest("hex");
  if (options.sha256 && sha256 !== options.sha256) {
    rmSync(partial, { force: true });
    // The link answered in full: the same link would give the same bytes again.
    throw new BundleLinkError(
      `the downloaded bundle's SHA-256 is ${sha256}, not ${options.sha256} as staticExport.sha256 says: refused, nothing of it unpacked (bundleUrl and sha256 must come from the same bundle call)`,
      null,
    );
  }
  renameSync(partial, file);
  return { file, bytes: received, sha256 };
}
