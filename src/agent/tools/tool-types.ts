/**
 * The agent's tools, as plain functions over one checkout. The run loop wraps them for the model
 * (AI SDK `tool()`); a tool that fails returns its error to the model as text instead of
 * throwing, so the model can correct itself (a path outside the checkout, an `edit_file` whose
 * old text is not unique).
 */
export interface ToolResult {
  ok: boolean;
  /** What the model reads: the result, or the error and how to fix the call. */
  text: string;
}

export interface AgentTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  parameters: Record<string, unknown>;
  execute(args: Record<string, unknown>, signal?: AbortSignal): Promise<ToolResult>;
}

/** A finding of `check_docs`: an error blocks the pull request, a warning does not. */
export interface DocsFinding {
  severity: "error" | "warning";
  rule: string;
  file: string;
  line?: number;
  column?: number;
  message: string;
}
