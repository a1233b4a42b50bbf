import type { Navigation, NavNode } from "./types.ts";

/** Every page path the navigation lists (group roots included), in navigation order. */
export function collectNavigationPages(navigation: Navigation): Set<string> {
  return pagesUnder(navigation.root);
}

/** Every page path listed below `nodes` (group roots included), in navigation order. */
export function pagesUnder(nodes: NavNode[]): Set<string> {
  const result = new Set<string>();
  const visit = (list: NavNode[]): void => {
    for (const node of list) {
      if (node.type === "page") result.add(node.path);
      else if (node.type === "group") {
        if (node.root) result.add(node.root);
        visit(node.children);
      } else if (node.type === "division") visit(node.children);
    }
  };
  visit(nodes);
  return result;
}
