import {
  BundleIntegrityError,
  ExportJobFailedError,
  QuireApiError,
  QuireClient,
  QuireNetworkError,
  type RetryEvent,
  WaitTimeoutError,
} from "../../../client/src/index.ts";
import { CodedError } from "../../domain/errors.ts";
import { configFromFlags } from "../settings-options.ts";
import { UsageError } from "../usage-error.ts";
import { Progress } from "./progress.ts";

/**
 * One `quire remote` command's run: the client from QUIRE_URL and QUIRE_API_KEY, Ctrl-C as an
 * abort of whatever is in flight, and every outcome as an exit code.
 */

/**
 * Exit codes of `quire remote`, for CI scripts to branch on (docs/cli.md). Ctrl-C during a wait
 * exits 130, the shell's code for a process stopped by SIGINT.
 */
export const REMOTE_EXIT = {
  completed: 0,
  failed: 1,
  usage: 2,
  timeout: 3,
  interrupted: 130,
} as const;

export interface RemoteFlags {
  remoteUrl?: string;
  json?: boolean;
  wait?: boolean;
  timeout?: string;
}

/** What one `quire remote` command works with. */
export interface Session {
  client: QuireClient;
  json: boolean;
  /** Aborted by Ctrl-C (SIGINT) or SIGTERM. */
  signal: AbortSignal;
  progress: Progress;
  /** The job being followed, named in the message if the wait is interrupted. */
  following?: string;
  /** Its state when the wait began: what a timeout reports if no read came back before it. */
  followingJob?: unknown;
  /** The file being downloaded to, named in that message too. */
  writing?: string;
}

/**
 * Runs one command: builds the client from QUIRE_URL and QUIRE_API_KEY, turns Ctrl-C into an
 * abort of whatever is in flight, and maps every outcome to an exit code.
 */
export async function runRemote(
  flags: RemoteFlags,
  work: (session: Session) => Promise<number>,
): Promise<number> {
  const timeout = parseTimeout(flags.timeout);
  if (timeout !== undefined) flags.wait = true;
  const client = clientFrom(flags);
  const controller = new AbortController();
  const session: Session = {
    client,
    json: Boolean(flags.json),
    signal: controller.signal,
    progress: new Progress(!flags.json && process.stderr.isTTY === true),
  };
  // The first Ctrl-C stops cleanly (requests aborted, temporary files removed); the handler
  // is then gone, so a second one ends the process at once as usual.
  const stop = (signal: NodeJS.Signals) => controller.abort(new Interrupted(signal));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    return await work(session);
  } catch (error) {
    session.progress.stop();
    return reportFailure(session, error);
  } finally {
    session.progress.stop();
    process.removeListener("SIGINT", stop);
    process.removeListener("SIGTERM", stop);
  }
}

class Interrupted extends CodedError {
  constructor(signal: NodeJS.Signals) {
    super("QUIRE_ERR_CLI_INTERRUPTED", { signal });
  }
}

function clientFrom(flags: RemoteFlags): QuireClient {
  const config = configFromFlags(flags as Record<string, unknown>, ["remoteUrl", "remoteApiKey"]);
  if (!config.remoteUrl)
    throw new UsageError(
      "QUIRE_URL is not set: export QUIRE_URL=https://quire.example.com (the API's base URL), or pass --remote-url",
    );
  if (!config.remoteApiKey)
    throw new UsageError(
      "QUIRE_API_KEY is not set: export QUIRE_API_KEY=quire_... (create a key with `quire keys create --org ORG_ID`)",
    );
  return new QuireClient({
    baseUrl: config.remoteUrl,
    apiKey: config.remoteApiKey,
    retry: { onRetry: reportRetry },
  });
}

function reportRetry(event: RetryEvent): void {
  const pause = `${Number((event.delayMs / 1000).toFixed(1))} s`;
  const why =
    event.reason === "rate-limited"
      ? "rate limited"
      : event.reason === "unavailable"
        ? `the server answered ${(event.error as QuireApiError).status}`
        : event.error.message;
  process.stderr.write(`quire: ${why}; trying again in ${pause} (try ${event.attempt})\n`);
}

export function parseTimeout(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(seconds > 0) || seconds > 7 * 24 * 3600)
    throw new UsageError(`--timeout must be a number of seconds above 0, not "${text}"`);
  return seconds * 1000;
}

/** The message and exit code of everything that can end a command early. */
function reportFailure(session: Session, error: unknown): number {
  const fail = (code: number, message: string, json: Record<string, unknown>) => {
    if (session.json) process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    process.stderr.write(`quire: ${message}\n`);
    return code;
  };
  if (session.signal.aborted) {
    const what = session.following
      ? `; ${session.following} keeps running on the server`
      : ": the call was abandoned";
    const file = session.writing ? `; nothing was written to ${session.writing}` : "";
    return fail(REMOTE_EXIT.interrupted, `stopped waiting, interrupted${what}${file}`, {
      error: "interrupted",
    });
  }
  if (error instanceof WaitTimeoutError) {
    const job = error.job ?? session.followingJob;
    const status = (job as { status?: string } | undefined)?.status;
    return fail(
      REMOTE_EXIT.timeout,
      `${error.message}${status ? ` (still ${status})` : ""}; it keeps running on the server${session.writing ? `; nothing was written to ${session.writing}` : ""}`,
      { error: error.message, timeout: true, job: job ?? null },
    );
  }
  if (error instanceof ExportJobFailedError)
    return fail(REMOTE_EXIT.failed, error.message, { error: error.message, job: error.job });
  if (error instanceof QuireApiError) {
    const code = error.code ? ` ${error.code}` : "";
    return fail(REMOTE_EXIT.failed, `${error.message} (HTTP ${error.status}${code})`, {
      error: error.message,
      status: error.status,
      code: error.code,
    });
  }
  if (error instanceof QuireNetworkError || error instanceof BundleIntegrityError)
    return fail(REMOTE_EXIT.failed, error.message, { error: error.message });
  throw error;
}
