import { randomUUID } from "node:crypto";
import type { Element, ElementContent, Nodes as HastNodes } from "hast";
import { toHtml } from "hast-util-to-html";
import type { Nodes } from "mdast";
import type { Position } from "unist";
import { getComponent } from "../components/index.ts";
import type { Props, PropValue } from "../components/types.ts";
import {
  MAX_COMPONENT_OUTPUT_BYTES,
  MAX_NESTING_DEPTH,
  MAX_PAGE_BODY_BYTES,
  MAX_PAGE_COMPONENT_INSTANCES,
} from "../limits.ts";
import { collectElementClasses } from "../mdx/class-names.ts";
import type {
  BrowserModule,
  ComponentUse,
  CustomComponentContext,
  CustomComponentRenderer,
  ExpressionUse,
  PageIslands,
} from "../mdx/custom-components.ts";
import type { JsxNodeData } from "../mdx/jsx-node-data.ts";
import { moduleExportOf } from "../mdx/module-export.ts";
import { SourceSyntaxError } from "../mdx/parse.ts";
import { findDeepHtmlNesting } from "../mdx/source-nesting.ts";
import type { Problem } from "../problems.ts";
import { sanitizeNodes } from "../safety/sanitize.ts";
import type { Variables } from "../site/config/variables.ts";
import { formatBytes, RepoFileError, type RepoFiles } from "../site/repo-files.ts";
import type { DeploymentType } from "../site/types.ts";
import { browserModule } from "./browser-module.ts";
import {
  type CompiledModule,
  ComponentCompiler,
  type ModuleClosure,
  mdxModuleSource,
} from "./compile.ts";
import {
  type ExpressionSource,
  expressionModuleId,
  expressionModuleSource,
  fileOfExpressionModule,
  isExpressionModule,
} from "./expression-module.ts";
import { ISLAND_DATA_ID, type IslandData, type IslandRecord } from "./island-contract.ts";
import { outputSize } from "./output-size.ts";
import { type BuiltinPlaceholders, renderedToHast } from "./rendered-tree.ts";
import {
  type ComponentSandbox,
  outputLimitReason,
  type RenderedNode,
  threadSandbox,
} from "./sandbox.ts";

/**
 * The repository components of one page, compiled and ready to render in the thread's
 * sandbox. `render` is synchronous so the MDX-to-HTML conversion can call it in place. In
 * `interactive` mode each rendered instance is also recorded as an island for the browser.
 */
export class PageComponents implements CustomComponentRenderer {
  readonly problems: Problem[] = [];
  readonly dependencies = new Set<string>();
  private readonly closures: Map<string, ModuleClosure>;
  private readonly sandbox: ComponentSandbox;
  private readonly interactive: boolean;
  private readonly islandRecords: IslandRecord[] = [];
  private readonly islandModules = new Map<string, BrowserModule>();
  /** Marks the placeholders of built-in components: unknown to the components, so not forged by them. */
  private readonly builtinMarker = randomUUID();
  /** What the page's instances rendered so far; past a page's limit the rest are not run. */
  private outputBytes = 0;
  private instances = 0;
  private pageFull = false;

  constructor(
    sandbox: ComponentSandbox,
    closures: Map<string, ModuleClosure>,
    mode: "interactive" | "static",
  ) {
    this.sandbox = sandbox;
    this.closures = closures;
    this.interactive = mode === "interactive";
    for (const closure of closures.values()) {
      this.problems.push(...closure.problems);
      for (const file of closure.dependencies) this.dependencies.add(file);
    }
  }

  render(use: ComponentUse, context: CustomComponentContext): ElementContent {
    const outcome = this.run(
      {
        kind: "component",
        label: `<${use.name}>`,
        moduleId: use.file,
        exportName: use.exportName,
        // The component's file, and the files of the exports its props name.
        files: [use.file, ...referencedFiles(use.props)],
        props: use.props,
        children: use.children,
        inline: use.inline,
        position: use.position,
      },
      context,
    );
    if (!outcome.ok)
      return outcome.pageLimit
        ? placeholder(use, "the page passed a limit")
        : this.failed(use, context, outcome.reason);
    const properties: Element["properties"] = {
      className: ["custom-component"],
      dataComponent: use.name,
    };
    // The browser has no Mintlify components to render again: a component that uses them
    // keeps its export-time HTML (as with scripts off).
    if (this.interactive && !outcome.usedBuiltins)
      properties.dataQuireIsland = this.addIsland(use, outcome.modules);
    return {
      type: "element",
      tagName: use.inline ? "span" : "div",
      properties,
      children: outcome.content,
      // Checks of the whole page (nested links) name the instance's line.
      ...(use.position ? { position: use.position } : {}),
    };
  }

  /**
   * What a computed expression renders, as the export-time HTML of its page: it runs like a
   * component (same sandbox, limits and checks of its output) but is not brought to life in
   * the browser. One that fails renders nothing, with a warning at its line.
   */
  renderExpression(use: ExpressionUse, context: CustomComponentContext): ElementContent[] {
    const label = `{${shortCode(use.code)}}`;
    const moduleId = expressionModuleId(use.file);
    const outcome = this.run(
      {
        kind: "expression",
        label,
        moduleId,
        exportName: use.exportName,
        files: [moduleId],
        props: use.scope,
        children: [],
        inline: true,
        position: use.position,
      },
      context,
    );
    if (outcome.ok) return outcome.content;
    if (!outcome.pageLimit)
      context.warn(
        `expression ${label} on page "${context.pagePath}" was not evaluated: ${outcome.reason}`,
        use.position,
        "mdx-expression",
      );
    return [];
  }

  /**
   * Renders one instance in the sandbox and reads its output back: sanitized, its links made
   * relative, its class names noted, its children put in their slots and the built-in
   * components it used rendered, all held to the limits of an instance and of the page.
   */
  private run(instance: SandboxInstance, context: CustomComponentContext): RunOutcome {
    // The page already fails for its size: the instances after that are not run.
    if (this.pageFull) return { ok: false, reason: "the page passed a limit", pageLimit: true };
    if (++this.instances > MAX_PAGE_COMPONENT_INSTANCES)
      return this.pageLimitPassed(
        instance,
        context,
        `page "${context.pagePath}" uses repository components more than ${MAX_PAGE_COMPONENT_INSTANCES} times, the limit of a page`,
      );
    const closures: ModuleClosure[] = [];
    for (const file of new Set(instance.files)) {
      const closure = this.closures.get(file);
      if (!closure?.usable)
        return {
          ok: false,
          reason: `its file "${fileOfExpressionModule(file)}" could not be compiled`,
        };
      closures.push(closure);
    }
    const modules = [
      ...new Map(
        closures.flatMap((closure) => closure.modules).map((module) => [module.id, module]),
      ).values(),
    ];
    const hasChildren = instance.children.length > 0;
    const result = this.sandbox.render({
      modules,
      moduleId: instance.moduleId,
      exportName: instance.exportName,
      props: instance.props as Record<string, unknown>,
      // The children are Quire's own HTML: the component places a slot, filled in after it ran.
      childrenSlot: hasChildren ? (instance.inline ? "span" : "div") : undefined,
    });
    if (!result.ok)
      return {
        ok: false,
        reason:
          result.reason + (result.where ? ` (at ${fileOfExpressionModule(result.where)})` : ""),
      };
    // HTML the component set itself becomes a tree the host walks: its depth is held to the page's.
    if (deepHtml(result.nodes))
      return { ok: false, reason: `its HTML is nested deeper than ${MAX_NESTING_DEPTH} levels` };
    const builtins: BuiltinPlaceholders = { marker: this.builtinMarker, uses: [] };
    let content = sanitizeNodes(renderedToHast(result.nodes, builtins), (message) =>
      context.warn(
        `${instance.kind} ${instance.label}: ${message}`,
        instance.position,
        "unsafe-html",
      ),
    );
    for (const node of content) rewriteUrls(node, context, instance.position);
    collectElementClasses(content, context.classNames);
    context.classNames.delete("quire-children");
    // The instance's size is the component's own output, every copy of its children after the
    // first (the children themselves are the page's content), and Mintlify's components it
    // used: measured before the copies are made, and again once those components are rendered.
    const slots = hasChildren ? countSlots(content) : 0;
    const copies = slots > 1 ? (slots - 1) * outputSize(instance.children) : 0;
    const before = outputSize(content) + copies;
    if (before > MAX_COMPONENT_OUTPUT_BYTES)
      return { ok: false, reason: outputLimitReason(before) };
    const filled = hasChildren ? fillChildrenSlots(content, instance.children) : [];
    if (builtins.uses.length > 0) content = expandBuiltins(content, builtins, instance, context);
    const size = outputSize(content, new Set(filled)) + copies;
    if (size > MAX_COMPONENT_OUTPUT_BYTES) return { ok: false, reason: outputLimitReason(size) };
    this.outputBytes += size;
    if (this.outputBytes > MAX_PAGE_BODY_BYTES)
      return this.pageLimitPassed(
        instance,
        context,
        `the components on page "${context.pagePath}" render more than ${formatBytes(MAX_PAGE_BODY_BYTES)} in all (at ${instance.label}), more than the limit of a page`,
      );
    return { ok: true, content, usedBuiltins: builtins.uses.length > 0, modules };
  }

  /** Records an instance for the browser; returns its number in the page's island data. */
  private addIsland(use: ComponentUse, modules: readonly CompiledModule[]): number {
    for (const module of modules) {
      if (this.islandModules.has(module.id)) continue;
      this.islandModules.set(module.id, browserModule(module));
    }
    const record: IslandRecord = {
      module: use.file,
      export: use.exportName,
      props: use.props as Record<string, unknown>,
    };
    // The browser puts these in the page as HTML: they pass the same allow-list as the page.
    if (use.children.length > 0)
      record.children = toHtml(sanitizeNodes(use.children), { allowDangerousHtml: true });
    if (use.inline) record.inline = true;
    this.islandRecords.push(record);
    return this.islandRecords.length - 1;
  }

  /** The page's islands, once its content is rendered; undefined when it has none. */
  islands(deployment: DeploymentType): PageIslands | undefined {
    if (this.islandRecords.length === 0) return undefined;
    const files = [...this.islandModules.keys()].sort();
    const data: IslandData = {
      modules: Object.fromEntries(
        files.map((file) => [file, (this.islandModules.get(file) as BrowserModule).key]),
      ),
      islands: this.islandRecords,
      ...(deployment === "air-gapped" ? { airGapped: true } : {}),
    };
    // `<` escaped: no text in the data can close the script element or open a comment.
    const json = JSON.stringify(data).replace(/</g, "\\u003c");
    const modules = [
      ...new Map(
        files.map((file) => {
          const module = this.islandModules.get(file) as BrowserModule;
          return [module.key, module];
        }),
      ).values(),
    ];
    return {
      html: `<script type="application/json" id="${ISLAND_DATA_ID}">${json}</script>`,
      modules,
    };
  }

  private failed(
    use: ComponentUse,
    context: CustomComponentContext,
    reason: string,
  ): ElementContent {
    context.warn(
      `component <${use.name}> on page "${context.pagePath}" was not rendered: ${reason}`,
      use.position,
      "custom-component",
    );
    return placeholder(use, reason);
  }

  /** The page's components passed a limit of the page: the page fails, once, and no more run. */
  private pageLimitPassed(
    instance: SandboxInstance,
    context: CustomComponentContext,
    message: string,
  ): RunOutcome {
    this.pageFull = true;
    this.problems.push({
      severity: "error",
      rule: "page-size-limit",
      file: context.currentFile,
      line: instance.position?.start.line,
      column: instance.position?.start.column,
      message,
    });
    return { ok: false, reason: "the page passed a limit", pageLimit: true };
  }
}

/** One thing the sandbox renders: a component's use, or a computed expression. */
interface SandboxInstance {
  kind: "component" | "expression";
  /** How messages name it: `<Name>`, or `{expression}`. */
  label: string;
  moduleId: string;
  exportName: string;
  /** The modules it needs, by the closures compiled for them. */
  files: string[];
  props: Record<string, PropValue>;
  children: ElementContent[];
  inline: boolean;
  position?: Position;
}

type RunOutcome =
  | { ok: true; content: ElementContent[]; usedBuiltins: boolean; modules: CompiledModule[] }
  | { ok: false; reason: string; pageLimit?: boolean };

/** An expression as a message quotes it: on one line, short. */
function shortCode(code: string): string {
  const line = code.replace(/\s+/g, " ").trim();
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}

/** The error box in place of an instance that was not rendered, saying why. */
function placeholder(use: ComponentUse, reason: string): ElementContent {
  return {
    type: "element",
    tagName: use.inline ? "span" : "div",
    properties: { className: ["custom-component-error"], dataComponent: use.name },
    children: [{ type: "text", value: `Component ${use.name} could not be rendered: ${reason}` }],
  };
}

/**
 * Compiles the repository components and computed expressions an expanded page uses and loads
 * the sandbox; undefined when the page has neither, so such pages pay nothing. `marked` are
 * the page's nodes the expansion marked for repository code (`quireUnsupported` with a file,
 * or `quireExpression`), in document order.
 */
export async function preparePageComponents(
  marked: readonly Nodes[],
  page: { file: string; esm: string },
  repo: RepoFiles,
  mode: "interactive" | "static",
  options: { variables?: Variables } = {},
): Promise<PageComponents | undefined> {
  const files = new Set<string>();
  const expressions = new Map<string, ExpressionSource[]>();
  const addExpression = (file: string, expression: ExpressionSource): void => {
    const list = expressions.get(file) ?? [];
    expressions.set(file, list);
    const known = list.find((item) => item.exportName === expression.exportName);
    // A snippet included twice: the same expression, read with the names of both scopes.
    if (known) known.scopeNames = [...new Set([...known.scopeNames, ...expression.scopeNames])];
    else list.push(expression);
  };
  for (const node of marked) {
    const data = node.data as JsxNodeData | undefined;
    if (data?.quireUnsupported?.file) {
      files.add(data.quireUnsupported.file);
      // A computed prop's module is its file's expression module, made below.
      for (const file of referencedFiles(data.quireProps ?? {}))
        if (!isExpressionModule(file)) files.add(file);
      for (const prop of data.quireComputedProps ?? [])
        addExpression(prop.file, {
          exportName: prop.exportName,
          code: prop.code,
          line: prop.line,
          column: prop.column,
          scopeNames: Object.keys(prop.scope),
          value: true,
        });
    }
    const expression = data?.quireExpression;
    const start = node.position?.start;
    if (!expression || !start || !("value" in node) || typeof node.value !== "string") continue;
    addExpression(expression.file, {
      exportName: expression.exportName,
      code: node.value,
      line: start.line,
      column: start.column,
      scopeNames: Object.keys(expression.scope),
    });
  }
  if (files.size === 0 && expressions.size === 0) return undefined;
  const compiler = new ComponentCompiler(repo, options.variables);
  const sources = new Map([[page.file, page.esm]]);
  for (const [file, list] of expressions) {
    const esm = file === page.file ? page.esm : snippetModuleSource(repo, file, options.variables);
    if (esm !== undefined) sources.set(expressionModuleId(file), expressionModuleSource(esm, list));
  }
  const closures = new Map<string, ModuleClosure>();
  for (const file of files) closures.set(file, await compiler.closure(file, sources));
  for (const file of expressions.keys()) {
    const id = expressionModuleId(file);
    closures.set(id, expressionClosure(await compiler.closure(id, sources), closures));
  }
  return new PageComponents(await threadSandbox(), closures, mode);
}

/** The `import`/`export` code of an MDX snippet; undefined when it cannot be read (the expansion said why). */
function snippetModuleSource(
  repo: RepoFiles,
  file: string,
  variables: Variables | undefined,
): string | undefined {
  try {
    return mdxModuleSource(repo.readText(file), variables);
  } catch (error) {
    if (error instanceof RepoFileError || error instanceof SourceSyntaxError) return undefined;
    throw error;
  }
}

/**
 * An expression module's closure, its problems as the page sees them: a module the page's
 * components also use reports its errors there; what only the expressions need (an import
 * of a package, say) costs only those expressions, with a warning, as before they ran.
 */
function expressionClosure(
  closure: ModuleClosure,
  componentClosures: ReadonlyMap<string, ModuleClosure>,
): ModuleClosure {
  const reported = new Set<string>();
  for (const other of componentClosures.values())
    for (const problem of other.problems)
      reported.add(`${problem.file}:${problem.line}:${problem.message}`);
  const problems = closure.problems
    .map((problem) => ({
      ...problem,
      severity: "warning" as const,
      file: fileOfExpressionModule(problem.file),
    }))
    .filter((problem) => !reported.has(`${problem.file}:${problem.line}:${problem.message}`));
  return { ...closure, problems };
}

/** The files of the module exports that props name (see `MODULE_EXPORT`), at any depth. */
function referencedFiles(props: Record<string, PropValue>): string[] {
  const files: string[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (!value || typeof value !== "object" || depth > 20) return;
    const reference = moduleExportOf(value);
    if (reference?.scope) {
      files.push(expressionModuleId(reference.file));
      walk(reference.scope, depth + 1);
    } else if (reference) files.push(reference.file);
    else for (const item of Object.values(value)) walk(item, depth + 1);
  };
  walk(props, 0);
  return files;
}

/** Whether HTML a component set itself (`dangerouslySetInnerHTML`) nests too deeply. */
function deepHtml(nodes: readonly RenderedNode[]): boolean {
  const stack = [...nodes];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (Array.isArray(node)) for (const child of node.slice(2)) stack.push(child as RenderedNode);
    else if (node && typeof node === "object") {
      if ("h" in node && typeof node.h === "string" && findDeepHtmlNesting(node.h)) return true;
      if ("ch" in node && Array.isArray(node.ch)) for (const child of node.ch) stack.push(child);
    }
  }
  return false;
}

/** The slots a component rendered for its children (`{children}`, once or more). */
function countSlots(nodes: ElementContent[]): number {
  let count = 0;
  const stack = [...nodes];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type !== "element") continue;
    if (node.properties.dataQuireSlot !== undefined) count++;
    else for (const child of node.children) stack.push(child);
  }
  return count;
}

/**
 * Puts the children into every slot the component rendered (a copy for each after the first):
 * the slots are `.quire-children` elements, which take no box of their own (display: contents).
 */
function fillChildrenSlots(nodes: ElementContent[], children: ElementContent[]): Element[] {
  const filled: Element[] = [];
  const visitNodes = (list: ElementContent[]): void => {
    for (const node of list) {
      if (node.type !== "element") continue;
      if (node.properties.dataQuireSlot !== undefined) {
        delete node.properties.dataQuireSlot;
        node.children = filled.length > 0 ? structuredClone(children) : children;
        filled.push(node);
      } else visitNodes(node.children);
    }
  };
  visitNodes(nodes);
  return filled;
}

/** Mintlify's components that sit in a line of text. */
const INLINE_BUILTINS = new Set(["Icon", "Badge", "Tooltip", "Color"]);

/**
 * Renders the built-in components a component used, innermost first, each as Quire renders
 * it in a page: its children are the component's output (already sanitized), its props JSON.
 */
function expandBuiltins(
  nodes: ElementContent[],
  builtins: BuiltinPlaceholders,
  use: { inline: boolean; position?: Position },
  context: CustomComponentContext,
): ElementContent[] {
  const prefix = `${builtins.marker}:`;
  const result: ElementContent[] = [];
  for (const node of nodes) {
    if (node.type !== "element") {
      result.push(node);
      continue;
    }
    node.children = expandBuiltins(node.children, builtins, use, context);
    const marker = node.properties.dataQuireBuiltin;
    if (typeof marker !== "string" || !marker.startsWith(prefix)) {
      result.push(node);
      continue;
    }
    const builtin = builtins.uses[Number(marker.slice(prefix.length))];
    const component = builtin && getComponent(builtin.name);
    if (!component) continue;
    const rendered = component({
      props: builtin.props as Props,
      children: node.children,
      context,
      position: use.position,
      inline: use.inline || INLINE_BUILTINS.has(builtin.name),
    });
    result.push(...(Array.isArray(rendered) ? rendered : [rendered]));
  }
  return result;
}

function rewriteUrls(node: HastNodes, context: CustomComponentContext, position?: Position): void {
  if (node.type !== "element") return;
  const element = node as Element;
  const { href, src } = element.properties;
  if (typeof href === "string") element.properties.href = context.href(href, position);
  if (typeof src === "string")
    element.properties.src = context.asset(
      src,
      position,
      element.tagName === "img" ? "image" : "resource",
    );
  for (const child of element.children) rewriteUrls(child, context, position);
}
