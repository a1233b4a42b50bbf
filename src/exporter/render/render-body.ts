import type { ElementContent, Root as HastRoot } from "hast";
import { toHtml } from "hast-util-to-html";
import type { Code, Root } from "mdast";
import { loadCodeLanguages } from "../code/languages.ts";
import { computePageTwoslash } from "../code/twoslash/page-twoslash.ts";
import { PAGE_LEAD_PROPERTY, SIDE_COLUMN_PROPERTY, takeMarked } from "../components/side-column.ts";
import { esmOfTree } from "../custom/compile.ts";
import { preparePageComponents } from "../custom/render-components.ts";
import { expandPage, undefinedVariableMessage } from "../mdx/expand.ts";
import { collectIds, processHeadings } from "../mdx/headings.ts";
import { unnestLinks } from "../mdx/link-nesting.ts";
import { PageContext, type PageEnvironment } from "../mdx/page-context.ts";
import { nestingProblem, pageSizeProblem } from "../mdx/page-limits.ts";
import { pageMarkdown } from "../mdx/page-markdown.ts";
import { parseSource, SourceSyntaxError } from "../mdx/parse.ts";
import { plainProseText } from "../mdx/plain-prose.ts";
import { type AppendedContent, emptyBody, type RenderedBody } from "../mdx/rendered-page.ts";
import { mdastToHast } from "../mdx/to-hast.ts";
import { messagesFor } from "../messages/index.ts";
import type { Problem } from "../problems.ts";
import { sanitizeNodes } from "../safety/sanitize.ts";
import { RepoFileError } from "../site/repo-files.ts";
import { scanPageTree } from "./page-tree-scan.ts";

export interface RenderBodyInput {
  /** Repository-relative source file. */
  file: string;
  pagePath: string;
  environment: PageEnvironment;
  /** The docs.json code of the page's language: components' labels are written in it. */
  language?: string;
  /** The page's source when it is not the file's content (a generated page has none: ""). */
  text?: string;
  /** The page file's bytes, when the caller has read them already (for its cache key). */
  bytes?: Uint8Array;
  /** Content rendered after the page's own, with the same page context (an API reference). */
  append?: (context: PageContext) => Promise<AppendedContent>;
}

/**
 * Renders one page's content (not its layout): parse, inline snippets, convert to HTML with
 * components, number headings, and collect what the rest of the export needs. It lives here,
 * above mdx/ and custom/, because it hands the repository's components (custom/) to the MDX
 * renderer, which knows them only by their interface. Errors in the source become problems on
 * the result; this function only throws on internal faults.
 */
export async function renderBody(input: RenderBodyInput): Promise<RenderedBody> {
  const { file, pagePath, environment } = input;
  const context = new PageContext(file, pagePath, environment, messagesFor(input.language));
  const failed = (problem: Problem): RenderedBody => emptyBody([problem]);

  let text: string;
  try {
    text =
      input.text ??
      (input.bytes
        ? environment.repo.decodeText(file, input.bytes)
        : environment.repo.readText(file));
  } catch (error) {
    if (!(error instanceof RepoFileError)) throw error;
    return failed({ severity: "error", rule: "unreadable-file", file, message: error.message });
  }

  const format = file.toLowerCase().endsWith(".mdx") ? "mdx" : "md";
  let tree: Root;
  let frontmatter: Record<string, unknown>;
  let undefinedVariables: Problem[] = [];
  try {
    let names: { name: string; line: number; column: number }[] | undefined;
    ({
      tree,
      frontmatter,
      undefinedVariables: names,
    } = parseSource(text, format, {
      variables: environment.variables,
    }));
    undefinedVariables = (names ?? []).map(({ name, line, column }) => ({
      severity: "warning",
      rule: "undefined-variable",
      file,
      line,
      column,
      message: undefinedVariableMessage(name),
    }));
  } catch (error) {
    if (!(error instanceof SourceSyntaxError)) throw error;
    return failed({
      severity: "error",
      rule: error.rule,
      file,
      line: error.line,
      column: error.column,
      message: error.message,
    });
  }

  // The page's own `import`/`export` blocks, read before the expansion removes them: inline components live there.
  const esm = esmOfTree(tree);
  const expansion = expandPage(tree, file, environment.repo, {
    variables: environment.variables,
  });
  const tooDeep = nestingProblem(tree, file);
  if (tooDeep) return failed(tooDeep);
  const scan = scanPageTree(tree);
  const mode = environment.customComponents ?? "static";
  const components =
    mode === "off"
      ? undefined
      : await preparePageComponents(scan.marked, { file, esm }, environment.repo, mode, {
          variables: environment.variables,
        });
  context.customComponents = components;
  await loadCodeLanguages(codeLanguages(scan.code));
  const twoslash = await computePageTwoslash(scan.code, file);
  context.twoslash = twoslash.lookup;
  context.markdownRenderer = (markdown) => renderInlineMarkdown(markdown, context);
  const hast = mdastToHast(tree, context) as HastRoot;
  const appended = input.append ? await input.append(context) : undefined;
  if (appended?.position === "start") hast.children.unshift(...appended.nodes);
  else if (appended) hast.children.push(...appended.nodes);
  // One allow-list for everything that reaches the page (see safety/sanitize.ts).
  hast.children = sanitizeNodes(hast.children, (message, position, source) =>
    context.problems.push({
      severity: "warning",
      rule: "unsafe-html",
      file: source ?? file,
      ...(position ? { line: position.start.line, column: position.start.column } : {}),
      message,
    }),
  );
  const { toc, sections } = processHeadings(hast, context.messages);
  unnestLinks(hast.children, (message, position, source) =>
    context.problems.push({
      severity: "warning",
      rule: "nested-link",
      file: source ?? file,
      ...(position ? { line: position.start.line, column: position.start.column } : {}),
      message,
    }),
  );
  // After the headings are read: the examples are part of the page's search text.
  const lead = htmlOf(takeMarked(hast, PAGE_LEAD_PROPERTY));
  const aside = htmlOf(takeMarked(hast, SIDE_COLUMN_PROPERTY));
  const islands = components?.islands(environment.deployment);
  const html = toHtml(hast, { allowDangerousHtml: true }) + (islands?.html ?? "");
  const tooLarge = pageSizeProblem(html + (lead ?? "") + (aside ?? ""), file);
  if (tooLarge) return failed(tooLarge);
  const parts = [pageMarkdown(tree, text), appended?.markdown ?? ""];
  if (appended?.position === "start") parts.reverse();
  const markdown = parts.filter(Boolean).join("\n\n");

  return {
    html,
    ...(lead ? { lead } : {}),
    ...(aside ? { aside } : {}),
    frontmatter,
    toc,
    sections,
    markdown,
    assets: [...context.assets],
    links: context.links,
    ids: [...collectIds(hast.children)],
    features: context.features,
    classes: [...context.classNames].sort(),
    ...(islands ? { islandModules: islands.modules } : {}),
    problems: [
      ...undefinedVariables,
      ...expansion.problems,
      ...twoslash.problems,
      ...(components?.problems ?? []),
      ...context.problems,
    ],
    dependencies: [
      ...new Set([
        ...expansion.dependencies,
        ...(components?.dependencies ?? []),
        ...(appended?.dependencies ?? []),
      ]),
    ],
  };
}

/** Elements taken out of the page as HTML, or undefined when there are none. */
function htmlOf(nodes: ElementContent[]): string | undefined {
  return nodes.length > 0
    ? toHtml({ type: "root", children: nodes }, { allowDangerousHtml: true })
    : undefined;
}

function codeLanguages(blocks: readonly Code[]): string[] {
  const languages = new Set<string>();
  for (const block of blocks) if (block.lang) languages.add(block.lang.toLowerCase());
  return [...languages];
}

/** Markdown given as a prop (e.g. a description): parsed as Markdown, rendered without components. */
function renderInlineMarkdown(markdown: string, context: PageContext): ElementContent[] {
  const plain = plainProseText(markdown);
  if (plain !== undefined) return [{ type: "text", value: plain }];
  let tree: Root;
  try {
    ({ tree } = parseSource(markdown, "md"));
  } catch (error) {
    // Markdown has no syntax errors; a prop's Markdown past a limit of the export is the one refusal.
    if (!(error instanceof SourceSyntaxError)) throw error;
    const message = `Markdown in a prop: ${error.message}`;
    context.problems.push({
      severity: "error",
      rule: error.rule,
      file: context.currentFile,
      message,
    });
    return [{ type: "text", value: markdown }];
  }
  const hast = mdastToHast(tree, context) as HastRoot;
  const children = hast.children as ElementContent[];
  const only = children.length === 1 ? children[0] : undefined;
  if (only && only.type === "element" && only.tagName === "p") return only.children;
  return children;
}
