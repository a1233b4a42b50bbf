import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * A static import or re-export at the start of a line: `import … from "x"`, `import type … from
 * "x"`, `export … from "x"` and `import "x"`. The clause between the keyword and `from` holds
 * no `;`, `=` or `(`, so declarations (`export const a = …`, `export function f(…`) never match.
 * Dynamic `import()` is left out on purpose: it is how a module loads heavy code late.
 */
const STATIC_IMPORT =
  /^(?:import|export)\b[^;=()]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gm;

/** Module specifiers of the static imports and re-exports in a TypeScript source. */
export function importSpecifiers(source: string): string[] {
  return [...source.matchAll(STATIC_IMPORT)].map((match) => (match[1] ?? match[2]) as string);
}

/** Files (repository-relative, forward slashes) and the files each imports. */
export type ImportGraph = Map<string, string[]>;

/** The graph of every `.ts` file under the folders, with their relative imports resolved. */
export function readImportGraph(repositoryRoot: string, folders: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const folder of folders) {
    for (const file of sourceFiles(path.join(repositoryRoot, folder))) {
      const from = toRelative(repositoryRoot, file);
      const targets: string[] = [];
      for (const specifier of importSpecifiers(readFileSync(file, "utf8"))) {
        if (!specifier.startsWith(".")) continue;
        const target = path.resolve(path.dirname(file), specifier);
        // A specifier that names no file is text that looks like an import (generated code).
        if (existsSync(target) && statSync(target).isFile())
          targets.push(toRelative(repositoryRoot, target));
      }
      graph.set(from, [...new Set(targets)]);
    }
  }
  return graph;
}

/**
 * One loop per group of files that reach each other (strongly connected components, Tarjan),
 * each written as the files in import order, back to the first.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    const selfImport = (graph.get(node) ?? []).includes(node);
    if (group.length > 1 || selfImport) groups.push(group);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) => shortestLoop(graph, new Set(group)));
}

/** The shortest loop through the first file (in name order) of a group, found breadth first. */
function shortestLoop(graph: ImportGraph, group: Set<string>): string[] {
  const start = [...group].sort()[0] as string;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let step = node; step !== start; step = cameFrom.get(step) as string)
          loop.splice(1, 0, step);
        return [...loop, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/**
 * Imports from one top-level folder into another's files other than its `index.ts`, for the
 * folders that have one (the folder's front door): `from → to` pairs.
 */
export function reachesPastIndex(graph: ImportGraph, sourceRoot: string): string[] {
  const prefix = `${sourceRoot}/`;
  const folderOf = (file: string) =>
    file.startsWith(prefix) && file.slice(prefix.length).includes("/")
      ? file.slice(prefix.length).split("/")[0]
      : undefined;
  const hasIndex = (folder: string) => graph.has(`${prefix}${folder}/index.ts`);
  const found: string[] = [];
  for (const [from, targets] of graph) {
    const home = folderOf(from);
    for (const to of targets) {
      const folder = folderOf(to);
      if (folder === undefined || folder === home || !hasIndex(folder)) continue;
      if (to !== `${prefix}${folder}/index.ts`) found.push(`${from} → ${to}`);
    }
  }
  return found.sort();
}

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) files.push(full);
  }
  return files;
}

function toRelative(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join("/");
}
