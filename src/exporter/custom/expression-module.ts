/*
 * Computed MDX expressions (`{items.map((item) => <a href={item.href}>{item.name}</a>)}`) run
 * in the sandbox as small components of a module of their own: the file's `import`/`export`
 * code, so that they see every name the file defines, and one export per expression, which
 * takes the literal values of its scope (a snippet's props) and renders the expression as a
 * JSX child would, or returns it for a repository component's prop (`rows={methods()}`). Each
 * piece stays on its own lines of the file, so that a failure names the file's line.
 */

/** One expression of a file: where it is written, its code, and the scope names it reads. */
export interface ExpressionSource {
  exportName: string;
  /** The expression's code: the text between its braces. */
  code: string;
  /** The line and column of the file its opening brace is at. */
  line: number;
  column: number;
  scopeNames: readonly string[];
  /** A prop's value (`rows={methods()}`): the export returns it, instead of rendering it. */
  value?: boolean;
}

/** What a file's name takes to name its expression module (the sandbox's prelude adds it too). */
export const EXPRESSION_MODULE_SUFFIX = "#expressions";

/** The id of a file's expression module (beside the file's own, which components use). */
export function expressionModuleId(file: string): string {
  return `${file}${EXPRESSION_MODULE_SUFFIX}`;
}

/** Whether a module id names an expression module. */
export function isExpressionModule(id: string): boolean {
  return id.endsWith(EXPRESSION_MODULE_SUFFIX);
}

/** The file an expression module belongs to; also in a place such as `index.mdx#expressions:14`. */
export function fileOfExpressionModule(id: string): string {
  return id.replace(/#expressions(?=:\d+$|$)/, "");
}

/** Names the wrapper itself uses: a scope value may not take their place. */
const RESERVED = new Set(["h", "Fragment", "React", "__quireScope"]);

/**
 * The module source: the file's ESM (already on the file's own lines) with each expression's
 * export written on the expression's lines.
 */
export function expressionModuleSource(
  esm: string,
  expressions: readonly ExpressionSource[],
): string {
  const lines = esm === "" ? [] : esm.split("\n");
  const ordered = [...expressions].sort((a, b) => a.line - b.line || a.column - b.column);
  for (const expression of ordered) {
    const names = expression.scopeNames.filter(
      (name) => !RESERVED.has(name) && /^[A-Za-z_$][\w$]*$/.test(name),
    );
    const scope = names.length > 0 ? `const { ${names.join(", ")} } = __quireScope; ` : "";
    // A line comment at its end would swallow the closing brace: then the brace goes below.
    const end = /\/\/[^\n]*$/.test(expression.code) ? "\n" : "";
    const result = expression.value
      ? `(${expression.code}${end})`
      : `<>{${expression.code}${end}}</>`;
    const code = `export const ${expression.exportName} = (__quireScope) => { ${scope}return ${result}; };`;
    code.split("\n").forEach((part, index) => {
      const at = expression.line - 1 + index;
      while (lines.length <= at) lines.push("");
      // Inline expressions can share a line: they follow one another on it.
      lines[at] = lines[at] ? `${lines[at]} ${part}` : part;
    });
  }
  return lines.join("\n");
}
