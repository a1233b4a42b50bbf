import type { Element, ElementContent, RootContent } from "hast";
import type { Position } from "unist";
import { textOf } from "../components/element-text.ts";

/** Told of each link removed from inside another, at the nearest place the tree knows. */
export type NestedLinkReport = (
  message: string,
  position: Position | undefined,
  file: string | undefined,
) => void;

/**
 * The last check of a page's tree: a link inside a link is not HTML, and the browser ends the
 * outer link where the inner one starts, tearing a card apart or repeating it. The renderer
 * avoids making one (heading anchors, autolinks, cards); whatever still holds one here (a
 * component's output, HTML written that way) loses the inner link and keeps its text.
 */
export function unnestLinks(
  nodes: (RootContent | ElementContent)[],
  report: NestedLinkReport,
): void {
  walk(nodes, false, undefined, undefined, report);
}

function walk(
  nodes: (RootContent | ElementContent)[],
  insideLink: boolean,
  position: Position | undefined,
  file: string | undefined,
  report: NestedLinkReport,
): void {
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index];
    if (node?.type !== "element") continue;
    const here = node.position ?? position;
    const from = node.data?.quireFile ?? file;
    if (insideLink && node.tagName === "a") {
      report(
        `a link inside another link was removed and its text kept ("${shorten(textOf(node))}"${hrefOf(node)})`,
        here,
        from,
      );
      // Its content takes its place, and is checked in turn.
      nodes.splice(index, 1, ...node.children);
      index--;
      continue;
    }
    walk(node.children, insideLink || node.tagName === "a", here, from, report);
  }
}

function hrefOf(element: Element): string {
  const href = element.properties.href;
  return typeof href === "string" ? ` → ${shorten(href)}` : "";
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 60 ? `${line.slice(0, 60)}…` : line;
}
