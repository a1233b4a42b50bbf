import type { Heading, Nodes } from "mdast";

/**
 * The property a heading holding a component carries from the MDX tree to the heading pass:
 * the heading's words as written. It is read and removed there (headings.ts), never published.
 */
export const HEADING_TEXT_PROPERTY = "dataQuireHeadingText";

/**
 * The words of a heading that holds a component or an expression, as its author wrote them:
 * text and code, and the text inside a component's tags, but nothing a component draws of its
 * own (`## Order Routing <Since version="5.5" />` is "Order Routing", not the badge's "Spree
 * 5.5 Available since…"). Mintlify names and lists such headings by these words; authors link
 * them so (`#order-routing`). Undefined for a heading of plain Markdown, whose rendered text
 * is these words already.
 */
export function writtenHeadingText(heading: Heading): string | undefined {
  return holdsComponent(heading) ? wordsOf(heading) : undefined;
}

function holdsComponent(node: Nodes): boolean {
  if (node.type === "mdxJsxTextElement" || node.type === "mdxTextExpression") return true;
  return "children" in node && (node.children as Nodes[]).some(holdsComponent);
}

function wordsOf(node: Nodes): string {
  switch (node.type) {
    case "text":
    case "inlineCode":
    case "inlineMath":
      return node.value;
    case "break":
      return " ";
    case "mdxTextExpression":
    case "html":
    case "image":
    case "imageReference":
      return "";
    default:
      return "children" in node ? (node.children as Nodes[]).map(wordsOf).join("") : "";
  }
}
