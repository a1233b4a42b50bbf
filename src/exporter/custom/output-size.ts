import type { Element, ElementContent } from "hast";

/**
 * About how many characters of HTML a rendered tree makes (text, tags, attributes), without
 * serializing it; the contents of the elements in `skip` are not counted. Iterative: a tree
 * may be deeper than the stack.
 */
export function outputSize(nodes: readonly ElementContent[], skip?: ReadonlySet<Element>): number {
  let size = 0;
  const stack: ElementContent[] = [];
  for (const node of nodes) stack.push(node);
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type !== "element") {
      size += "value" in node ? node.value.length : 0;
      continue;
    }
    // `<tag>` and `</tag>`, and each attribute as ` name="value"`.
    size += 2 * node.tagName.length + 5;
    for (const [name, value] of Object.entries(node.properties)) {
      if (value === undefined || value === null || value === false) continue;
      size += name.length + 4 + (Array.isArray(value) ? value.join(" ") : String(value)).length;
    }
    if (skip?.has(node)) continue;
    for (const child of node.children) stack.push(child);
  }
  return size;
}
