import type { Element, ElementContent } from "hast";

/*
 * Reading rendered elements back: their text and their classes. The headings (table of
 * contents, search sections) and `<CodeBlock>` (code given as children) both need them.
 */

/** Elements whose text is not prose: left out of headings' and search text. */
export const SKIPPED_FOR_TEXT = new Set(["svg", "script", "style", "math", "annotation", "button"]);

/** The text a reader sees in a node, without the anchor links Quire adds to headings. */
export function textOf(node: Element | ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type !== "element") return "";
  if (SKIPPED_FOR_TEXT.has(node.tagName) || hasClass(node, "heading-anchor")) return "";
  return node.children.map(textOf).join("");
}

/** Whether an element has a class (its `className` a list, or a single name). */
export function hasClass(node: Element, name: string): boolean {
  const value = node.properties.className;
  return Array.isArray(value) ? value.includes(name) : value === name;
}
