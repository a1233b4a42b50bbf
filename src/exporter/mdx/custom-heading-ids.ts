import type { Heading, Root } from "mdast";
import { visit } from "unist-util-visit";
import { EMOJI } from "./heading-slug.ts";

/*
 * `## Title {#custom-id}`: Mintlify's syntax for a heading's own id ("Custom heading IDs" in its
 * docs). In MDX `{…}` is a JavaScript expression, and `#custom-id` is not one, so the page
 * would fail to parse. Before parsing, the `{#…}` at the end of an ATX heading line is blanked
 * with spaces (every line and column stays where it was, and a heading's trailing spaces are
 * not part of its text); once parsed, the heading on that line gets the id.
 */

/** The end of an ATX heading line: `{#id}`, spaces allowed inside the braces. */
const HEADING_WITH_ID = /^([ \t]*)(#{1,6})[ \t]+(\S.*?)[ \t]*(\{[ \t]*#([^}]+?)[ \t]*\})[ \t]*$/;
/** What an id written this way loses, besides emoji: characters unsafe in an attribute or a link. */
const DROPPED_FROM_ID = /[<>"&?,;:!'()[\]{}]/g;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;

export interface BlankedHeadingIds {
  /** The source with each heading's `{#id}` turned into spaces. */
  text: string;
  /** Line (1-based) → the id its heading names. */
  idsByLine: Map<number, string>;
}

/**
 * Finds `{#id}` at the end of heading lines outside fenced code; undefined when there is none.
 * In Markdown a heading indented four spaces is code; in MDX indentation means nothing.
 */
export function blankHeadingIds(
  source: string,
  format: "mdx" | "md",
): BlankedHeadingIds | undefined {
  if (!source.includes("{#")) return undefined;
  const lines = source.split("\n");
  const idsByLine = new Map<number, string>();
  let fence: { char: string; length: number } | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    const opening = FENCE.exec(line);
    if (fence) {
      const closing = opening?.[1];
      if (closing?.[0] === fence.char && closing.length >= fence.length && line.trim() === closing)
        fence = undefined;
      continue;
    }
    if (opening?.[1]) {
      fence = { char: opening[1][0] ?? "`", length: opening[1].length };
      continue;
    }
    const heading = HEADING_WITH_ID.exec(line);
    if (!heading?.[4] || !heading[5]) continue;
    if (format === "md" && (heading[1] ?? "").replace(/\t/g, "    ").length > 3) continue;
    const id = heading[5]
      .trim()
      .replace(DROPPED_FROM_ID, "")
      .replace(EMOJI, "")
      .replace(/\s+/g, "-");
    if (id === "") continue;
    const start = line.lastIndexOf(heading[4]);
    lines[index] =
      line.slice(0, start) + " ".repeat(heading[4].length) + line.slice(start + heading[4].length);
    idsByLine.set(index + 1, id);
  }
  if (idsByLine.size === 0) return undefined;
  return { text: lines.join("\n"), idsByLine };
}

/** Gives each heading on a line that named an id that id, as the HTML heading's `id`. */
export function applyHeadingIds(tree: Root, idsByLine: ReadonlyMap<number, string>): void {
  visit(tree, "heading", (node: Heading) => {
    const line = node.position?.start.line;
    const id = line === undefined ? undefined : idsByLine.get(line);
    if (id === undefined) return;
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
  });
}
