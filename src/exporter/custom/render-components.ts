import type { Element, ElementContent, Nodes as HastNodes } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import type { Root } from "mdast";
import type { Position } from "unist";
import { visit } from "unist-util-visit";
import type { PropValue } from "../components/types.ts";
import type { JsxNodeData } from "../mdx/expand.ts";
import type { PageContext } from "../mdx/page-context.ts";
import { sanitizeTree } from "../mdx/sanitize-html.ts";
import type { Problem } from "../problems.ts";
import type { RepoFiles } from "../site/repo-files.ts";
import { ComponentCompiler, type ModuleClosure } from "./compile.ts";
import { type ComponentSandbox, threadSandbox } from "./sandbox.ts";

/** One use of a repository component in a page, as the MDX renderer hands it over. */
export interface ComponentUse {
  /** The name the page writes (`<Related />`). */
  name: string;
  /** The repository file that defines it, and the name it is exported under there. */
  file: string;
  exportName: string;
  props: Record<string, PropValue>;
  /** The element's children, already rendered by Quire. */
  children: ElementContent[];
  inline: boolean;
  position?: Position;
}

/**
 * The repository components of one page, compiled and ready to render in the thread's
 * sandbox. `render` is synchronous so the MDX-to-HTML conversion can call it in place.
 */
export class PageComponents {
  readonly problems: Problem[] = [];
  readonly dependencies = new Set<string>();
  private readonly closures: Map<string, ModuleClosure>;
  private readonly sandbox: ComponentSandbox;

  constructor(sandbox: ComponentSandbox, closures: Map<string, ModuleClosure>) {
    this.sandbox = sandbox;
    this.closures = closures;
    for (const closure of closures.values()) {
      this.problems.push(...closure.problems);
      for (const file of closure.dependencies) this.dependencies.add(file);
    }
  }

  render(use: ComponentUse, context: PageContext): ElementContent {
    const closure = this.closures.get(use.file);
    if (!closure?.usable) {
      return this.failed(use, context, `its file "${use.file}" could not be compiled`);
    }
    const childrenHtml = use.children.length > 0 ? toHtml(use.children) : undefined;
    const result = this.sandbox.render({
      modules: closure.modules,
      moduleId: use.file,
      exportName: use.exportName,
      props: use.props as Record<string, unknown>,
      childrenHtml,
    });
    if (!result.ok)
      return this.failed(
        use,
        context,
        result.reason + (result.where ? ` (at ${result.where})` : ""),
      );
    const fragment = fromHtml(result.html, { fragment: true });
    const content = sanitizeTree(fragment.children as ElementContent[]);
    for (const node of content) rewriteUrls(node, context, use.position);
    return {
      type: "element",
      tagName: use.inline ? "span" : "div",
      properties: { className: ["custom-component"], dataComponent: use.name },
      children: content,
    };
  }

  private failed(use: ComponentUse, context: PageContext, reason: string): ElementContent {
    context.warn(
      `component <${use.name}> on page "${context.pagePath}" was not rendered: ${reason}`,
      use.position,
      "custom-component",
    );
    return {
      type: "element",
      tagName: use.inline ? "span" : "div",
      properties: { className: ["custom-component-error"], dataComponent: use.name },
      children: [{ type: "text", value: `Component ${use.name} could not be rendered: ${reason}` }],
    };
  }
}

/**
 * Compiles the repository components an expanded page uses (marked by the expansion) and
 * loads the sandbox; undefined when the page uses none, so such pages pay nothing.
 */
export async function preparePageComponents(
  tree: Root,
  page: { file: string; esm: string },
  repo: RepoFiles,
): Promise<PageComponents | undefined> {
  const files = new Set<string>();
  visit(tree, (node) => {
    const data = (node as { data?: JsxNodeData }).data;
    if (data?.quireUnsupported?.file) files.add(data.quireUnsupported.file);
  });
  if (files.size === 0) return undefined;
  const compiler = new ComponentCompiler(repo);
  const closures = new Map<string, ModuleClosure>();
  for (const file of files) closures.set(file, await compiler.closure(file, page));
  return new PageComponents(await threadSandbox(), closures);
}

function rewriteUrls(node: HastNodes, context: PageContext, position?: Position): void {
  if (node.type !== "element") return;
  const element = node as Element;
  const { href, src } = element.properties;
  if (typeof href === "string") element.properties.href = context.href(href, position);
  if (typeof src === "string") {
    if (/^https?:|^\/\//i.test(src) && context.deployment === "air-gapped")
      element.properties.src = undefined;
    else if (!/^data:/i.test(src)) element.properties.src = context.asset(src, position);
  }
  for (const child of element.children) rewriteUrls(child, context, position);
}
