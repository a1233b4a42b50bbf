import { describe, expect, it } from "vitest";
import { renderBody } from "../../../src/exporter/render/render-body.ts";
import { RepoFiles } from "../../../src/exporter/site/repo-files.ts";
import { renderPage } from "../../helpers/render-page.ts";
import { makeRepo } from "../../helpers/temp-repo.ts";

describe("rendering a page body", () => {
  it("renders GFM: tables, task lists, footnotes, strikethrough and autolinks", async () => {
    const body = await renderPage(
      {
        "index.md":
          "| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ www.example.com\n\nText[^1]\n\n[^1]: The note.\n",
      },
      "index.md",
    );
    expect(body.html).toContain("<table>");
    expect(body.html).toMatch(/<input type="checkbox" (checked disabled|disabled checked)>/);
    expect(body.html).toContain("<del>old</del>");
    expect(body.html).toContain('href="http://www.example.com"');
    expect(body.html).toContain("The note.");
    expect(body.problems).toEqual([]);
  });

  it("gives headings ids and anchors and lists h2–h4 in the table of contents", async () => {
    const body = await renderPage({
      "index.mdx": "# Title\n\n## First part\n\n### Detail here\n\n## First part\n",
    });
    expect(body.html).toContain('<h2 id="first-part">');
    // A repeated heading counts from 2, as Mintlify's do; GitHub's form of it still answers.
    expect(body.html).toContain(
      '<h2 id="first-part-2"><span id="first-part-1" class="heading-alias"></span>',
    );
    expect(body.html).toContain('href="#detail-here"');
    expect(body.toc.map((entry) => [entry.depth, entry.id])).toEqual([
      [2, "first-part"],
      [3, "detail-here"],
      [2, "first-part-2"],
    ]);
  });

  it("groups the page text under its headings for search", async () => {
    const body = await renderPage({
      "index.mdx": "Intro words.\n\n## Install\n\nRun the installer.\n",
    });
    expect(body.sections).toEqual([
      { anchor: "", heading: "", text: "Intro words." },
      { anchor: "install", heading: "Install", text: "Run the installer." },
    ]);
  });

  it("renders math at export time with KaTeX", async () => {
    const body = await renderPage({ "index.mdx": "Inline $a^2$ and\n\n$$\n\\frac{1}{2}\n$$\n" });
    expect(body.html).toContain('class="katex"');
    expect(body.html).toContain("katex-display");
    expect(body.features.math).toBe(true);
  });

  it("marks pages with a mermaid diagram so only they load mermaid", async () => {
    const body = await renderPage({ "index.mdx": "```mermaid\ngraph TD; A-->B\n```\n" });
    expect(body.html).toContain('<pre class="mermaid">graph TD; A-->B</pre>');
    expect(body.features.mermaid).toBe(true);
  });

  it("rewrites internal links to relative .html files and records them for the link check", async () => {
    const body = await renderPage(
      {
        "guides/intro.mdx":
          "[Home](/) [Other](/api/users#list) [Near](./next) [Out](https://example.com)",
      },
      "guides/intro.mdx",
    );
    expect(body.html).toContain('href="../index.html"');
    expect(body.html).toContain('href="../api/users.html#list"');
    expect(body.html).toContain('href="next.html"');
    expect(body.html).toContain('href="https://example.com"');
    expect(body.links.map((link) => link.target)).toEqual(["index", "api/users", "guides/next"]);
  });

  it("links a folder to its index page when no page has the folder's name", async () => {
    const body = await renderBody({
      file: "index.mdx",
      pagePath: "index",
      environment: {
        repo: new RepoFiles(makeRepo({ "index.mdx": "[Automations](/automations)" })),
        deployment: "cloud",
        pageExists: (path) => path === "automations/index",
        icon: () => undefined,
      },
    });
    expect(body.html).toContain('href="automations/index.html"');
    expect(body.links.map((link) => link.target)).toEqual(["automations/index"]);
  });

  it("copies referenced images and files and links them relatively", async () => {
    const body = await renderPage(
      {
        "guides/intro.mdx":
          "![Chart](/images/chart.png)\n\n![Local](pic.png)\n\n[Download](/files/data.csv)\n",
        "images/chart.png": "png",
        "guides/pic.png": "png",
        "files/data.csv": "a,b",
      },
      "guides/intro.mdx",
    );
    expect(body.html).toContain('src="../images/chart.png" alt="Chart"');
    expect(body.html).toContain('src="pic.png"');
    expect(body.html).toContain('href="../files/data.csv"');
    expect(body.assets.sort()).toEqual(["files/data.csv", "guides/pic.png", "images/chart.png"]);
  });

  it("warns about a missing image with its file and line", async () => {
    const body = await renderPage({ "index.mdx": "Text\n\n![Gone](/images/gone.png)\n" });
    expect(body.problems).toEqual([
      expect.objectContaining({
        severity: "warning",
        rule: "missing-file",
        file: "index.mdx",
        line: 3,
      }),
    ]);
  });

  it("lifts JSX written on one line out of a paragraph, as MDX does", async () => {
    const body = await renderPage({ "index.mdx": '<div className="box">Hello</div>\n' });
    expect(body.html).toBe('<div class="box">Hello</div>');
  });

  it("passes plain HTML tags through without event handlers or script URLs", async () => {
    const body = await renderPage({
      "index.mdx":
        '<div className="x" style={{fontSize: 12, marginTop: 0}} onClick={alert(1)}>Hi <a href="javascript:alert(1)">link</a></div>\n\n<script>{"alert(1)"}</script>\n',
    });
    expect(body.html).toContain('<div class="x" style="font-size:12px;margin-top:0">');
    expect(body.html).not.toMatch(/onclick|javascript:|<script/i);
    expect(body.problems.map((problem) => problem.rule)).toContain("unsafe-html");
  });

  it("sanitizes raw HTML in Markdown pages", async () => {
    const body = await renderPage(
      {
        "index.md":
          '<p onmouseover="x()">Hi</p>\n\n<script>alert(1)</script>\n\n<img src="javascript:x" alt="a">\n',
      },
      "index.md",
    );
    expect(body.html).toContain("<p>Hi</p>");
    expect(body.html).not.toMatch(/onmouseover|<script|javascript:/i);
  });

  it("renders an unknown component's children and warns with file and line", async () => {
    const body = await renderPage({
      "index.mdx": "Intro\n\n<Fancy level={3}>\n  Inside text\n</Fancy>\n",
    });
    expect(body.html).toContain("Inside text");
    expect(body.problems).toEqual([
      expect.objectContaining({
        rule: "unknown-component",
        file: "index.mdx",
        line: 3,
        message: expect.stringContaining("<Fancy>"),
      }),
    ]);
  });

  it("leaves external images out of an air-gapped export", async () => {
    const body = await renderPage(
      {
        "index.mdx":
          '![Logo](https://cdn.example.com/logo.png)\n\n<img src="https://cdn.example.com/x.png" />\n',
      },
      "index.mdx",
      { deployment: "air-gapped" },
    );
    expect(body.html).not.toContain("cdn.example.com");
    expect(body.problems.filter((problem) => problem.rule === "external-resource")).toHaveLength(2);
  });

  it("keeps the page's Markdown with snippets inlined for the .md file", async () => {
    const body = await renderPage({
      "index.mdx":
        "---\ntitle: T\n---\nimport Part from '/snippets/part.mdx';\n\n## Hello\n\n<Part />\n",
      "snippets/part.mdx": "Snippet **text**.\n",
    });
    expect(body.markdown).toBe("## Hello\n\nSnippet **text**.");
    expect(body.frontmatter).toEqual({ title: "T" });
  });
});

describe("invalid sources", () => {
  it("reports an MDX syntax error with its line and column", async () => {
    const body = await renderPage({ "index.mdx": "# Title\n\nSome text\n\n<Note>\n  unclosed\n" });
    expect(body.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        rule: "mdx-syntax",
        file: "index.mdx",
        line: expect.any(Number),
      }),
    ]);
    expect(body.problems[0]?.message).toMatch(/Note/);
  });

  it("reports invalid frontmatter with its line", async () => {
    const body = await renderPage({ "index.mdx": "---\ntitle: [unclosed\n---\n\nBody\n" });
    expect(body.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        rule: "mdx-syntax",
        line: expect.any(Number),
        message: expect.stringContaining("frontmatter"),
      }),
    ]);
  });

  it("reads frontmatter that Mintlify's YAML reader accepts though YAML 1.2 does not: a quoted value continued on an unindented line", async () => {
    const body = await renderPage({
      "index.mdx": '---\ntitle: "A long\ntitle"\ndescription: "One\nand two"\n---\n\nBody\n',
    });
    expect(body.problems).toEqual([]);
    expect(body.frontmatter).toEqual({ title: "A long title", description: "One and two" });
  });

  it("refuses a page that is not valid UTF-8", async () => {
    const body = await renderPage({ "index.mdx": new Uint8Array([0x23, 0x20, 0xff, 0xfe, 0x41]) });
    expect(body.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        file: "index.mdx",
        message: expect.stringContaining("not valid UTF-8"),
      }),
    ]);
  });

  it("refuses a page larger than the source limit without reading it whole", async () => {
    const body = await renderPage({ "index.mdx": "a".repeat(11 * 1024 * 1024) });
    expect(body.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        message: expect.stringContaining("over the 10.0 MB limit"),
      }),
    ]);
  });
});
