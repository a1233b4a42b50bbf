import type { Heading, Root } from "mdast";
import { visit } from "unist-util-visit";
import { scanBlocks } from "./block-nesting.ts";
import { EMOJI } from "./heading-slug.ts";
import { SourceLines } from "./source-lines.ts";

/*
 * `## Title {#custom-id}`: Mintlify's syntax for a heading's own id ("Custom heading IDs" in its
 * docs). In MDX `{…}` is a JavaScript expression, and `#custom-id` is not one, so the page
 * would fail to parse. Before parsing, the `{#…}` at the end of an ATX heading line is blanked
 * with spaces (every line and column stays where it was, and a heading's trailing spaces are
 * not part of its text); once parsed, the heading on that line gets the id.
 */

/** The end of an ATX heading line: `{#id}`, spaces allowed inside the braces (and a CRLF's `\r` after). */
const HEADING_WITH_ID = /^([ \t]*)(#{1,6})[ \t]+(\S.*?)[ \t]*(\{[ \t]*#([^}]+?)[ \t]*\})[ \t\r]*$/;
/** What an id written this way loses, besides emoji: characters unsafe in an attribute or a link. */
const DROPPED_FROM_ID = /[<>"&?,;:!'()[\]{}]/g;

export interface BlankedHeadingIds {
  /** The source with each heading's `{#id}` turned into spaces. */
  text: string;
  /** Line (1-based) → the id its heading names. */
  idsByLine: Map<number, string>;
}

/**
 * Finds `{#id}` at the end of heading lines outside fenced code and frontmatter (the lines the
 * block scan of the source limits marks); undefined when there is none. A `{#…}` left with no
 * id once its punctuation is dropped is blanked all the same, without an id. In Markdown a heading
 * indented four spaces is code; in MDX indentation means nothing.
 */
export function blankHeadingIds(
  source: string,
  format: "mdx" | "md",
): BlankedHeadingIds | undefined {
  if (!source.includes("{#")) return undefined;
  const lines = new SourceLines(source);
  const { skipped } = scanBlocks(lines, format, Number.POSITIVE_INFINITY);
  const idsByLine = new Map<number, string>();
  let text = "";
  let copied = 0;
  for (let line = 0; line < lines.count; line++) {
    if (skipped[line]) continue;
    const start = lines.start(line);
    const heading = HEADING_WITH_ID.exec(source.slice(start, lines.end(line)));
    if (!heading?.[4] || !heading[5]) continue;
    if (format === "md" && (heading[1] ?? "").replace(/\t/g, "    ").length > 3) continue;
    const id = heading[5]
      .trim()
      .replace(DROPPED_FROM_ID, "")
      .replace(EMOJI, "")
      .replace(/\s+/g, "-");
    const braces = start + heading[0].lastIndexOf(heading[4]);
    text += source.slice(copied, braces) + " ".repeat(heading[4].length);
    copied = braces + heading[4].length;
    // `{#!!!}` names nothing once its punctuation is dropped: the heading keeps its own id.
    if (id !== "") idsByLine.set(line + 1, id);
  }
  if (copied === 0) return undefined;
  return { text: text + source.slice(copied), idsByLine };
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
