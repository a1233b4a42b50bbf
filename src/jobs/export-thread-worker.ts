import { parentPort, workerData } from "node:worker_threads";
import { ExportFailedError, type ExportOptions, exportSite } from "../exporter/index.ts";

/** Runs one export off the API's event loop; see export-thread.ts. */
const port = parentPort;
if (!port) throw new Error("export-thread-worker.ts runs as a worker thread");
const options = workerData as Omit<ExportOptions, "onProgress" | "signal">;
try {
  const result = await exportSite({
    ...options,
    onProgress: (progress) => port.postMessage({ type: "progress", progress }),
  });
  port.postMessage({
    type: "done",
    result: {
      archive: result.archive,
      pageCount: result.pageCount,
      warnings: result.warnings,
      pagesFromCache: result.pagesFromCache,
      durationMs: result.durationMs,
    },
  });
} catch (error) {
  if (error instanceof ExportFailedError)
    port.postMessage({ type: "failed", message: error.message, problems: error.problems });
  else
    port.postMessage({
      type: "error",
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
}
