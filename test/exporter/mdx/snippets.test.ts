import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("snippets and exported values", () => {
  it("inlines an imported snippet with its props substituted", async () => {
    const body = await renderPage({
      "index.mdx":
        "import Greeting from '/snippets/greeting.mdx';\n\n<Greeting name=\"Ada\" count={3} />\n",
      "snippets/greeting.mdx": "Hello, **{name}**! You have {count} jobs.\n",
    });
    expect(body.html).toBe("<p>Hello, <strong>Ada</strong>! You have 3 jobs.</p>");
    expect(body.dependencies).toEqual(["snippets/greeting.mdx"]);
  });

  it("substitutes `export const` literals and named imports of them", async () => {
    const body = await renderPage({
      "index.mdx":
        "import { product } from './snippets/vars.mdx';\nexport const version = `2.${1}`;\nexport const plan = { name: 'Pro' };\n\n{product} {version} {plan.name}\n",
      "snippets/vars.mdx": "export const product = 'Lumen';\n",
    });
    expect(body.html).toBe("<p>Lumen 2.1 Pro</p>");
  });

  it("inlines the legacy <Snippet file> form", async () => {
    const body = await renderPage({
      "index.mdx": '<Snippet file="note.mdx" />\n',
      "snippets/note.mdx": "Shared words.\n",
    });
    expect(body.html).toBe("<p>Shared words.</p>");
  });

  it("finds a <Snippet file> in _snippets/, where older Mintlify sites keep them, when snippets/ has none", async () => {
    const body = await renderPage({
      "index.mdx": '<Snippet file="redis/note.mdx" />\n\n<Snippet file="both.mdx" />\n',
      "_snippets/redis/note.mdx": "From the older folder.\n",
      "_snippets/both.mdx": "Older copy.\n",
      "snippets/both.mdx": "Newer copy.\n",
    });
    expect(body.problems).toEqual([]);
    expect(body.html).toBe("<p>From the older folder.</p>\n<p>Newer copy.</p>");
  });

  it("inlines snippets that import other snippets, and stops a snippet including itself", async () => {
    const body = await renderPage({
      "index.mdx": "import A from '/snippets/a.mdx';\n\n<A />\n",
      "snippets/a.mdx": "import B from '/snippets/b.mdx';\n\nA says\n\n<B />\n",
      "snippets/b.mdx": "import A from '/snippets/a.mdx';\n\nB says\n\n<A />\n",
    });
    expect(body.html).toContain("A says");
    expect(body.html).toContain("B says");
    expect(body.problems).toEqual([
      expect.objectContaining({ rule: "snippet-cycle", file: "snippets/b.mdx" }),
    ]);
  });

  it("reports a warning in a snippet against the snippet's own file and line", async () => {
    const body = await renderPage({
      "index.mdx": "import Part from '/snippets/part.mdx';\n\n<Part />\n",
      "snippets/part.mdx": "Line one\n\n<Mystery />\n",
    });
    expect(body.problems).toEqual([
      expect.objectContaining({ rule: "unknown-component", file: "snippets/part.mdx", line: 3 }),
    ]);
  });

  it("never evaluates expressions: a non-literal is left out with a warning", async () => {
    const body = await renderPage({
      "index.mdx":
        "export const x = require('fs').readFileSync('/etc/passwd');\n\nValue: {x} {process.env.HOME}\n",
    });
    expect(body.html).toMatch(/^<p>Value: +<\/p>$/);
    // `x` is code (it could still be a component, rendered in the sandbox); as text it is not evaluated.
    expect(body.problems.map((problem) => problem.rule)).toEqual([
      "mdx-expression",
      "mdx-expression",
    ]);
    expect(body.problems[0]?.message).toContain("{x}");
  });
});

describe("hostile snippets", () => {
  it("refuses a snippet path that leaves the repository", async () => {
    const body = await renderPage({
      "index.mdx": "import Secret from '../../etc/passwd';\n\n<Secret />\n",
    });
    expect(body.html).not.toContain("root:");
    expect(body.problems).toEqual([
      expect.objectContaining({
        rule: "snippet-path",
        message: expect.stringContaining("leaves the repository"),
      }),
    ]);
  });

  it("refuses a snippet that is a symbolic link out of the repository", async () => {
    const body = await renderPage({
      "index.mdx": "import Secret from '/snippets/link.mdx';\n\n<Secret />\n",
      "snippets/link.mdx": { symlinkTo: "/etc/passwd" },
    });
    expect(body.html).not.toContain("root:");
    expect(body.problems).toEqual([
      expect.objectContaining({
        rule: "snippet-path",
        message: expect.stringContaining("symbolic link leading outside"),
      }),
    ]);
  });

  it("never runs a .jsx snippet component in Quire's process: in the sandbox its require('fs') is refused, leaving a marked placeholder and a warning", async () => {
    const body = await renderPage({
      "index.mdx": "import { Chart } from '/snippets/chart.jsx';\n\n<Chart data={[1, 2]} />\n",
      "snippets/chart.jsx":
        "require('fs').writeFileSync('/tmp/quire-pwned', 'x');\nexport const Chart = () => <div>chart</div>;\n",
    });
    expect(body.html).toMatch(
      /^<div class="custom-component-error" data-component="Chart">Component Chart could not be rendered: .*module "fs" is not available/,
    );
    expect(body.problems).toEqual([expect.objectContaining({ rule: "custom-component", line: 3 })]);
    expect(existsSync("/tmp/quire-pwned")).toBe(false);
  });

  it("does not load packages named in imports", async () => {
    const body = await renderPage({ "index.mdx": "import fs from 'fs';\n\n<fs />\n" });
    expect(body.problems.map((problem) => problem.rule)).toContain("snippet-import");
  });
});
