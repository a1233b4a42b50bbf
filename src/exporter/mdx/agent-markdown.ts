import type { Parent, PhrasingContent, Root, RootContent } from "mdast";
import type { JsxNodeData } from "./jsx-node-data.ts";

/** Node types that sit inside a paragraph; bare ones cannot stand directly in a flow parent. */
const PHRASING = new Set([
  "text",
  "emphasis",
  "strong",
  "delete",
  "inlineCode",
  "inlineMath",
  "link",
  "linkReference",
  "image",
  "imageReference",
  "break",
  "footnoteReference",
  "mdxJsxTextElement",
  "mdxTextExpression",
]);

/**
 * The page tree as agents read it, the way Mintlify defines `<Visibility>`: content
 * `for="humans"` is left out of the page's Markdown, and content `for="agents"` is kept
 * without its wrapper. Returns a copy; the tree the HTML was made from is untouched.
 */
export function forAgents(tree: Root): Root {
  return withAudience(tree);
}

function withAudience<T extends Root | RootContent>(node: T): T {
  if (!("children" in node)) return node;
  const children = (node as Parent).children.flatMap((child): RootContent[] => {
    if (
      (child.type === "mdxJsxFlowElement" || child.type === "mdxJsxTextElement") &&
      child.name === "Visibility"
    ) {
      const audience = (child.data as JsxNodeData | undefined)?.quireProps?.for;
      if (audience === "humans") return [];
      if (audience === "agents") {
        const kept = (child.children as RootContent[]).map(withAudience);
        // `<Visibility for="agents">Text</Visibility>` on one line holds bare text: keep it a paragraph.
        const bare =
          child.type === "mdxJsxFlowElement" && kept.some((item) => PHRASING.has(item.type));
        return bare ? [{ type: "paragraph", children: kept as PhrasingContent[] }] : kept;
      }
    }
    return [withAudience(child)];
  });
  return { ...node, children };
}
