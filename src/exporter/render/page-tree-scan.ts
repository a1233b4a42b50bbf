import type { Code, Nodes, Root } from "mdast";
import type { JsxNodeData } from "../mdx/jsx-node-data.ts";

/** What the steps of a page's render look for in its expanded tree, gathered in one walk. */
export interface PageTreeScan {
  /** Every code block, in document order (languages to load, twoslash blocks). */
  code: Code[];
  /**
   * Every node the expansion marked for repository code, a component or a computed
   * expression, in document order (custom/ compiles what they use).
   */
  marked: Nodes[];
}

/**
 * Walks the page once where three steps each walked it whole for a few nodes. In document
 * order (parent before children), as `unist-util-visit` goes, so lists come out as theirs did.
 */
export function scanPageTree(tree: Root): PageTreeScan {
  const scan: PageTreeScan = { code: [], marked: [] };
  const walk = (node: Nodes): void => {
    if (node.type === "code") scan.code.push(node);
    const data = node.data as JsxNodeData | undefined;
    if (data && (data.quireUnsupported?.file || data.quireExpression)) scan.marked.push(node);
    if ("children" in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return scan;
}
