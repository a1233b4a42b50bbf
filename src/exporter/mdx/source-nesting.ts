import { MAX_NESTING_DEPTH } from "../limits.ts";
import { scanBlocks } from "./block-nesting.ts";
import { ELEMENTS, scanInline } from "./inline-nesting.ts";
import { type SourceLimitHit, SourceLines } from "./source-lines.ts";

/**
 * The first limit a page's text passes before it is parsed: nesting deeper than `limit`, or
 * an expression that would take MDX too long to parse. The parser's cost grows faster than
 * linearly with both (a 20 KB page of 10,000 nested list items took over 30 s), so this check
 * must not need the parse: one linear pass over the text, estimating from above. The syntax
 * tree is checked exactly afterwards (`tree-nesting.ts`); this makes sure the parser is never
 * handed a pathological text. Fenced code and frontmatter are not read.
 */
export function findSourceLimit(
  text: string,
  format: "mdx" | "md",
  limit = MAX_NESTING_DEPTH,
): SourceLimitHit | undefined {
  const lines = new SourceLines(text);
  const blocks = scanBlocks(lines, format, limit);
  const inline = scanInline(lines, blocks.skipped, format, limit);
  const hits = [blocks.found, inline].filter((hit): hit is SourceLimitHit => hit !== undefined);
  hits.sort((a, b) => a.line - b.line || a.column - b.column);
  return hits[0];
}

/**
 * HTML nested deeper than `limit`, counting elements only: the HTML a repository component
 * sets itself (`dangerouslySetInnerHTML`), which is parsed into a tree the host walks.
 */
export function findDeepHtmlNesting(
  html: string,
  limit = MAX_NESTING_DEPTH,
): SourceLimitHit | undefined {
  const lines = new SourceLines(html);
  return scanInline(lines, new Uint8Array(lines.count), "md", limit, [ELEMENTS]);
}
