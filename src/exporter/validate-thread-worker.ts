import { parentPort } from "node:worker_threads";
import { ExportFailedError } from "./problems.ts";
import { type ValidateSiteOptions, validateSite } from "./validate-site.ts";

/** Runs validations off the asking thread, one after another, under its heap budget; see validate-thread.ts. */
const port = parentPort;
if (!port) throw new Error("validate-thread-worker.ts runs as a worker thread");
port.on("message", async ({ id, options }: { id: number; options: ValidateSiteOptions }) => {
  try {
    port.postMessage({ id, type: "done", result: await validateSite(options) });
  } catch (error) {
    if (error instanceof ExportFailedError)
      port.postMessage({ id, type: "failed", message: error.message, problems: error.problems });
    else
      port.postMessage({
        id,
        type: "error",
        message: error instanceof Error ? error.message : String(error),
      });
  }
});
