import type { Root } from "mdast";
import { MAX_PAGE_BODY_BYTES } from "../limits.ts";
import type { Problem } from "../problems.ts";
import { formatBytes } from "../site/repo-files.ts";
import { findDeepTreeNesting } from "./tree-nesting.ts";

/**
 * A page whose content, once its snippets are inlined, nests deeper than the limit (each
 * source was checked on its own when parsed; snippets inside snippets add up).
 */
export function nestingProblem(tree: Root, file: string): Problem | undefined {
  const deep = findDeepTreeNesting(tree);
  if (!deep) return undefined;
  return {
    severity: "error",
    rule: deep.rule,
    file: deep.file ?? file,
    line: deep.line,
    column: deep.column,
    message: deep.message,
  };
}

/** A page whose rendered body is larger than the limit. */
export function pageSizeProblem(html: string, file: string): Problem | undefined {
  // Characters first: the byte count is only needed near the limit.
  if (html.length * 3 <= MAX_PAGE_BODY_BYTES) return undefined;
  const bytes = Buffer.byteLength(html);
  if (bytes <= MAX_PAGE_BODY_BYTES) return undefined;
  return {
    severity: "error",
    rule: "page-size-limit",
    file,
    message: `the page's rendered content is ${formatBytes(bytes)}, more than the limit of ${formatBytes(MAX_PAGE_BODY_BYTES)}`,
  };
}
