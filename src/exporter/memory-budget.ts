import { ExportFailedError } from "./problems.ts";

/** Whether a worker thread stopped because it used up its heap (its `resourceLimits`). */
export function isOutOfMemory(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY";
}

/**
 * The failure of an export whose process or thread ran out of its heap: the export fails with
 * this message and nothing else stops (the API, other jobs).
 */
export function memoryBudgetExceeded(budgetMb: number, cause: unknown): ExportFailedError {
  return new ExportFailedError(`the export ran out of its memory budget of ${budgetMb} MB`, [], {
    cause,
  });
}
