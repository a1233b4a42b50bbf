import type { ElementContent } from "hast";

/** Longest class name considered: anything longer is not a utility anyone writes. */
export const MAX_CANDIDATE_LENGTH = 200;

/**
 * Adds the class names of these elements (and, when `deep`, of everything inside them) to
 * `into`: the candidates for Tailwind utilities. The renderer calls it on what a page's author
 * wrote (HTML elements in MDX, raw HTML, what repository components render), never on Quire's
 * own components, so Quire's class names are never candidates.
 */
export function collectElementClasses(
  nodes: readonly ElementContent[],
  into: Set<string>,
  deep = true,
): void {
  for (const node of nodes) {
    if (node.type !== "element") continue;
    const names = node.properties.className;
    if (Array.isArray(names)) {
      for (const name of names)
        if (
          typeof name === "string" &&
          name.length <= MAX_CANDIDATE_LENGTH &&
          !name.startsWith("--")
        )
          into.add(name);
    }
    if (deep) collectElementClasses(node.children, into);
  }
}
