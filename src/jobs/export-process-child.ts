import {
  ExportFailedError,
  type ExportOptions,
  exportSite,
  parentChannel,
} from "../exporter/index.ts";
import type { ExportChildMessage } from "./export-process.ts";

/** Runs one export in a process of its own; see export-process.ts. The API decides when it stops. */
const send = parentChannel<ExportChildMessage>("export-process-child.ts");

// The listener stays for the process's life: it keeps the channel open until the API, having
// read the last message, closes it.
let started = false;
process.on("message", async (options: Omit<ExportOptions, "onProgress" | "signal">) => {
  if (started) return;
  started = true;
  try {
    const result = await exportSite({
      ...options,
      onProgress: (progress) => send({ type: "progress", progress }),
    });
    send({
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
      send({ type: "failed", message: error.message, problems: error.problems });
    else
      send({
        type: "error",
        message: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      });
  }
});
