import type { Toolbox } from "./run.ts";
import { createAgentTools } from "./tools/index.ts";

/**
 * The model's tools and the change validation over one checkout, sharing the export's render
 * cache; validations run in a process with the export's memory budget (`memoryLimitMb`).
 */
export function createToolbox(
  root: string,
  options: { cacheDir?: string; memoryLimitMb?: number } = {},
): Toolbox {
  const agentTools = createAgentTools(root, options);
  return {
    tools: agentTools.tools,
    validate: (treeRoot, files) => agentTools.validate(treeRoot, files),
    close: () => agentTools.close(),
  };
}
