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
 * without its wrapper. The tree the HTML was made from is untouched: what changes is copied,
 * and parts with nothing to change (most pages, whole) are shared with it.
 */
export function forAgents(tree: Root): Root {
  return withAudience(tree);
}

function withAudience<T extends Root | RootContent>(node: T): T {
  if (!("children" in node)) return node;
  const original = (node as Parent).children as RootContent[];
  let children: RootContent[] = [];
  let changed = false;
  for (const child of original) {
    const kept = forAudience(child);
    if (kept === child) {
      children.push(child);
      continue;
    }
    changed = true;
    if (Array.isArray(kept)) children.push(...kept);
    else children.push(kept);
  }
  if (FLOW_PARENTS.has(node.type)) {
    const arranged = inParagraphs(children);
    changed ||= arranged !== children;
    children = arranged;
  }
  if (!changed) return node;
  // Marked as rewritten: its source text says what the page shows, no longer what agents read.
  return { ...node, children, data: { ...node.data, quireRewritten: true } satisfies JsxNodeData };
}

/** A child as agents read it: itself when nothing in it changes, else its replacement. */
function forAudience(child: RootContent): RootContent | RootContent[] {
  // A computed expression is what it rendered (its text), not its code.
  if (child.type === "mdxFlowExpression" || child.type === "mdxTextExpression") {
    const data = child.data as JsxNodeData | undefined;
    if (!data?.quireExpression) return child;
    const text = data.quireRenderedText ?? "";
    if (text.trim() === "") return [];
    const value: RootContent = { type: "text", value: text };
    return child.type === "mdxFlowExpression"
      ? [{ type: "paragraph", children: [value as PhrasingContent] }]
      : [value];
  }
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
  return withAudience(child);
}

/** Parents whose children are blocks: text standing bare in one (a literal `{"…"}` on its own line) needs a paragraph. */
const FLOW_PARENTS = new Set(["root", "blockquote", "listItem", "footnoteDefinition"]);

/** Runs of phrasing nodes among blocks, each put in a paragraph: Markdown cannot write them bare. */
export function inParagraphs(children: RootContent[]): RootContent[] {
  if (!children.some((child) => PHRASING.has(child.type))) return children;
  const result: RootContent[] = [];
  let run: PhrasingContent[] = [];
  const flush = (): void => {
    if (run.length > 0) result.push({ type: "paragraph", children: run });
    run = [];
  };
  for (const child of children) {
    if (PHRASING.has(child.type)) run.push(child as PhrasingContent);
    else {
      flush();
      result.push(child);
    }
  }
  flush();
  return result;
}
