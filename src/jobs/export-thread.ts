import { Worker } from "node:worker_threads";
import {
  type ArchiveResult,
  DEFAULT_EXPORT_MEMORY_MB,
  ExportFailedError,
  type ExportOptions,
  type ExportProgress,
  isOutOfMemory,
  memoryBudgetExceeded,
  type Problem,
} from "../exporter/index.ts";

export interface ThreadExportResult {
  archive?: ArchiveResult;
  pageCount: number;
  warnings: Problem[];
  pagesFromCache: number;
  durationMs: number;
}

type WorkerMessage =
  | { type: "progress"; progress: ExportProgress }
  | { type: "done"; result: ThreadExportResult }
  | { type: "failed"; message: string; problems: Problem[] }
  | { type: "error"; message: string; stack?: string };

/**
 * Runs `exportSite` in a worker thread, so that reading and rendering a large site never
 * holds up the API's requests. Aborting the signal stops the thread at once. The thread, and
 * each render thread it starts, gets a heap of `memoryLimitMb` (`DEFAULT_EXPORT_MEMORY_MB`
 * when absent): an export that needs more fails with "the export ran out of its memory budget
 * of N MB" instead of growing the server.
 */
export function exportInThread(options: ExportOptions): Promise<ThreadExportResult> {
  const { onProgress, signal, ...data } = options;
  const memoryMb = options.memoryLimitMb ?? DEFAULT_EXPORT_MEMORY_MB;
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./export-thread-worker.ts", import.meta.url), {
      workerData: { ...data, memoryLimitMb: memoryMb },
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      action();
      void worker.terminate();
    };
    const onAbort = () => finish(() => reject(signal?.reason ?? new Error("aborted")));
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.on("message", (message: WorkerMessage) => {
      if (message.type === "progress") onProgress?.(message.progress);
      else if (message.type === "done") finish(() => resolve(message.result));
      else if (message.type === "failed")
        finish(() => reject(new ExportFailedError(message.message, message.problems)));
      else
        finish(() =>
          reject(
            Object.assign(new Error(`the export failed: ${message.message}`), {
              stack: message.stack,
            }),
          ),
        );
    });
    worker.on("error", (error) =>
      finish(() => reject(isOutOfMemory(error) ? memoryBudgetExceeded(memoryMb, error) : error)),
    );
    worker.on("exit", (code) =>
      finish(() => reject(new Error(`the export thread stopped unexpectedly (exit code ${code})`))),
    );
  });
}
