import {
  type ArchiveResult,
  DEFAULT_EXPORT_MEMORY_MB,
  ExportFailedError,
  type ExportOptions,
  type ExportProgress,
  endProcess,
  forkWithHeapBudget,
  type Problem,
  whyProcessEnded,
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
    const { child, stderrTail } = forkWithHeapBudget(
      new URL("./export-process-child.ts", import.meta.url),
      memoryMb,
    );

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
    // A crash is thrown, and the queue tries the job again.
    child.on("close", (code, exitSignal) =>
      finish(
        () => reject(whyProcessEnded("the export", memoryMb, code, exitSignal, stderrTail())),
        "kill",
      ),
    );
    child.send(data);
  });
}
