import type { Program } from "estree";
import type { Root } from "mdast";
import type { PropValue } from "../components/types.ts";
import { evaluateLiteral, NotLiteralError } from "./literal.ts";

/** An imported name that renders another file (a snippet). */
export interface SnippetImport {
  /** The path as written in the import statement. */
  specifier: string;
  /** For a named import, the export name inside the snippet; `default` otherwise. */
  imported: string;
}

export interface ModuleScope {
  /** `export const name = <literal>` values, and named imports of such values. */
  variables: Map<string, PropValue>;
  /** Imported names usable as `<Name />`. */
  imports: Map<string, SnippetImport>;
  /**
   * Names the file exports as code (`export const X = () => ...`, `export function`, `memo(...)`,
   * any value that is not a literal): components when used as `<X />`, never run in Quire's process.
   */
  codeComponents: Set<string>;
  problems: { message: string; line?: number; column?: number }[];
}

/**
 * Reads a file's `import` and `export` statements from their syntax trees. Nothing is run:
 * exports must be literals, imports must name files.
 */
export function collectModuleScope(tree: Root): ModuleScope {
  const scope: ModuleScope = {
    variables: new Map(),
    imports: new Map(),
    codeComponents: new Set(),
    problems: [],
  };
  for (const node of tree.children) {
    if (node.type !== "mdxjsEsm") continue;
    const program = (node.data as { estree?: Program } | undefined)?.estree;
    if (!program) continue;
    const line = node.position?.start.line;
    for (const statement of program.body) {
      if (statement.type === "ImportDeclaration") {
        const specifier = String(statement.source.value);
        for (const item of statement.specifiers) {
          const imported =
            item.type === "ImportSpecifier"
              ? item.imported.type === "Identifier"
                ? item.imported.name
                : String(item.imported.value)
              : "default";
          scope.imports.set(item.local.name, { specifier, imported });
        }
      } else if (statement.type === "ExportNamedDeclaration" && statement.declaration) {
        const declaration = statement.declaration;
        if (
          (declaration.type === "FunctionDeclaration" || declaration.type === "ClassDeclaration") &&
          declaration.id
        ) {
          scope.codeComponents.add(declaration.id.name);
          continue;
        }
        if (declaration.type !== "VariableDeclaration") {
          scope.problems.push({
            message:
              "exported declarations are not run; only `export const name = <literal>` is supported",
            line,
          });
          continue;
        }
        for (const declarator of declaration.declarations) {
          if (declarator.id.type !== "Identifier" || !declarator.init) continue;
          if (
            declarator.init.type === "ArrowFunctionExpression" ||
            declarator.init.type === "FunctionExpression" ||
            declarator.init.type === "ClassExpression"
          ) {
            scope.codeComponents.add(declarator.id.name);
            continue;
          }
          try {
            scope.variables.set(
              declarator.id.name,
              evaluateLiteral(declarator.init, scope.variables),
            );
          } catch (error) {
            if (!(error instanceof NotLiteralError)) throw error;
            // Code (`memo(...)`, a computed value): a component when a page uses it as one, rendered
            // in the sandbox; anywhere else it is not evaluated, and that use is reported.
            scope.codeComponents.add(declarator.id.name);
          }
        }
      } else if (statement.type === "ExportDefaultDeclaration") {
        scope.problems.push({ message: "a default export is not run and is ignored", line });
      }
    }
  }
  return scope;
}
