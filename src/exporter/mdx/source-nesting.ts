import { MAX_NESTING_DEPTH, MAX_PAGE_CONSTRUCTS } from "../limits.ts";
import { scanBlocks } from "./block-nesting.ts";
import { ELEMENTS, scanInline } from "./inline-nesting.ts";
import { type SourceLimitHit, SourceLines } from "./source-lines.ts";

/**
 * The first limit a page's text passes before it is parsed: nesting deeper than `limit`,
 * expressions that would take MDX too long to parse, or more constructs than a page may
 * have. Parsing is where a page's cost lies (a 20 KB page of 10,000 nested list items took
 * over 30 s, 200,000 one-line paragraphs 17 s and 2 GB), so this check must not need the
 * parse: one linear pass over the text, estimating from above. The syntax tree is checked
 * exactly afterwards (`tree-nesting.ts`); this makes sure the parser is never handed a
 * pathological text. Fenced code and frontmatter are not read for nesting.
 */
export function findSourceLimit(
  text: string,
  format: "mdx" | "md",
  limit = MAX_NESTING_DEPTH,
): SourceLimitHit | undefined {
  const lines = new SourceLines(text);
  const blocks = scanBlocks(lines, format, limit);
  const inline = scanInline(lines, blocks.skipped, format, limit);
  const hits = [blocks.found, inline.hit, tooManyConstructs(lines, inline.openers)].filter(
    (hit): hit is SourceLimitHit => hit !== undefined,
  );
  hits.sort((a, b) => a.line - b.line || a.column - b.column);
  return hits[0];
}

/**
 * Where the page's lines and inline constructs (elements, expressions, links, emphasis),
 * counted in text order, pass `MAX_PAGE_CONSTRUCTS`: the parser spends about 100 µs and
 * 10 KB on each, however small.
 */
function tooManyConstructs(lines: SourceLines, openers: Uint32Array): SourceLimitHit | undefined {
  if (lines.count + openers.length <= MAX_PAGE_CONSTRUCTS) return undefined;
  let counted = 0;
  let opener = 0;
  for (let line = 0; line < lines.count; line++) {
    if (!lines.isBlank(line)) counted++;
    const end = lines.end(line);
    while (opener < openers.length && (openers[opener] as number) <= end) {
      opener++;
      counted++;
    }
    if (counted > MAX_PAGE_CONSTRUCTS)
      return {
        rule: "page-size-limit",
        message: `more than ${MAX_PAGE_CONSTRUCTS} lines and inline elements (links, emphasis, JSX, expressions) in one file, the limit: split it`,
        line: line + 1,
        column: 1,
      };
  }
  return undefined;
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
  return scanInline(lines, new Uint8Array(lines.count), "md", limit, [ELEMENTS]).hit;
}
