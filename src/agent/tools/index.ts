import { openValidationProcess, validateSite } from "../../exporter/index.ts";
import { ChangeTracker } from "./change-tracker.ts";
import {
  createCheckDocsTool,
  DocsChecker,
  type SiteValidator,
  validateChanges,
} from "./check-docs.ts";
import { createFileTools } from "./file-tools.ts";
import { PathGuard } from "./path-guard.ts";
import type { AgentTool, DocsFinding } from "./tool-types.ts";

export { ChangeTracker } from "./change-tracker.ts";
export {
  compareFindings,
  type DocsCheck,
  DocsChecker,
  listFindings,
  validateChanges,
} from "./check-docs.ts";
export { createFileTools } from "./file-tools.ts";
export { PathGuard } from "./path-guard.ts";
export type { AgentTool, DocsFinding, ToolResult } from "./tool-types.ts";

export interface AgentTools {
  /** The tools the model is offered: the file tools and check_docs. */
  tools: AgentTool[];
  /** What the tools changed during the run. */
  changes: ChangeTracker;
  /** check_docs itself, for the run: `check()` also returns the findings the change introduced. */
  checker: DocsChecker;
  /**
   * Findings for a change to these files (and the site configuration), in the repository at
   * `root`: the checkout, or a copy of it before the change. The pages checked are those the
   * change affects in the checkout, whichever tree is validated, so both findings compare.
   */
  validate(root: string, files: string[], signal?: AbortSignal): Promise<DocsFinding[]>;
  /** Ends what the tools keep running between calls (the validation process). */
  close(): Promise<void>;
}

/**
 * How the run validates: in this thread, or, with a memory budget, in a process of its own
 * started on the first validation and kept for the rest of the run (the engine loads once).
 */
function siteValidation(memoryLimitMb: number | undefined): {
  validate: SiteValidator;
  close(): Promise<void>;
} {
  if (memoryLimitMb === undefined) return { validate: validateSite, close: async () => {} };
  let validations: ReturnType<typeof openValidationProcess> | undefined;
  return {
    validate: async (options) => {
      validations ??= openValidationProcess(memoryLimitMb);
      return (await validations).validate(options);
    },
    close: async () => {
      if (validations) await (await validations).close();
    },
  };
}

/** Everything the agent works with on one checkout; no tool reaches outside `root`. */
export function createAgentTools(
  root: string,
  options: { cacheDir?: string; memoryLimitMb?: number } = {},
): AgentTools {
  const guard = new PathGuard(root);
  const changes = new ChangeTracker(root);
  const validation = siteValidation(options.memoryLimitMb);
  const checker = new DocsChecker({
    guard,
    changes,
    cacheDir: options.cacheDir,
    validate: validation.validate,
  });
  return {
    tools: [...createFileTools(root, changes), createCheckDocsTool(checker, guard)],
    changes,
    checker,
    async validate(validateRoot, files, signal) {
      return (
        await validateChanges({
          root: validateRoot,
          affectedIn: root,
          files,
          cacheDir: options.cacheDir,
          validate: validation.validate,
          signal,
        })
      ).findings;
    },
    close: validation.close,
  };
}
