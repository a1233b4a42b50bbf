import { describe, expect, it } from "vitest";
import type { Problem } from "../../../src/exporter/problems.ts";
import { renderPage } from "../../helpers/render-page.ts";

/** Renders `source` as index.mdx (or index.md) and says how long it took, in seconds. */
async function timedRender(files: Record<string, string>, file = "index.mdx") {
  const started = performance.now();
  const body = await renderPage(files, file);
  return { body, seconds: (performance.now() - started) / 1000 };
}

function nestingError(problems: Problem[]): Problem | undefined {
  return problems.find((problem) => problem.rule === "nesting-limit");
}

describe("a page nested deeper than 100 levels fails with the line where the limit is passed", () => {
  it("10,000 nested list items on one 20 KB line fail at once, at the 101st marker", async () => {
    const source = `---\ntitle: Deep\n---\n\n${"- ".repeat(10_000)}a\n`;
    expect(source.length).toBeLessThan(21_000);
    const { body, seconds } = await timedRender({ "index.mdx": source });
    expect(body.html).toBe("");
    expect(nestingError(body.problems)).toEqual({
      severity: "error",
      rule: "nesting-limit",
      file: "index.mdx",
      line: 5,
      column: 201,
      message: "lists nested deeper than 100 levels",
    });
    // A hang check, not a benchmark: parsing this text took over a minute.
    expect(seconds).toBeLessThan(20);
  });

  it("1,000 nested list items give the same problem, not a stack overflow", async () => {
    const { body } = await timedRender({ "index.mdx": `${"1. ".repeat(1000)}a\n` });
    expect(nestingError(body.problems)).toMatchObject({
      line: 1,
      column: 301,
      message: "lists nested deeper than 100 levels",
    });
  });

  it("lists nested by indentation, one level a line, fail on the line of the 101st", async () => {
    const lines = Array.from({ length: 1000 }, (_, level) => `${"  ".repeat(level)}- item`);
    const { body, seconds } = await timedRender({ "index.mdx": `${lines.join("\n")}\n` });
    expect(nestingError(body.problems)).toMatchObject({
      line: 101,
      message: "lists nested deeper than 100 levels",
    });
    expect(seconds).toBeLessThan(20);
  });

  it.each([
    ["block quotes", 1, 201, `${"> ".repeat(10_000)}a\n`],
    ["JSX elements", 101, 1, `${"<div>\n".repeat(10_000)}a\n${"</div>\n".repeat(10_000)}`],
    ["JSX elements", 1, 603, `x ${"<span>".repeat(10_000)}a${"</span>".repeat(10_000)}\n`],
    ["emphasis", 1, 1, `${"**".repeat(10_000)}a${"**".repeat(10_000)}\n`],
    ["emphasis", 1, 201, `${"*_".repeat(10_000)}a${"_*".repeat(10_000)}\n`],
    ["links and images", 1, 202, `${"![".repeat(10_000)}a${"](b)".repeat(10_000)}\n`],
    ["brackets in expressions", 1, 299, `{${"{a:".repeat(10_000)}1${"}".repeat(10_000)}}\n`],
    [
      "brackets in expressions",
      1,
      112,
      `<Card data={${"[".repeat(10_000)}${"]".repeat(10_000)}} />\n`,
    ],
    ["footnotes", 1, 601, `${"[^a]: ".repeat(10_000)}x\n`],
  ])("%s nested 10,000 deep fail at line %i, column %i, quickly", async (what, line, column, source) => {
    const { body, seconds } = await timedRender({ "index.mdx": source });
    expect(nestingError(body.problems)).toMatchObject({
      file: "index.mdx",
      line,
      column,
      message: `${what} nested deeper than 100 levels`,
    });
    expect(seconds).toBeLessThan(20);
  });

  it("raw HTML nested 10,000 deep in a Markdown page fails too", async () => {
    const source = `${"<div>".repeat(10_000)}a${"</div>".repeat(10_000)}\n`;
    const { body } = await timedRender({ "index.md": source }, "index.md");
    expect(nestingError(body.problems)).toMatchObject({
      file: "index.md",
      line: 1,
      column: 501,
      message: "HTML elements nested deeper than 100 levels",
    });
  });

  it("different constructs inside one another count together, named as they are", async () => {
    const mixed = await timedRender({ "index.mdx": `${"- > ".repeat(60)}deep\n` });
    expect(nestingError(mixed.body.problems)).toMatchObject({
      line: 1,
      column: 201,
      message: "lists and block quotes inside one another nested deeper than 100 levels",
    });
    const source = `${"<div>\n".repeat(60)}${"- ".repeat(60)}deep\n${"</div>\n".repeat(60)}`;
    const { body } = await timedRender({ "index.mdx": source });
    expect(nestingError(body.problems)).toMatchObject({
      line: 61,
      column: 81,
      message: "JSX elements and lists inside one another nested deeper than 100 levels",
    });
  });

  it("snippets inside one another's elements add up: the problem names the snippet and its line", async () => {
    // Each file nests 60 elements (fine alone); three of them inside one another do not.
    const wrap = (inner: string) => `${"<div>\n".repeat(60)}${inner}\n${"</div>\n".repeat(60)}`;
    const { body, seconds } = await timedRender({
      "index.mdx": `import A from '/snippets/a.mdx';\n\n${wrap("<A />")}`,
      "snippets/a.mdx": `import B from '/snippets/b.mdx';\n\n${wrap("<B />")}`,
      "snippets/b.mdx": wrap("leaf"),
    });
    expect(nestingError(body.problems)).toMatchObject({
      file: "snippets/a.mdx",
      line: 43,
      message: "JSX elements nested deeper than 100 levels",
    });
    expect(seconds).toBeLessThan(20);
  });

  it("a deeply nested snippet fails with the snippet's own file and line", async () => {
    const { body } = await timedRender({
      "index.mdx": "import Part from '/snippets/part.mdx';\n\n<Part />\n",
      "snippets/part.mdx": `Intro\n\n${"> ".repeat(500)}quote\n`,
    });
    expect(nestingError(body.problems)).toMatchObject({
      file: "snippets/part.mdx",
      line: 3,
      column: 201,
      message: "block quotes nested deeper than 100 levels",
    });
  });
});

describe("the check and the parser agree on where expressions and tags end", () => {
  it.each([
    ["an apostrophe in an element inside an expression", "{ok && <p>Don't</p>}\n\n"],
    [
      "a brace in a string, MDX's way of writing one",
      '{"{"} and {"}}"} and {`}`} and {/* } */ 1}\n\n',
    ],
    ["a comparison in an expression", "{a < b ? 1 : 2}\n\n"],
  ])("%s does not hide nesting after it", async (_name, before) => {
    const { body } = await timedRender({
      "index.mdx": `${before}${"**".repeat(10_000)}a${"**".repeat(10_000)}\n`,
    });
    expect(nestingError(body.problems)?.message).toBe("emphasis nested deeper than 100 levels");
  });

  it("a stray < in Markdown text does not hide nesting after it", async () => {
    const source = `if a <b then\n${"**".repeat(10_000)}a${"**".repeat(10_000)}\n`;
    const { body } = await timedRender({ "index.md": source }, "index.md");
    expect(nestingError(body.problems)?.message).toBe("emphasis nested deeper than 100 levels");
  });

  it("elements named in any script, and written inside expressions, count", async () => {
    const unicode = await timedRender({
      "index.mdx": `${"<Über>".repeat(1000)}a${"</Über>".repeat(1000)}\n`,
    });
    expect(nestingError(unicode.body.problems)?.message).toBe(
      "JSX elements nested deeper than 100 levels",
    );
    const inExpression = await timedRender({
      "index.mdx": `{${"<a>".repeat(1000)}x${"</a>".repeat(1000)}}\n`,
    });
    expect(nestingError(inExpression.body.problems)?.message).toBe(
      "JSX elements nested deeper than 100 levels",
    );
  });

  it("legitimate expressions, braces in strings included, render", async () => {
    const { body } = await timedRender({
      "index.mdx":
        'Write {"{{"}name{"}}"} to insert a value.\n\n<Card title={"a } b"} href="/x">{ok && <b>Don\'t</b>}</Card>\n',
    });
    expect(body.problems.filter((problem) => problem.severity === "error")).toEqual([]);
    expect(body.html).toContain("Write {{name}} to insert a value.");
  });
});

describe("a page's expressions are bounded by what MDX reads to parse them", () => {
  it("10,000 closing braces in one 20 KB expression fail before the parse (it took 9 s)", async () => {
    const { body, seconds } = await timedRender({
      "index.mdx": `Intro.\n\n{"${"}".repeat(10_000)}"}\n`,
    });
    expect(body.problems).toEqual([
      {
        severity: "error",
        rule: "expression-limit",
        file: "index.mdx",
        line: 3,
        column: 1,
        message:
          "expressions make MDX read more than 16.0 MB to parse this page (it reads an expression again at each closing brace in it; this one has 10001 in 9.8 KB)",
      },
    ]);
    expect(seconds).toBeLessThan(20);
  });

  it("the reading adds up over the page's expressions", async () => {
    const one = `{"${"}".repeat(3000)}"}`;
    const { body } = await timedRender({
      "index.mdx": `${Array.from({ length: 40 }, () => one).join("\n\n")}\n`,
    });
    expect(body.problems[0]).toMatchObject({
      rule: "expression-limit",
      message: expect.stringContaining("this one has 3001 in 2.9 KB"),
    });
  });
});

describe("pages that are deep enough, or only look deep, render as before", () => {
  it("100 levels of lists, elements and block quotes are within the limit", async () => {
    const { body } = await timedRender({
      "index.mdx": `${"- ".repeat(100)}a\n\n${"<div>".repeat(100)}b${"</div>".repeat(100)}\n\n${"> ".repeat(100)}c\n`,
    });
    expect(body.problems).toEqual([]);
    expect(body.html.match(/<ul>/g)).toHaveLength(100);
  });

  it("many openers that nothing closes are not nesting: globs, lone brackets, unclosed <p>", async () => {
    const globs = Array.from({ length: 300 }, (_, index) => `*.ext${index}`).join(" ");
    const brackets = "[".repeat(300);
    const { body } = await timedRender({
      "index.mdx": `Patterns: ${globs}\n\nBrackets: \\${brackets.split("").join("\\")}\n`,
    });
    expect(nestingError(body.problems)).toBeUndefined();
    const html = await timedRender(
      { "index.md": `${"<p>para ".repeat(300)}\n\n${"[".repeat(300)} and ${"*a ".repeat(300)}\n` },
      "index.md",
    );
    expect(nestingError(html.body.problems)).toBeUndefined();
  });

  it("deep nesting inside fenced code and frontmatter is text, not structure", async () => {
    const deepJson = `${"[".repeat(500)}${"]".repeat(500)}`;
    const { body } = await timedRender({
      "index.mdx": `---\ntitle: Code\ndata: "${"{".repeat(300)}"\n---\n\n<Tab title="x">\n    \`\`\`json\n    ${deepJson}\n    ${"- ".repeat(300)}\n    \`\`\`\n</Tab>\n\n\`\`\`html\n${"<div>".repeat(300)}${"</div>".repeat(300)}\n\`\`\`\n\nInline \`${"<b>".repeat(300)}${"</b>".repeat(300)}\` code.\n`,
    });
    expect(nestingError(body.problems)).toBeUndefined();
  });

  it("a prop's Markdown nested too deeply fails its page instead of the export", async () => {
    const { body } = await timedRender({
      "index.mdx": `<Frame caption="${"> ".repeat(300)}x">Body</Frame>\n`,
    });
    expect(body.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          severity: "error",
          rule: "nesting-limit",
          message: "Markdown in a prop: block quotes nested deeper than 100 levels",
        }),
      ]),
    );
  });
});
