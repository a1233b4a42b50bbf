import assert from "node:assert";
import { ExportFailedError } from "./problems.ts";
import type { ValidationChildMessage } from "./validate-process.ts";
import { type ValidateSiteOptions, validateSite } from "./validate-site.ts";

/** Runs validations one after another under the process's heap budget; see validate-process.ts. */
assert(process.send, "validate-process-child.ts runs only as validate-process.ts forks it");

function send(message: ValidationChildMessage): void {
  process.send?.(message);
}

// The asking process decides when validations stop: a Ctrl-C in its terminal reaches this
// process too. Losing its channel ends this one.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => {});
process.on("disconnect", () => process.exit(0));

process.on("message", async ({ id, options }: { id: number; options: ValidateSiteOptions }) => {
  try {
    send({ id, type: "done", result: await validateSite(options) });
  } catch (error) {
    if (error instanceof ExportFailedError)
      send({ id, type: "failed", message: error.message, problems: error.problems });
    else
      send({ id, type: "error", message: error instanceof Error ? error.message : String(error) });
  }
});
