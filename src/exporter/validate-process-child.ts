import { parentChannel } from "./budgeted-process.ts";
import { ExportFailedError } from "./problems.ts";
import type { ValidationChildMessage } from "./validate-process.ts";
import { type ValidateSiteOptions, validateSite } from "./validate-site.ts";

/**
 * Runs validations one after another under the process's heap budget; see
 * validate-process.ts. The asking process decides when it stops.
 */
const send = parentChannel<ValidationChildMessage>("validate-process-child.ts");

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
