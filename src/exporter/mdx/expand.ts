import path from "node:path/posix";
import type { Program } from "estree";
import type { Nodes, Parent, Root, RootContent } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import type { Position } from "unist";
import type { Props, PropValue } from "../components/types.ts";
import {
  MAX_NESTING_DEPTH,
  MAX_PAGE_SNIPPET_BYTES,
  MAX_PAGE_SNIPPET_INCLUSIONS,
} from "../limits.ts";
import type { Problem } from "../problems.ts";
import type { Variables } from "../site/config/variables.ts";
import { RepoFileError, type RepoFiles } from "../site/repo-files.ts";
import { computedPropExportName, expressionExportName, type JsxNodeData } from "./jsx-node-data.ts";
import { evaluateLiteral, NotLiteralError } from "./literal.ts";
import { COMPUTED_WITH, MODULE_EXPORT } from "./module-export.ts";
import { parseSource, SourceSyntaxError } from "./parse.ts";
import { collectModuleScope, type SnippetImport } from "./scope.ts";

export type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

const SNIPPET_DEPTH_LIMIT = 20;
/**
 * Levels of the syntax tree the expansion descends (each nesting construct is one to three:
 * a list and its item, a paragraph): every source is held to MAX_NESTING_DEPTH when parsed,
 * but snippets included inside one another's elements add up, and the walks recurse.
 */
const TREE_DEPTH_LIMIT = 4 * MAX_NESTING_DEPTH;
const CODE_COMPONENT_EXTENSIONS = /\.(jsx|tsx|js|ts|mjs|cjs)$/i;

interface Frame {
  file: string;
  scope: Map<string, PropValue>;
  imports: Map<string, SnippetImport>;
  /** Components the file defines as code, and code components it imports: file and export name. */
  codeComponents: Map<string, { file: string; exportName: string }>;
  stack: string[];
}

export interface ExpandResult {
  dependencies: string[];
  problems: Problem[];
}

/**
 * Inlines snippets and resolves expressions in a parsed page, in place: imported `.mdx`
 * snippets are replaced by their content with props substituted, `{name}` becomes the
 * value of `export const name`, and every JSX element gets its props evaluated as literals.
 * Nothing from the repository is executed.
 */
export function expandPage(
  tree: Root,
  file: string,
  repo: RepoFiles,
  options: { variables?: Variables } = {},
): ExpandResult {
  const expander = new Expander(repo, options.variables);
  const frame = expander.frameFor(tree, file, new Map(), []);
  expander.expandChildren(tree, frame);
  return { dependencies: [...expander.dependencies], problems: expander.problems };
}

class Expander {
  readonly dependencies = new Set<string>();
  readonly problems: Problem[] = [];
  private readonly snippetCache = new Map<string, Root | null>();
  /** Source length of each snippet, and of all the snippets inlined so far (each time it is). */
  private readonly snippetSizes = new Map<string, number>();
  private inlinedBytes = 0;
  private inclusions = 0;
  private depth = 0;
  private readonly repo: RepoFiles;
  private readonly variables: Variables | undefined;

  constructor(repo: RepoFiles, variables: Variables | undefined) {
    this.repo = repo;
    this.variables = variables;
  }

  frameFor(tree: Root, file: string, props: Map<string, PropValue>, stack: string[]): Frame {
    const moduleScope = collectModuleScope(tree);
    for (const problem of moduleScope.problems) {
      this.warn(file, problem.message, problem.line, problem.column, "mdx-export");
    }
    const scope = new Map(moduleScope.variables);
    const codeComponents = new Map<string, { file: string; exportName: string }>();
    for (const name of moduleScope.codeComponents)
      codeComponents.set(name, { file, exportName: name });
    for (const [local, imported] of moduleScope.imports) {
      // React is the components' own runtime (the sandbox's, the page's), not a file to inline.
      if (imported.specifier === "react") {
        moduleScope.imports.delete(local);
        continue;
      }
      if (imported.imported === "default") continue;
      const target = this.resolveSpecifier(imported.specifier, file);
      if (!target || CODE_COMPONENT_EXTENSIONS.test(target)) continue;
      const snippet = this.loadSnippet(target, file);
      if (!snippet) continue;
      const exported = collectModuleScope(snippet);
      if (exported.variables.has(imported.imported)) {
        scope.set(local, exported.variables.get(imported.imported));
        moduleScope.imports.delete(local);
      } else if (exported.codeComponents.has(imported.imported)) {
        codeComponents.set(local, { file: target, exportName: imported.imported });
        moduleScope.imports.delete(local);
      }
    }
    for (const [name, value] of props) scope.set(name, value);
    return { file, scope, imports: moduleScope.imports, codeComponents, stack: [...stack, file] };
  }

  expandChildren(parent: Parent, frame: Frame): void {
    if (this.depth >= TREE_DEPTH_LIMIT) {
      this.limitError(
        frame.file,
        "nesting-limit",
        `content nested deeper than ${MAX_NESTING_DEPTH} levels once snippets are inlined into one another`,
        parent,
      );
      parent.children = [];
      markRewritten(parent);
      return;
    }
    this.depth++;
    try {
      const next: RootContent[] = [];
      let rewritten = false;
      for (const child of parent.children as RootContent[]) {
        const expanded = this.expandNode(child, frame);
        if (expanded.length !== 1 || expanded[0] !== child) rewritten = true;
        // One by one: a snippet may bring more nodes than a call takes arguments.
        for (const node of expanded) next.push(node);
      }
      parent.children = next as Parent["children"];
      if (rewritten) markRewritten(parent);
    } finally {
      this.depth--;
    }
  }

  private expandNode(node: RootContent, frame: Frame): RootContent[] {
    switch (node.type) {
      case "mdxjsEsm":
      case "yaml":
        return [];
      case "mdxFlowExpression":
      case "mdxTextExpression":
        return this.expandExpression(node, frame);
      case "mdxJsxFlowElement":
      case "mdxJsxTextElement":
        return this.expandElement(node, frame);
      default:
        if ("children" in node) this.expandChildren(node as Parent, frame);
        return [node];
    }
  }

  private expandExpression(
    node: Extract<RootContent, { type: "mdxFlowExpression" | "mdxTextExpression" }>,
    frame: Frame,
  ): RootContent[] {
    const program = (node.data as { estree?: Program } | undefined)?.estree;
    const statement = program?.body[0];
    if (!statement) return []; // a {/* comment */}
    try {
      // Literals are read here, at once: only expressions that compute go to the sandbox, and
      // markup, which renders as elements (a literal reads only its text).
      if (holdsJsx(statement)) throw new NotLiteralError("markup");
      const value = evaluateLiteral(statement, frame.scope);
      const text = literalText(value);
      if (text !== undefined)
        return text === "" ? [] : [{ type: "text", value: text, position: node.position }];
      this.warn(
        frame.file,
        `expression {${truncate(node.value.trim())}} is not text and is left out`,
        node.position?.start.line,
        node.position?.start.column,
        "mdx-expression",
      );
      return [];
    } catch (error) {
      if (!(error instanceof NotLiteralError)) throw error;
      const start = node.position?.start;
      if (!start) return [];
      node.data ??= {};
      (node.data as JsxNodeData).quireExpression = {
        file: frame.file,
        exportName: expressionExportName(start.line, start.column),
        scope: scopeOf(statement, frame.scope),
        reason: error.message,
      };
      return [node];
    }
  }

  private expandElement(node: JsxElement, frame: Frame): RootContent[] {
    const props = this.evaluateProps(node, frame, this.isCodeComponent(node.name ?? "", frame));
    node.data ??= {};
    const data = node.data as JsxNodeData;
    data.quireProps = props;
    const name = node.name ?? "";

    const definedIn = frame.codeComponents.get(name);
    if (definedIn) {
      data.quireUnsupported = { specifier: definedIn.file, ...definedIn };
      this.expandChildren(node, frame);
      return [node];
    }
    const imported = frame.imports.get(name);
    if (imported) {
      const target = this.resolveSpecifier(imported.specifier, frame.file, node);
      if (!target) return [];
      if (CODE_COMPONENT_EXTENSIONS.test(target)) {
        data.quireUnsupported = {
          specifier: imported.specifier,
          file: target,
          exportName: imported.imported,
        };
        this.expandChildren(node, frame);
        return [node];
      }
      if (imported.imported !== "default") {
        this.warn(
          frame.file,
          `"${imported.specifier}" exports no literal or component named "${imported.imported}"; <${name}> is left out`,
          node.position?.start.line,
          node.position?.start.column,
          "snippet-import",
        );
        return [];
      }
      return this.inlineSnippet(node, target, props, frame);
    }
    if (name === "Snippet" && typeof props.file === "string") {
      // Mintlify's older `<Snippet file>` names a file of `_snippets/`, as older sites keep them.
      const folder =
        !this.repo.exists(`snippets/${props.file}`) && this.repo.exists(`_snippets/${props.file}`)
          ? "_snippets"
          : "snippets";
      const target = this.resolveSpecifier(`/${folder}/${props.file}`, frame.file, node);
      if (!target) return [];
      const { file: _file, ...rest } = props;
      return this.inlineSnippet(node, target, rest, frame);
    }
    this.expandChildren(node, frame);
    return [node];
  }

  private inlineSnippet(
    node: JsxElement,
    target: string,
    props: Props,
    frame: Frame,
  ): RootContent[] {
    const line = node.position?.start.line;
    if (frame.stack.includes(target) || frame.stack.length > SNIPPET_DEPTH_LIMIT) {
      this.warn(
        frame.file,
        `snippet "${target}" includes itself (${[...frame.stack, target].join(" → ")}); left out`,
        line,
        node.position?.start.column,
        "snippet-cycle",
      );
      return [];
    }
    const snippet = this.loadSnippet(target, frame.file, node);
    if (!snippet) return [];
    // Snippets that include others several times multiply: what one page inlines is bounded.
    this.inlinedBytes += this.snippetSizes.get(target) ?? 0;
    this.inclusions++;
    if (
      this.inlinedBytes > MAX_PAGE_SNIPPET_BYTES ||
      this.inclusions > MAX_PAGE_SNIPPET_INCLUSIONS
    ) {
      this.limitError(
        frame.file,
        "snippet-limit",
        `the page inlines more than ${MAX_PAGE_SNIPPET_INCLUSIONS} snippets or ${MAX_PAGE_SNIPPET_BYTES / 1024 / 1024} MB of snippet source (snippets that include others multiply)`,
        node,
      );
      return [];
    }
    const tree = structuredClone(snippet);
    const childFrame = this.frameFor(tree, target, new Map(Object.entries(props)), frame.stack);
    this.expandChildren(tree, childFrame);
    markSourceFile(tree, target);
    const content = tree.children;
    if (
      node.type === "mdxJsxTextElement" &&
      content.length === 1 &&
      content[0]?.type === "paragraph"
    ) {
      return content[0].children as RootContent[];
    }
    return content;
  }

  /** Whether an element name stands for a repository component (rendered in the sandbox). */
  private isCodeComponent(name: string, frame: Frame): boolean {
    if (frame.codeComponents.has(name)) return true;
    const imported = frame.imports.get(name);
    return (
      imported !== undefined &&
      imported.imported !== "default" &&
      CODE_COMPONENT_EXTENSIONS.test(imported.specifier)
    );
  }

  /**
   * The module export a bare name stands for (a component defined in the page, or anything a
   * `.jsx`/`.tsx` file exports), for a prop of a repository component: its code runs where the
   * component does, in the sandbox and the browser, never here.
   */
  private moduleExport(
    statement: Program["body"][number],
    frame: Frame,
  ): { [MODULE_EXPORT]: [string, string] } | undefined {
    if (statement.type !== "ExpressionStatement" || statement.expression.type !== "Identifier")
      return undefined;
    const name = statement.expression.name;
    const defined = frame.codeComponents.get(name);
    if (defined) return { [MODULE_EXPORT]: [defined.file, defined.exportName] };
    const imported = frame.imports.get(name);
    if (
      !imported ||
      imported.imported === "default" ||
      !CODE_COMPONENT_EXTENSIONS.test(imported.specifier)
    )
      return undefined;
    const target = this.resolveSpecifier(imported.specifier, frame.file);
    return target ? { [MODULE_EXPORT]: [target, imported.imported] } : undefined;
  }

  private evaluateProps(node: JsxElement, frame: Frame, forCodeComponent: boolean): Props {
    const props: Props = {};
    for (const attribute of node.attributes) {
      if (attribute.type === "mdxJsxExpressionAttribute") {
        this.warn(
          frame.file,
          `spread attributes {${truncate(attribute.value)}} on <${node.name}> are not evaluated`,
          node.position?.start.line,
          node.position?.start.column,
          "mdx-expression",
        );
        continue;
      }
      const value = attribute.value;
      if (value === null || value === undefined) {
        props[attribute.name] = true;
      } else if (typeof value === "string") {
        props[attribute.name] = value;
      } else {
        const program = (value.data as { estree?: Program } | undefined)?.estree;
        const statement = program?.body[0];
        if (!statement) continue;
        try {
          props[attribute.name] = evaluateLiteral(statement, frame.scope);
        } catch (error) {
          if (!(error instanceof NotLiteralError)) throw error;
          const reference = forCodeComponent
            ? (this.moduleExport(statement, frame) ??
              computedProp(
                node,
                attribute.position ?? node.position,
                value.value,
                statement,
                frame,
              ))
            : undefined;
          if (reference) {
            props[attribute.name] = reference;
            continue;
          }
          this.warn(
            frame.file,
            `attribute ${attribute.name} of <${node.name}> is ignored: ${error.message}`,
            node.position?.start.line,
            node.position?.start.column,
            "mdx-expression",
          );
        }
      }
    }
    return props;
  }

  /** Repository-relative path of an import, or undefined (with a warning) if it cannot be used. */
  private resolveSpecifier(specifier: string, fromFile: string, node?: Nodes): string | undefined {
    const line = node?.position?.start.line;
    const column = node?.position?.start.column;
    if (!specifier.startsWith("/") && !specifier.startsWith(".")) {
      this.warn(
        fromFile,
        `import "${specifier}" is not a file in the repository; packages are not loaded`,
        line,
        column,
        "snippet-import",
      );
      return undefined;
    }
    // Relative imports resolve from the importing file's folder; climbing above the root is refused.
    const joined = specifier.startsWith("/")
      ? path.normalize(specifier).replace(/^\/+/, "")
      : path.normalize(path.join(path.dirname(fromFile), specifier));
    if (joined.startsWith("..") || path.isAbsolute(joined) || specifier.includes("\0")) {
      this.warn(
        fromFile,
        `import "${specifier}" leaves the repository and is refused`,
        line,
        column,
        "snippet-path",
      );
      return undefined;
    }
    const relative = joined.replace(/^\.\//, "");
    return relative;
  }

  private loadSnippet(target: string, fromFile: string, node?: Nodes): Root | null {
    if (this.snippetCache.has(target)) return this.snippetCache.get(target) ?? null;
    const line = node?.position?.start.line;
    const column = node?.position?.start.column;
    let tree: Root | null = null;
    try {
      const text = this.repo.readText(target);
      this.snippetSizes.set(target, text.length);
      this.dependencies.add(target);
      const parsed = parseSource(text, target.endsWith(".md") ? "md" : "mdx", {
        variables: this.variables,
      });
      tree = parsed.tree;
      for (const reference of parsed.undefinedVariables ?? [])
        this.warn(
          target,
          undefinedVariableMessage(reference.name),
          reference.line,
          reference.column,
          "undefined-variable",
        );
    } catch (error) {
      if (error instanceof RepoFileError) {
        this.warn(fromFile, `snippet ${error.message}`, line, column, "snippet-path");
      } else if (error instanceof SourceSyntaxError) {
        this.problems.push({
          severity: "error",
          rule: error.rule,
          file: target,
          line: error.line,
          column: error.column,
          message: error.message,
        });
      } else {
        throw error;
      }
    }
    this.snippetCache.set(target, tree);
    return tree;
  }

  /** A limit passed: reported once per page, as an error that fails it. */
  private limitError(
    file: string,
    rule: "nesting-limit" | "snippet-limit",
    message: string,
    node: { position?: Position },
  ): void {
    if (this.problems.some((problem) => problem.message === message)) return;
    this.problems.push({
      severity: "error",
      rule,
      file,
      line: node.position?.start.line,
      column: node.position?.start.column,
      message,
    });
  }

  private warn(file: string, message: string, line?: number, column?: number, rule = "mdx"): void {
    this.problems.push({ severity: "warning", rule, file, line, column, message });
  }
}

/** Says that a node no longer holds what its source text says (the page's Markdown reads it). */
function markRewritten(node: Parent): void {
  node.data ??= {};
  (node.data as JsxNodeData).quireRewritten = true;
}

function markSourceFile(node: Nodes, file: string): void {
  node.data ??= {};
  const data = node.data as JsxNodeData;
  data.sourceFile ??= file;
  if ("children" in node) for (const child of node.children) markSourceFile(child as Nodes, file);
}

/** Whether an expression holds JSX anywhere (`<b>x</b>`, `items.map((i) => <li>{i}</li>)`). */
function holdsJsx(node: unknown, depth = 0): boolean {
  if (!node || typeof node !== "object" || depth > 500) return false;
  if (Array.isArray(node)) return node.some((item) => holdsJsx(item, depth + 1));
  const record = node as Record<string, unknown>;
  if (record.type === "JSXElement" || record.type === "JSXFragment") return true;
  for (const [key, value] of Object.entries(record))
    if (key !== "loc" && key !== "range" && key !== "position" && holdsJsx(value, depth + 1))
      return true;
  return false;
}

/** What a literal renders as, as React renders it; undefined for an object, which it cannot. */
function literalText(value: PropValue): string | undefined {
  if (value === null || value === undefined || typeof value === "boolean") return "";
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (!Array.isArray(value)) return undefined;
  let text = "";
  for (const item of value) {
    const part = literalText(item);
    if (part === undefined) return undefined;
    text += part;
  }
  return text;
}

/**
 * A repository component's prop that computes its value (`rows={methods()}`): recorded on the
 * element for the sandbox, and written as a reference to its export with the scope it reads.
 */
function computedProp(
  node: JsxElement,
  position: Position | undefined,
  code: string,
  statement: Program["body"][number],
  frame: Frame,
): { [MODULE_EXPORT]: [string, string]; [COMPUTED_WITH]: Props } | undefined {
  const start = position?.start;
  if (!start) return undefined;
  const exportName = computedPropExportName(start.line, start.column);
  const scope = scopeOf(statement, frame.scope);
  node.data ??= {};
  const data = node.data as JsxNodeData;
  data.quireComputedProps = [
    ...(data.quireComputedProps ?? []),
    { file: frame.file, exportName, code, line: start.line, column: start.column, scope },
  ];
  return { [MODULE_EXPORT]: [frame.file, exportName], [COMPUTED_WITH]: scope };
}

/**
 * The literal values of the scope an expression names (a snippet's props, `export const`
 * literals), handed to it when it runs: its other names are its module's own.
 */
function scopeOf(statement: Program["body"][number], scope: ReadonlyMap<string, PropValue>): Props {
  const names = new Set<string>();
  const walk = (node: unknown, depth: number): void => {
    if (!node || typeof node !== "object" || depth > 500) return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown> & { type?: string; computed?: boolean };
    if (record.type === "Identifier" && typeof record.name === "string") names.add(record.name);
    for (const [key, value] of Object.entries(record)) {
      if (key === "loc" || key === "range" || key === "position") continue;
      // `a.b` and `{ b: 1 }` do not name `b`.
      if (key === "property" && record.type === "MemberExpression" && !record.computed) continue;
      if (key === "key" && record.type === "Property" && !record.computed) continue;
      walk(value, depth + 1);
    }
  };
  walk(statement, 0);
  const result: Props = {};
  for (const name of names) if (scope.has(name)) result[name] = scope.get(name);
  return result;
}

/** The warning for `{{name}}` with no such variable in docs.json. */
export function undefinedVariableMessage(name: string): string {
  return `{{${name}}} names no variable of docs.json "variables"; it is left as written`;
}

function truncate(text: string, length = 40): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
