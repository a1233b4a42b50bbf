import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  findCycles,
  type ImportGraph,
  importSpecifiers,
  reachesPastIndex,
  readImportGraph,
} from "../helpers/import-graph.ts";

const REPOSITORY = path.resolve(import.meta.dirname, "../..");
const graph = readImportGraph(REPOSITORY, ["src", "client/src"]);

/**
 * Loops that were there when this test was written, in code another change owns. Each must go;
 * the test fails once one has, so that it leaves this list too.
 */
const KNOWN_FILE_LOOPS: string[] = [];
const KNOWN_FOLDER_LOOPS = [
  // The dashboard's pages import http/link-base.ts, and http/app.ts mounts the dashboard.
  "dashboard → http → dashboard",
];

/** `src/jobs/runner.ts` → `jobs`; `client/src/wait.ts` → `client`; a file right in `src/` → `src`. */
function folderOf(file: string): string {
  if (file.startsWith("client/")) return "client";
  const parts = file.split("/");
  return parts.length > 2 ? (parts[1] as string) : "src";
}

function folderGraph(files: ImportGraph): ImportGraph {
  const folders = new Map<string, Set<string>>();
  for (const [from, targets] of files) {
    const home = folderOf(from);
    const reached = folders.get(home) ?? new Set<string>();
    folders.set(home, reached);
    for (const to of targets) if (folderOf(to) !== home) reached.add(folderOf(to));
  }
  return new Map([...folders].map(([folder, reached]) => [folder, [...reached].sort()]));
}

/** Imports from files of `folder` into files outside the allowed folders. */
function importsLeaving(folder: string, allowed: string[]): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    if (folderOf(from) !== folder) continue;
    for (const to of targets)
      if (folderOf(to) !== folder && !allowed.includes(folderOf(to))) found.push(`${from} → ${to}`);
  }
  return found;
}

describe("the import graph of src/ and client/src/", () => {
  it("is read from the sources: every file, and the imports between them", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get("src/jobs/runner.ts")).toContain("src/jobs/handler.ts");
    expect(graph.get("client/src/index.ts")).toContain("client/src/wait.ts");
  });

  it("has no loop between files", () => {
    const loops = findCycles(graph).map((loop) => loop.join(" → "));
    expect(
      loops.filter((loop) => !KNOWN_FILE_LOOPS.includes(loop)),
      "files that import each other, directly or through others",
    ).toEqual([]);
    expect(
      KNOWN_FILE_LOOPS.filter((loop) => !loops.includes(loop)),
      "known loops that are gone: take them off KNOWN_FILE_LOOPS",
    ).toEqual([]);
  });

  it("has no loop between top-level folders", () => {
    const loops = findCycles(folderGraph(graph)).map((loop) => loop.join(" → "));
    expect(
      loops.filter((loop) => !KNOWN_FOLDER_LOOPS.includes(loop)),
      "folders that import each other, directly or through others",
    ).toEqual([]);
    expect(
      KNOWN_FOLDER_LOOPS.filter((loop) => !loops.includes(loop)),
      "known loops that are gone: take them off KNOWN_FOLDER_LOOPS",
    ).toEqual([]);
  });

  it("keeps domain/ free of imports from outside itself", () => {
    expect(importsLeaving("domain", [])).toEqual([]);
  });

  it("keeps files/ free of any other part of Quire, so that every folder may use it", () => {
    expect(importsLeaving("files", [])).toEqual([]);
  });

  it("lets the exporter import nothing outside src/exporter/ but src/files/ and src/git/", () => {
    expect(importsLeaving("exporter", ["files", "git"])).toEqual([]);
  });

  it("lists the imports that reach past another folder's index.ts (reported, not yet enforced)", () => {
    const reaching = reachesPastIndex(graph, "src");
    if (reaching.length > 0)
      console.log(
        `${reaching.length} imports reach past a folder's index.ts:\n${reaching.map((line) => `  ${line}`).join("\n")}`,
      );
  });
});

describe("the import reader", () => {
  it("finds static imports and re-exports, over several lines and type-only, and nothing else", () => {
    const source = [
      'import fs from "node:fs";',
      "import {",
      "  a,",
      "  type B,",
      '} from "./a.ts";',
      'import type { C } from "./c.ts";',
      'import "./side-effect.ts";',
      'export { d } from "./d.ts";',
      'export * from "./e.ts";',
      'export type { F } from "./f.ts";',
      'const lazy = await import("./lazy.ts");',
      '// import x from "./comment.ts";',
      " * import y from './doc-comment.ts';",
      'export const text = "taken from the library";',
      'export function g() { return from("./not-an-import.ts"); }',
    ].join("\n");
    expect(importSpecifiers(source)).toEqual([
      "node:fs",
      "./a.ts",
      "./c.ts",
      "./side-effect.ts",
      "./d.ts",
      "./e.ts",
      "./f.ts",
    ]);
  });

  it("names each loop as the files in import order, back to the first", () => {
    const loops = findCycles(
      new Map([
        ["a.ts", ["b.ts"]],
        ["b.ts", ["c.ts", "d.ts"]],
        ["c.ts", ["a.ts"]],
        ["d.ts", []],
        ["e.ts", ["e.ts"]],
      ]),
    );
    expect(loops).toEqual([
      ["a.ts", "b.ts", "c.ts", "a.ts"],
      ["e.ts", "e.ts"],
    ]);
  });
});
