import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  type ArchiveResult,
  DEFAULT_EXPORT_MEMORY_MB,
  ExportFailedError,
  type ExportOptions,
  type ExportProgress,
  memoryBudgetExceeded,
  type Problem,
} from "../exporter/index.ts";

export interface ProcessExportResult {
  archive?: ArchiveResult;
  pageCount: number;
  warnings: Problem[];
  pagesFromCache: number;
  durationMs: number;
}

/** What export-process-child.ts sends back. */
export type ExportChildMessage =
  | { type: "progress"; progress: ExportProgress }
  | { type: "done"; result: ProcessExportResult }
  | { type: "failed"; message: string; problems: Problem[] }
  | { type: "error"; message: string; stack?: string };

/** How much of the process's standard error is kept to tell why it ended. */
const STDERR_TAIL_CHARS = 16 * 1024;
/** How long a finished export's process gets to end on its own before it is killed. */
const EXIT_GRACE_MS = 10_000;
/** Flags passed on to the export's process: the test processes' protection-keys setting. */
const INHERITED_FLAGS = /^--(no-)?memory-protection-keys$/;
/** V8's words when a heap runs out, in the process or in one of its render threads. */
const OUT_OF_MEMORY = /Reached heap limit|JavaScript heap out of memory|ERR_WORKER_OUT_OF_MEMORY/;

/**
 * Runs `exportSite` in a child process, so that reading and rendering a large site never holds
 * up the API's requests, and nothing an export does can end the API: a heap run out, or V8
 * aborting, ends only this process (a worker thread's heap limit once ended the whole API).
 * The process gets a heap of `memoryLimitMb` (`DEFAULT_EXPORT_MEMORY_MB` when absent), as does
 * each render thread it starts: an export that needs more fails with "the export ran out of its
 * memory budget of N MB". Aborting the signal kills the process; the promise settles once it
 * has ended, so nothing writes into the job's folders after.
 */
export function exportInProcess(options: ExportOptions): Promise<ProcessExportResult> {
  const { onProgress, signal, ...data } = options;
  const memoryMb = options.memoryLimitMb ?? DEFAULT_EXPORT_MEMORY_MB;
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL("./export-process-child.ts", import.meta.url)), [], {
      execArgv: [...inheritedFlags(), `--max-old-space-size=${memoryMb}`],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    let stderrTail = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      stderrTail = (stderrTail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
    });

    let settled = false;
    const finish = (outcome: () => void, stop: "kill" | "release") => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      endProcess(child, stop).then(outcome);
    };
    const onAbort = () => finish(() => reject(signal?.reason ?? new Error("aborted")), "kill");
    signal?.addEventListener("abort", onAbort, { once: true });

    child.on("message", (message: ExportChildMessage) => {
      if (message.type === "progress") onProgress?.(message.progress);
      else if (message.type === "done") finish(() => resolve(message.result), "release");
      else if (message.type === "failed")
        finish(() => reject(new ExportFailedError(message.message, message.problems)), "release");
      else
        finish(
          () =>
            reject(
              Object.assign(new Error(`the export failed: ${message.message}`), {
                stack: message.stack,
              }),
            ),
          "release",
        );
    });
    child.on("error", (error) => finish(() => reject(error), "kill"));
    // `close` comes after the process's standard error has been read to its end.
    child.on("close", (code, exitSignal) =>
      finish(() => reject(whyItEnded(code, exitSignal, stderrTail, memoryMb)), "kill"),
    );
    child.send(data);
  });
}

/**
 * This process's V8 flags that the export's process needs too. Not all of `process.execArgv`,
 * fork's default: started with `-e SCRIPT`, the child would run the script instead (and fork
 * again).
 */
function inheritedFlags(): string[] {
  return process.execArgv.filter((flag) => INHERITED_FLAGS.test(flag));
}

/**
 * Ends the process and waits until it has. A finished export's process is let go (its channel
 * closed), so it ends normally and Node keeps its compile cache for the next one.
 */
function endProcess(child: ChildProcess, how: "kill" | "release"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  if (how === "kill") child.kill("SIGKILL");
  else {
    if (child.connected) child.disconnect();
    const timer = setTimeout(() => child.kill("SIGKILL"), EXIT_GRACE_MS);
    void ended.then(() => clearTimeout(timer));
  }
  return ended;
}

function whyItEnded(
  code: number | null,
  signal: NodeJS.Signals | null,
  stderrTail: string,
  memoryMb: number,
): Error {
  if (OUT_OF_MEMORY.test(stderrTail)) return memoryBudgetExceeded(memoryMb, new Error(stderrTail));
  // A signal nobody here sent: V8 aborted, or a segmentation fault. The queue tries the job again.
  if (signal) return new Error(`the export process crashed (${signal})`, { cause: stderrTail });
  return new Error(`the export process stopped unexpectedly (exit code ${code})`);
}
