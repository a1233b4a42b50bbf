import { describe, expect, it } from "vitest";
import { renameDeclarationSpecifiers } from "../../../tools/build/declarations.ts";
import { UnrewritableSpecifierError } from "../../../tools/build/specifiers.ts";
import { transpileModule } from "../../../tools/build/transpile.ts";

describe("transpileModule", () => {
  it("erases types only, keeping every value import as Node's type stripping does", async () => {
    const code = await transpileModule(
      [
        'import type { Options } from "./options.ts";',
        'import { type Shape, unusedHere } from "./shapes.ts";',
        'import "./registers-itself.ts";',
        "class Counter { count: number = 0; }",
        "export const read = (options: Options): Shape | undefined => undefined;",
        "export { Counter };",
      ].join("\n"),
      "example.ts",
    );
    expect(code).not.toContain("options.");
    expect(code).toContain('import { unusedHere } from "./shapes.js";');
    expect(code).toContain('import "./registers-itself.js";');
    expect(code).toMatch(/count = 0;/);
    expect(code).not.toMatch(/: number|: Options|Shape \|/);
  });

  it("renames relative .ts modules to .js wherever a module is named, and nothing else", async () => {
    const code = await transpileModule(
      [
        'import { a } from "../shared/a.ts";',
        'export { b } from "./b.ts";',
        'export * from "./c.ts";',
        'import { Worker } from "node:worker_threads";',
        'import esbuild from "esbuild";',
        "export const engine = () => import('./engine.ts');",
        'export const worker = () => new Worker(new URL("./worker.ts", import.meta.url));',
        'export const entry = ["client", "main.ts"].join("/");',
        "export const asset = (file: string) => new URL(`./assets/${file}`, import.meta.url);",
        "export const packaged = () => import('some-package/file.ts');",
        "void a; void esbuild;",
      ].join("\n"),
      "example.ts",
    );
    expect(code).toContain('from "../shared/a.js"');
    expect(code).toContain('from "./b.js"');
    expect(code).toContain('export * from "./c.js"');
    expect(code).toContain('from "node:worker_threads"');
    expect(code).toContain('import("./engine.js")');
    expect(code).toContain('new URL("./worker.js", import.meta.url)');
    // Strings that are no module specifier stay as written: the sources ship beside the build.
    expect(code).toContain('["client", "main.ts"]');
    expect(code).toContain("new URL(`./assets/${file}`, import.meta.url)");
    expect(code).toContain('import("some-package/file.ts")');
  });

  it("refuses a relative module named by a template, naming the file and line", async () => {
    const attempt = transpileModule(
      "const name = 'a';\nexport const load = () => import(`./plugins/${name}.ts`);\n",
      "src/loader.ts",
    );
    await expect(attempt).rejects.toThrow(UnrewritableSpecifierError);
    await expect(attempt).rejects.toThrow(
      /^src\/loader\.ts:2: a relative module named by a template/,
    );
    await expect(
      transpileModule(
        "export const w = (n: string) => new URL(`./workers/${n}.ts`, import.meta.url);\n",
        "src/pool.ts",
      ),
    ).rejects.toThrow(/^src\/pool\.ts:1:/);
  });
});

describe("renameDeclarationSpecifiers", () => {
  it("renames the relative .ts modules of a declaration file to .js", () => {
    const declarations = [
      'import type { ExportOptions } from "./export-options.ts";',
      'export { formatBytes } from "./site/repo-files.ts";',
      'export type { Problem } from "../problems.ts";',
      'export declare function load(): Promise<typeof import("./engine.ts")>;',
      'import type { Root } from "hast";',
      'export declare const file = "./not-a-module.ts";',
    ].join("\n");
    expect(renameDeclarationSpecifiers(declarations).split("\n")).toEqual([
      'import type { ExportOptions } from "./export-options.js";',
      'export { formatBytes } from "./site/repo-files.js";',
      'export type { Problem } from "../problems.js";',
      'export declare function load(): Promise<typeof import("./engine.js")>;',
      'import type { Root } from "hast";',
      'export declare const file = "./not-a-module.ts";',
    ]);
  });
});
