import { describe, expect, it } from "vitest";
import { ComponentCompiler, compileComponentSource } from "../../../src/exporter/custom/compile.ts";
import { RepoFiles } from "../../../src/exporter/site/repo-files.ts";
import { makeRepo } from "../../helpers/temp-repo.ts";

describe("compiling repository components", () => {
  it("turns JSX into calls of h and Fragment, without running anything", async () => {
    const compiled = await compileComponentSource(
      "snippets/a.jsx",
      "export const A = () => <><b>x</b></>;\n",
      "jsx",
    );
    expect(compiled.problems).toEqual([]);
    expect(compiled.code).toContain('h(Fragment, null, /* @__PURE__ */ h("b", null, "x"))');
  });

  it("compiles the same text in two files to the same code, which names neither", async () => {
    // Pages of two languages that define the same inline component share one compilation:
    // its code, and the hash of its island module, must not depend on which came first.
    const source = 'export const Hero = ({ title }) => <div className="hero">{title}</div>;\n';
    const french = await compileComponentSource("fr/index.mdx", source, "jsx");
    const chinese = await compileComponentSource("zh/index.mdx", source, "jsx");
    expect(french.code).toBe(chinese.code);
    expect(french.code).not.toMatch(/fr_|index_/);
  });

  it("strips TypeScript from .tsx files", async () => {
    const compiled = await compileComponentSource(
      "snippets/a.tsx",
      "type P = { n: number };\nexport const A = ({ n }: P) => <i>{n}</i>;\n",
      "tsx",
    );
    expect(compiled.problems).toEqual([]);
    expect(compiled.code).not.toContain(": P");
  });

  it("reads imports from the syntax tree: import-like text in strings and comments is not an import", async () => {
    const compiled = await compileComponentSource(
      "snippets/install.jsx",
      [
        "// import old from 'left-pad';",
        "export const Install = () => {",
        "  const code = `'use client';",
        "",
        "import Script from 'next/script';",
        "`;",
        "  return <pre>{code}</pre>;",
        "};",
        'import { Badge } from "./badge.jsx";',
        "",
      ].join("\n"),
      "jsx",
    );
    expect(compiled.problems).toEqual([]);
    expect(compiled.imports).toEqual([{ specifier: "./badge.jsx", line: 9 }]);
  });

  it("reports a syntax error as file:line:column under component-syntax", async () => {
    const compiled = await compileComponentSource(
      "snippets/broken.jsx",
      "export const A = () => {\n  const x = ;\n  return <div>{x}</div>;\n};\n",
      "jsx",
    );
    expect(compiled.code).toBeUndefined();
    expect(compiled.problems[0]).toMatchObject({
      severity: "error",
      rule: "component-syntax",
      file: "snippets/broken.jsx",
      line: 2,
      column: 13,
      message: expect.stringContaining("Unexpected"),
    });
  });

  it("reports npm packages, JSON files, files outside the repository and default exports as errors with their line", async () => {
    const repo = new RepoFiles(
      makeRepo({
        "snippets/list.jsx": [
          'import { useState } from "react";',
          'import { helper } from "./helper.js";',
          'import _ from "lodash";',
          'import data from "./data.json";',
          'import secret from "../../etc/passwd";',
          "export const List = () => <p>{helper()}</p>;",
          "export default List;",
          "",
        ].join("\n"),
        "snippets/helper.js": "export const helper = () => 'ok';\n",
        "snippets/data.json": "{}",
      }),
    );
    const closure = await new ComponentCompiler(repo).closure("snippets/list.jsx");
    const found = closure.problems.map(
      (problem) => `${problem.rule} ${problem.file}:${problem.line}`,
    );
    expect(found).toEqual(
      expect.arrayContaining([
        "component-import snippets/list.jsx:3",
        "component-import snippets/list.jsx:4",
        "component-import snippets/list.jsx:5",
        "component-export snippets/list.jsx:7",
      ]),
    );
    expect(closure.problems).toHaveLength(4);
    expect(closure.problems.every((problem) => problem.severity === "error")).toBe(true);
    expect(closure.modules.map((module) => module.id)).toEqual([
      "snippets/list.jsx",
      "snippets/helper.js",
    ]);
    expect(closure.modules[0]?.requires).toEqual({
      react: "react",
      "./helper.js": "snippets/helper.js",
    });
    expect(closure.dependencies).toEqual(["snippets/list.jsx", "snippets/helper.js"]);
  });

  it("names the right file when two files share the same broken source (compilations are shared by content)", async () => {
    const broken = "export const A = () => {\n  const x = ;\n};\n";
    const repo = new RepoFiles(makeRepo({ "snippets/a.jsx": broken, "snippets/b.jsx": broken }));
    const compiler = new ComponentCompiler(repo);
    const first = await compiler.closure("snippets/a.jsx");
    const second = await compiler.closure("snippets/b.jsx");
    expect(first.problems).toEqual([
      expect.objectContaining({ rule: "component-syntax", file: "snippets/a.jsx", line: 2 }),
    ]);
    expect(second.problems).toEqual([
      expect.objectContaining({ rule: "component-syntax", file: "snippets/b.jsx", line: 2 }),
    ]);
    expect(second.usable).toBe(false);
  });
});
