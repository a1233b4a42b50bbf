import type { Parent, PhrasingContent, Root, RootContent } from "mdast";
import { protectVariables, restoreVariables } from "../site/config/variable-text.ts";
import type { Variables } from "../site/config/variables.ts";
import { parseFrontmatterYaml } from "../site/frontmatter.ts";
import { applyHeadingIds, blankHeadingIds } from "./custom-heading-ids.ts";
import type { SourceLimitHit } from "./source-lines.ts";
import { findSourceLimit } from "./source-nesting.ts";
import { parseMarkdownTree } from "./syntax.ts";
import { findDeepTreeNesting } from "./tree-nesting.ts";

export interface ParsedSource {
  tree: Root;
  frontmatter: Record<string, unknown>;
  /** `{{name}}` the source writes with no such variable in docs.json: left as written. */
  undefinedVariables?: { name: string; line: number; column: number }[];
}

export interface ParseOptions {
  /** docs.json `variables`, put in place of `{{name}}` everywhere in the source. */
  variables?: Variables;
}

export class SourceSyntaxError extends Error {
  readonly line?: number;
  readonly column?: number;
  /** The rule of the problem it becomes: `mdx-syntax`, or the limit a source passed. */
  readonly rule: string = "mdx-syntax";
  constructor(message: string, line?: number, column?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SourceSyntaxError";
    this.line = line;
    this.column = column;
  }
}

/**
 * A source past a limit of the export (nested too deeply, too many constructs, expressions
 * too costly to parse): refused before the work it would cost.
 */
export class SourceLimitError extends SourceSyntaxError {
  override readonly rule: string;
  /** The snippet the content came from, when it is not the page itself. */
  readonly file?: string;
  constructor(hit: SourceLimitHit & { file?: string }) {
    super(hit.message, hit.line, hit.column);
    this.name = "SourceLimitError";
    this.rule = hit.rule;
    if (hit.file) this.file = hit.file;
  }
}

/**
 * Parses a page or snippet to mdast. `.mdx` is MDX (JSX and expressions are parsed, never
 * run); `.md` is Markdown with raw HTML. Syntax errors carry the line and column.
 */
export function parseSource(
  source: string,
  format: "mdx" | "md",
  options: ParseOptions = {},
): ParsedSource {
  // Variables stand as tokens of the same length while the source is parsed (see variable-text.ts).
  const variables = protectVariables(source, options.variables);
  // `## Title {#id}` is not MDX: its `{#id}` is blanked out and given to the heading after parsing.
  const headingIds = blankHeadingIds(variables?.text ?? source, format);
  const text = headingIds?.text ?? variables?.text ?? source;
  // The limits first, from the text alone: parsing a text past them is what costs minutes.
  const passed = findSourceLimit(text, format);
  if (passed) throw new SourceLimitError(passed);
  let tree: Root;
  try {
    tree = parseMarkdownTree(text, format);
  } catch (error) {
    const failure = error as {
      place?: { line?: number; column?: number; start?: { line: number; column: number } };
      line?: number;
      column?: number;
      reason?: string;
      message: string;
    };
    const fromMessage = /\((\d+):(\d+)(?:-\d+:\d+)?\)\s*$/.exec(failure.message);
    const line =
      failure.place?.start?.line ??
      failure.place?.line ??
      failure.line ??
      (fromMessage ? Number(fromMessage[1]) : undefined);
    const column =
      failure.place?.start?.column ??
      failure.place?.column ??
      failure.column ??
      (fromMessage ? Number(fromMessage[2]) : undefined);
    const reason = (failure.reason ?? failure.message).replace(
      /\s*\(\d+:\d+(?:-\d+:\d+)?\)\s*$/,
      "",
    );
    throw new SourceSyntaxError(`MDX syntax error: ${reason}`, line, column, { cause: error });
  }
  const deepTree = findDeepTreeNesting(tree);
  if (deepTree) throw new SourceLimitError(deepTree);
  if (headingIds) applyHeadingIds(tree, headingIds.idsByLine);
  if (format === "mdx") unravelJsxParagraphs(tree);
  const frontmatter = readFrontmatter(tree);
  if (!variables) return { tree, frontmatter };
  return {
    tree: restoreVariables(tree, variables),
    frontmatter: restoreVariables(frontmatter, variables),
    ...(variables.undefinedNames.length > 0
      ? { undefinedVariables: variables.undefinedNames }
      : {}),
  };
}

/**
 * A paragraph holding only JSX elements and expressions (`<Note>Text</Note>` on one line)
 * is not a paragraph: like MDX itself, lift its elements to block level.
 */
function unravelJsxParagraphs(parent: Parent): void {
  const children: RootContent[] = [];
  for (const child of parent.children as RootContent[]) {
    if (child.type === "paragraph" && isOnlyJsx(child.children)) {
      for (const inline of child.children) {
        if (inline.type === "mdxJsxTextElement") {
          children.push({ ...inline, type: "mdxJsxFlowElement" } as unknown as RootContent);
        } else if (inline.type === "mdxTextExpression") {
          children.push({ ...inline, type: "mdxFlowExpression" } as unknown as RootContent);
        }
      }
      continue;
    }
    if ("children" in child) unravelJsxParagraphs(child as Parent);
    children.push(child);
  }
  parent.children = children as Parent["children"];
}

function isOnlyJsx(nodes: PhrasingContent[]): boolean {
  let hasElement = false;
  for (const node of nodes) {
    if (node.type === "mdxJsxTextElement") hasElement = true;
    else if (node.type === "text" && node.value.trim() === "") continue;
    else if (node.type !== "mdxTextExpression") return false;
  }
  return hasElement;
}

function readFrontmatter(tree: Root): Record<string, unknown> {
  const first = tree.children[0];
  if (!first || first.type !== "yaml") return {};
  let value: unknown;
  try {
    value = parseFrontmatterYaml(first.value);
  } catch (error) {
    const linePos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    throw new SourceSyntaxError(
      `invalid frontmatter: ${(error as Error).message.split("\n")[0]}`,
      linePos ? linePos.line + 1 : 1,
      linePos?.col,
      { cause: error },
    );
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new SourceSyntaxError("frontmatter must be a mapping of keys to values", 1, 1);
  }
  return value as Record<string, unknown>;
}
