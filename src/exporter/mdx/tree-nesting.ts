import type { Nodes, Root } from "mdast";
import { MAX_NESTING_DEPTH } from "../limits.ts";
import type { JsxNodeData } from "./jsx-node-data.ts";
import type { SourceLimitHit } from "./source-lines.ts";

/** The nodes that nest, by what a reader calls them; the others (paragraphs, items) do not count. */
const NESTING: Record<string, string> = {
  list: "lists",
  blockquote: "block quotes",
  mdxJsxFlowElement: "JSX elements",
  mdxJsxTextElement: "JSX elements",
  emphasis: "emphasis",
  strong: "emphasis",
  delete: "emphasis",
  link: "links",
  linkReference: "links",
  footnoteDefinition: "footnotes",
};

/**
 * The first node of a syntax tree nested deeper than `limit` (counting lists, block quotes,
 * JSX elements, emphasis, links and footnotes inside one another), with the file it came
 * from when a snippet brought it in. Iterative: the tree may be deeper than the stack. Run
 * on every parsed source, and on a page again once its snippets are inlined into it.
 */
export function findDeepTreeNesting(
  tree: Root,
  limit = MAX_NESTING_DEPTH,
): (SourceLimitHit & { file?: string }) | undefined {
  const stack: { node: Nodes; depth: number; kinds: string[] }[] = [
    { node: tree, depth: 0, kinds: [] },
  ];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { node } = entry;
    const kind = NESTING[node.type];
    const depth = kind ? entry.depth + 1 : entry.depth;
    const kinds = kind && !entry.kinds.includes(kind) ? [...entry.kinds, kind] : entry.kinds;
    if (depth > limit) {
      const file = (node.data as JsxNodeData | undefined)?.sourceFile;
      const what =
        kinds.length === 1
          ? (kinds[0] as string)
          : `${kinds.slice(0, -1).join(", ")} and ${kinds.at(-1)} inside one another`;
      return {
        rule: "nesting-limit",
        message: `${what} nested deeper than ${limit} levels`,
        line: node.position?.start.line ?? 1,
        column: node.position?.start.column ?? 1,
        ...(file ? { file } : {}),
      };
    }
    if (!("children" in node)) continue;
    // Children in reverse, so the first deep node in the text is found first.
    for (let index = node.children.length - 1; index >= 0; index--)
      stack.push({ node: node.children[index] as Nodes, depth, kinds });
  }
  return undefined;
}
