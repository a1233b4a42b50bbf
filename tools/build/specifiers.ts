import { type Node, parse } from "acorn";

/**
 * Where a module names another module of its own package: the source of a static import or
 * re-export, of an `import()` with a string, and the first argument of
 * `new URL("./x.ts", import.meta.url)` (how a worker thread's module is named).
 */
interface Specifier {
  start: number;
  end: number;
  value: string;
}

/** A relative specifier written so that it cannot be rewritten (a template or a computed string). */
export class UnrewritableSpecifierError extends Error {}

const RELATIVE = /^\.\.?\//;

/**
 * The JavaScript with every relative `.ts` specifier renamed to `.js`, the file the build writes
 * beside it. Only module specifiers change: other strings ending in `.ts` are left as they are.
 * Throws when an `import()` or `new URL(…, import.meta.url)` names a relative module with a
 * template, which no rewriting can follow.
 */
export function rewriteTsSpecifiers(code: string, file: string): string {
  const tree = parse(code, { ecmaVersion: "latest", sourceType: "module", locations: true });
  const found: Specifier[] = [];
  visit(tree as unknown as AnyNode, (node) => {
    const source = specifierNode(node);
    if (!source) return;
    if (source.type === "Literal" && typeof source.value === "string") {
      found.push({ start: source.start, end: source.end, value: source.value });
      return;
    }
    // `new URL(`./assets/${file}`, import.meta.url)` names a data file the build copies as it
    // is; a template naming a module (`import()`, or a URL ending in `.ts`) cannot be followed.
    const namesModule = node.type === "ImportExpression" || lastQuasi(source).endsWith(".ts");
    if (source.type === "TemplateLiteral" && RELATIVE.test(firstQuasi(source)) && namesModule) {
      const line = source.loc?.start.line ?? 0;
      throw new UnrewritableSpecifierError(
        `${file}:${line}: a relative module named by a template cannot be renamed to .js for the build: name it with a string`,
      );
    }
  });
  let result = code;
  for (const specifier of found.sort((a, b) => b.start - a.start)) {
    if (!RELATIVE.test(specifier.value) || !specifier.value.endsWith(".ts")) continue;
    const renamed = `${specifier.value.slice(0, -".ts".length)}.js`;
    result = `${result.slice(0, specifier.start)}${JSON.stringify(renamed)}${result.slice(specifier.end)}`;
  }
  return result;
}

type AnyNode = Node & Record<string, unknown>;

/** The node naming a module, when `node` is an import, a re-export or `new URL(…, import.meta.url)`. */
function specifierNode(node: AnyNode): AnyNode | undefined {
  switch (node.type) {
    case "ImportDeclaration":
    case "ExportAllDeclaration":
    case "ExportNamedDeclaration":
    case "ImportExpression":
      return (node.source as AnyNode | null) ?? undefined;
    case "NewExpression": {
      const callee = node.callee as AnyNode;
      const [first, second] = node.arguments as AnyNode[];
      if (callee.type === "Identifier" && callee.name === "URL" && first && isImportMetaUrl(second))
        return first;
      return undefined;
    }
    default:
      return undefined;
  }
}

function isImportMetaUrl(node: AnyNode | undefined): boolean {
  if (node?.type !== "MemberExpression") return false;
  const object = node.object as AnyNode;
  const property = node.property as AnyNode;
  return (
    object.type === "MetaProperty" && property.type === "Identifier" && property.name === "url"
  );
}

type Quasi = { value: { cooked: string | null } };

function firstQuasi(template: AnyNode): string {
  return (template.quasis as Quasi[] | undefined)?.at(0)?.value.cooked ?? "";
}

function lastQuasi(template: AnyNode): string {
  return (template.quasis as Quasi[] | undefined)?.at(-1)?.value.cooked ?? "";
}

/** Calls `enter` on every node of the tree. */
function visit(node: AnyNode, enter: (node: AnyNode) => void): void {
  enter(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const child of value) if (isNode(child)) visit(child, enter);
    } else if (isNode(value)) {
      visit(value, enter);
    }
  }
}

function isNode(value: unknown): value is AnyNode {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}
