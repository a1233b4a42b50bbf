import { createHash } from "node:crypto";
import path from "node:path/posix";
import { parse as parseModule } from "acorn";
import { type Message, transform } from "esbuild";
import type { Root } from "mdast";
import { parseSource, SourceSyntaxError } from "../mdx/parse.ts";
import type { Problem } from "../problems.ts";
import type { Variables } from "../site/config/variables.ts";
import { RepoFileError, type RepoFiles } from "../site/repo-files.ts";
import { isExpressionModule } from "./expression-module.ts";
import { originalLine } from "./source-map.ts";

/** A component file compiled to a CommonJS-shaped function body, ready for the sandbox. */
export interface CompiledModule {
  /** The repository path of the file (the page itself for inline `export const` components). */
  id: string;
  code: string;
  /** Each `require` specifier the code may use, mapped to the id of the module it loads. */
  requires: Record<string, string>;
  /** The source map's `mappings`, to name the line of the file a failure happened on. */
  mappings?: string;
}

/** The modules a component needs, and what compiling them found. */
export interface ModuleClosure {
  modules: CompiledModule[];
  problems: Problem[];
  /** Repository files read, for the body cache. */
  dependencies: string[];
  /** False when the component's own file failed to compile: it cannot be rendered at all. */
  usable: boolean;
}

interface CompiledSource {
  code?: string;
  mappings?: string;
  /** Static imports found in the source, with their line. */
  imports: { specifier: string; line?: number }[];
  problems: Problem[];
}

const COMPONENT_FILE = /\.(jsx|tsx|js|ts)$/i;
/** The module an unresolvable import of an expression module gets: none, so an empty one. */
const UNRESOLVED = "quire:unresolved";
const RESOLVABLE_EXTENSIONS = [".jsx", ".tsx", ".js", ".ts", ".mdx"];
/** Compiled sources by file and content digest: pages of a thread share the snippets they import. */
const compiledCache = new Map<string, Promise<CompiledSource>>();
const COMPILED_CACHE_LIMIT = 2000;

/**
 * Compiles repository components for the sandbox: JSX becomes calls of `h`, TypeScript is
 * stripped, and `import`s become `require`s that only reach sibling files in the repository
 * (and `react`, which is the sandbox's own runtime). Nothing is run here.
 */
export class ComponentCompiler {
  private readonly repo: RepoFiles;
  private readonly variables: Variables | undefined;

  constructor(repo: RepoFiles, variables?: Variables) {
    this.repo = repo;
    this.variables = variables;
  }

  /**
   * The module holding a component and every module it imports. `sources` gives the code of
   * modules that are not read from their file: the page's own ESM (its inline `export const`
   * components), and the expression modules of its files.
   */
  async closure(file: string, sources?: ReadonlyMap<string, string>): Promise<ModuleClosure> {
    const result: ModuleClosure = { modules: [], problems: [], dependencies: [], usable: true };
    const seen = new Set<string>();
    const queue = [file];
    while (queue.length > 0) {
      const id = queue.shift() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      let source: string;
      let loader: "jsx" | "tsx";
      const given = sources?.get(id);
      if (given !== undefined) {
        source = given;
        loader = "jsx";
      } else {
        try {
          const text = this.repo.readText(id);
          result.dependencies.push(id);
          if (COMPONENT_FILE.test(id)) {
            source = text;
            loader = /\.tsx?$/i.test(id) ? "tsx" : "jsx";
          } else {
            source = mdxModuleSource(text, this.variables);
            loader = "jsx";
          }
        } catch (error) {
          if (!(error instanceof RepoFileError) && !(error instanceof SourceSyntaxError))
            throw error;
          // A snippet that cannot be read or parsed is reported by the page's own expansion.
          if (id === file) result.usable = false;
          continue;
        }
      }
      const compiled = await compileCached(id, source, loader);
      result.problems.push(...compiled.problems);
      if (compiled.code === undefined) {
        if (id === file) result.usable = false;
        continue;
      }
      const requires: Record<string, string> = {};
      for (const { specifier, line } of compiled.imports) {
        const target = this.resolveImport(specifier, id, line, result.problems);
        // An expression needs only some of its file's imports: one that cannot be loaded is
        // empty for it (and reported), so the expressions that do not use it still render.
        if (target === undefined && isExpressionModule(id)) requires[specifier] = UNRESOLVED;
        if (target === undefined) continue;
        requires[specifier] = target;
        if (target !== "react") queue.push(target);
      }
      result.modules.push({ id, code: compiled.code, requires, mappings: compiled.mappings });
    }
    return result;
  }

  private resolveImport(
    specifier: string,
    from: string,
    line: number | undefined,
    problems: Problem[],
  ): string | undefined {
    const fail = (message: string): undefined => {
      problems.push({ severity: "error", rule: "component-import", file: from, line, message });
      return undefined;
    };
    if (specifier === "react") return "react";
    if (!specifier.startsWith(".") && !specifier.startsWith("/")) {
      return fail(
        `import "${specifier}" is a package; components may import only files of the repository (no npm packages)`,
      );
    }
    if (/\.json$/i.test(specifier))
      return fail(`import "${specifier}" is JSON; components cannot import JSON files`);
    const joined = specifier.startsWith("/")
      ? path.normalize(specifier).replace(/^\/+/, "")
      : path.normalize(path.join(path.dirname(from), specifier));
    if (joined.startsWith("..") || path.isAbsolute(joined) || specifier.includes("\0")) {
      return fail(`import "${specifier}" leaves the repository and is refused`);
    }
    const relative = joined.replace(/^\.\//, "");
    if (this.repo.exists(relative) && path.extname(relative) !== "") return relative;
    for (const extension of RESOLVABLE_EXTENSIONS) {
      if (this.repo.exists(relative + extension)) return relative + extension;
    }
    return fail(`import "${specifier}" names no file in the repository`);
  }
}

/** Compiles one source; a syntax error becomes a `component-syntax` problem with its position. */
export async function compileComponentSource(
  file: string,
  source: string,
  loader: "jsx" | "tsx",
): Promise<CompiledSource> {
  const problems: Problem[] = [];
  const common = {
    loader,
    jsx: "transform",
    jsxFactory: "h",
    jsxFragment: "Fragment",
    // Not the file's name: esbuild names a module's export object after it (`zh_exports`), and
    // files of the same text share one compilation, so the code (and the hash of its island
    // module) would depend on which file the thread compiled first.
    sourcefile: `source.${loader}`,
    target: "es2022",
    sourcemap: "external",
    logLevel: "silent",
  } as const;
  let code: string;
  let map: string;
  let imports: SourceImport[];
  try {
    // The module as ES syntax first, only to read its imports from a syntax tree (text that
    // looks like an import inside a string is not one); then as the function body the sandbox runs.
    const esm = await transform(source, { ...common, format: "esm" });
    imports = importsOf(esm.code, esm.map);
    ({ code, map } = await transform(source, {
      ...common,
      format: "cjs",
      // `import()` becomes a `require` the sandbox refuses, so a component that tries it is reported.
      supported: { "dynamic-import": false },
    }));
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors;
    if (!messages) throw error;
    for (const message of messages.slice(0, 5)) {
      problems.push({
        severity: "error",
        rule: "component-syntax",
        file,
        line: message.location?.line,
        column: message.location ? message.location.column + 1 : undefined,
        message: `component syntax error: ${message.text}`,
      });
    }
    return { imports: [], problems };
  }
  const defaultExport = imports.find((item) => item.defaultExport);
  if (defaultExport && COMPONENT_FILE.test(file)) {
    problems.push({
      severity: "error",
      rule: "component-export",
      file,
      // esbuild moves `export default X;` into one export list at the end, without a position.
      line: defaultExport.line ?? lineMatching(source, /\bexport\s+default\b|\bas\s+default\b/),
      message:
        "a default export is not supported; export components by name (`export const Name = ...`)",
    });
  }
  const mappings = (JSON.parse(map) as { mappings?: string }).mappings;
  return {
    code,
    mappings,
    imports: imports.flatMap((item) =>
      item.specifier === undefined ? [] : [{ specifier: item.specifier, line: item.line }],
    ),
    problems,
  };
}

interface SourceImport {
  /** What an `import … from`, `import "…"` or `export … from` names; undefined for `export default`. */
  specifier?: string;
  defaultExport?: boolean;
  /** Its line in the original source. */
  line?: number;
}

/** The static imports and default export of a module, read from esbuild's ES output with acorn. */
function importsOf(code: string, map: string): SourceImport[] {
  const program = parseModule(code, {
    ecmaVersion: "latest",
    sourceType: "module",
    locations: true,
  });
  const mappings = (JSON.parse(map) as { mappings?: string }).mappings ?? "";
  const result: SourceImport[] = [];
  for (const statement of program.body) {
    const line = statement.loc
      ? originalLine(mappings, statement.loc.start.line, statement.loc.start.column)
      : undefined;
    if (
      statement.type === "ImportDeclaration" ||
      statement.type === "ExportAllDeclaration" ||
      (statement.type === "ExportNamedDeclaration" && statement.source)
    ) {
      result.push({ specifier: String(statement.source?.value), line });
    } else if (
      statement.type === "ExportDefaultDeclaration" ||
      (statement.type === "ExportNamedDeclaration" &&
        statement.specifiers.some((item) => exportedName(item.exported) === "default"))
    ) {
      result.push({ defaultExport: true, line });
    }
  }
  return result;
}

function lineMatching(source: string, pattern: RegExp): number | undefined {
  const match = pattern.exec(source);
  return match ? source.slice(0, match.index).split("\n").length : undefined;
}

function exportedName(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === "Identifier" ? String(node.name) : String(node.value);
}

async function compileCached(
  file: string,
  source: string,
  loader: "jsx" | "tsx",
): Promise<CompiledSource> {
  // Keyed by content alone: pages that define the same inline component share one compilation.
  const key = `${loader}\0${COMPONENT_FILE.test(file)}\0${createHash("sha256").update(source).digest("hex")}`;
  let compiled = compiledCache.get(key);
  if (!compiled) {
    if (compiledCache.size >= COMPILED_CACHE_LIMIT) compiledCache.clear();
    compiled = compileComponentSource(file, source, loader);
    compiledCache.set(key, compiled);
  }
  const result = await compiled;
  if (result.problems.every((problem) => problem.file === file)) return result;
  return { ...result, problems: result.problems.map((problem) => ({ ...problem, file })) };
}

/**
 * The ESM of an MDX file (its `import` and `export` blocks), each kept on its own lines so
 * positions inside it are positions in the file.
 */
export function mdxModuleSource(text: string, variables?: Variables): string {
  return esmOfTree(parseSource(text, "mdx", { variables }).tree);
}

export function esmOfTree(tree: Root): string {
  const lines: string[] = [];
  for (const node of tree.children) {
    if (node.type !== "mdxjsEsm") continue;
    const start = node.position?.start.line ?? lines.length + 1;
    while (lines.length < start - 1) lines.push("");
    lines.push(...node.value.split("\n"));
  }
  return lines.join("\n");
}
