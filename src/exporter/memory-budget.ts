import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { ExportFailedError } from "./problems.ts";

/** Whether a worker thread stopped because it used up its heap (its `resourceLimits`). */
export function isOutOfMemory(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY";
}

/**
 * The failure of an export (or of `what` else ran there: "the validation") whose process or
 * thread ran out of its heap: it fails with this message and nothing else stops (the API,
 * other jobs).
 */
export function memoryBudgetExceeded(
  budgetMb: number,
  cause: unknown,
  what = "the export",
): ExportFailedError {
  return new ExportFailedError(`${what} ran out of its memory budget of ${budgetMb} MB`, [], {
    cause,
  });
}

/**
 * Collects this thread's garbage at once and gives its memory back, where the export knows a
 * large part of what it made is done with: V8 keeps an old generation grown by garbage at its
 * size until it next needs a full collection. Before the render threads start (reading the
 * site: at 1,205 pages and 21 OpenAPI specifications, 192 MB of heap for 70 MB in use, and a
 * peak ~100 MB lower without it; decisions.md, "More real repositories"), every 2,000 pages
 * while the threads render (the main thread keeps each page's outcome), and between the search
 * indexes of a site's languages (CrewAI's four each left ~250 MB). An ordinary full
 * collection frees the heap but keeps its pages mapped (Spree's docs: 534 MB resident before,
 * 531 after); the last-resort kind, which also shrinks the heap, returns them (487 → 184 MB).
 * `--expose-gc` only gives new contexts a `gc`.
 */
export function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as (options: object) => void;
  gc({ type: "major", execution: "sync", flavor: "last-resort" });
}
