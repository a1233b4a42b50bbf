import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import {
  findCycles,
  type ImportGraph,
  importSpecifiers,
  readImportGraph,
} from "../helpers/import-graph.ts";

const run = promisify(execFile);
const REPOSITORY = path.resolve(import.meta.dirname, "../..");
const EXPORTER = "src/exporter/";
const FRONT_DOOR = "src/exporter/index.ts";

/** `import("…")` with a literal specifier: how modules load heavy code late. */
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

function typeScriptFiles(folder: string): string[] {
  return readdirSync(path.join(REPOSITORY, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => `${folder}/${name.split(path.sep).join("/")}`);
}

/** Every module a file imports, statically or with `import()`, as repository paths. */
function importedFiles(file: string): string[] {
  const source = readFileSync(path.join(REPOSITORY, file), "utf8");
  const specifiers = [
    ...importSpecifiers(source),
    ...[...source.matchAll(DYNAMIC_IMPORT)].map((match) => match[1] as string),
  ];
  return specifiers
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => path.posix.join(path.posix.dirname(file), specifier));
}

/** `mdx/parse.ts` → `mdx`; a file right in src/exporter/ stands for itself (`problems.ts`). */
function exporterPart(file: string): string {
  return file.slice(EXPORTER.length).split("/")[0] as string;
}

/** The exporter's folders (and its top-level files), and the others each one imports. */
function exporterFolderGraph(files: ImportGraph): ImportGraph {
  const parts = new Map<string, Set<string>>();
  for (const [from, targets] of files) {
    if (!from.startsWith(EXPORTER)) continue;
    const home = exporterPart(from);
    const reached = parts.get(home) ?? new Set<string>();
    parts.set(home, reached);
    for (const to of targets)
      if (to.startsWith(EXPORTER) && exporterPart(to) !== home) reached.add(exporterPart(to));
  }
  return new Map([...parts].map(([part, reached]) => [part, [...reached].sort()]));
}

describe("the exporter's front door", () => {
  it("is the one file of src/exporter/ that the rest of src/ imports, statically or late", () => {
    const reachingIn = typeScriptFiles("src")
      .filter((file) => !file.startsWith(EXPORTER))
      .flatMap((file) =>
        importedFiles(file)
          .filter((target) => target.startsWith(EXPORTER) && target !== FRONT_DOOR)
          .map((target) => `${file} → ${target}`),
      );
    expect(reachingIn, "imports past src/exporter/index.ts: export what they need there").toEqual(
      [],
    );
  });

  it("loads no library and none of the rendering engine until an export or a check runs", async () => {
    // A real Node process records every module that importing the front door resolves.
    const recorder = [
      'import { registerHooks } from "node:module";',
      "const loaded = [];",
      "registerHooks({ resolve: (specifier, context, next) => {",
      "  const result = next(specifier, context);",
      "  loaded.push(result.url);",
      "  return result;",
      "} });",
      "await import(process.argv[1]);",
      "console.log(JSON.stringify(loaded));",
    ].join("\n");
    const { stdout } = await run(process.execPath, [
      "--input-type=module",
      "--eval",
      recorder,
      pathToFileURL(path.join(REPOSITORY, FRONT_DOOR)).href,
    ]);
    const loaded = (JSON.parse(stdout) as string[])
      .filter((url) => url.startsWith("file:"))
      .map((url) => path.relative(REPOSITORY, fileURLToPath(url)).split(path.sep).join("/"));
    expect(loaded).toContain(FRONT_DOOR);
    expect(loaded.filter((file) => file.includes("node_modules/"))).toEqual([]);
    // The settings, problems, repository listing, network rules and the URL rule only: no page
    // rendering, no engine entry.
    const engine = loaded.filter(
      (file) =>
        file.startsWith(EXPORTER) &&
        file.slice(EXPORTER.length).includes("/") &&
        !["site", "net"].includes(exporterPart(file)) &&
        file !== `${EXPORTER}safety/url-policy.ts`,
    );
    expect(engine).toEqual([]);
    expect(loaded).not.toContain("src/exporter/export-site.ts");
    expect(loaded).not.toContain("src/exporter/validate-site.ts");
  });
});

describe("the exporter's folders", () => {
  const graph = exporterFolderGraph(readImportGraph(REPOSITORY, ["src/exporter"]));

  it("are read with the imports between them", () => {
    expect(graph.get("render")).toContain("mdx");
    expect(graph.get("custom")).toContain("mdx");
  });

  it("import one another one way: no folder reaches back to one that imports it", () => {
    expect(
      findCycles(graph).map((loop) => loop.join(" → ")),
      "folders of src/exporter/ that import each other, directly or through others",
    ).toEqual([]);
  });

  it("keep repository components out of the MDX renderer: mdx/ imports nothing of custom/", () => {
    // custom/ implements mdx/custom-components.ts; render/ hands the implementation over.
    expect(graph.get("mdx")).not.toContain("custom");
  });
});
