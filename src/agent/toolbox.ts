import type { Toolbox } from "./run.ts";
import { createAgentTools } from "./tools/index.ts";

/** The model's tools and the change validation over one checkout, sharing the export's render cache. */
export function createToolbox(root: string, cacheDir?: string): Toolbox {
  const agentTools = createAgentTools(root, { cacheDir });
  return {
    tools: agentTools.tools,
    validate: (treeRoot, files) => agentTools.validate(treeRoot, files),
  };
}
