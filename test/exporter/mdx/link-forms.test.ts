import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("every form of link goes through the same rewriting", () => {
  it("rewrites reference-style links and images like inline ones, relative to the page", async () => {
    const body = await renderPage(
      {
        "ja/guides/intro.mdx": [
          "See [the overrides][overrides], [Setup][] and ![diagram][figure].",
          "",
          "Inline: [the overrides](/ja/guides/overrides).",
          "",
          "[overrides]: /ja/guides/overrides",
          '[setup]: ./setup "Set it up"',
          "[figure]: /images/flow.png",
          "",
        ].join("\n"),
        "images/flow.png": "png",
      },
      "ja/guides/intro.mdx",
    );
    expect(body.html).toContain(
      '<a href="overrides.html">the overrides</a>, <a href="setup.html" title="Set it up">Setup</a>',
    );
    expect(body.html).toContain('<img src="../../images/flow.png" alt="diagram" loading="lazy">');
    expect(body.html).toContain('Inline: <a href="overrides.html">the overrides</a>.');
    expect(body.html).not.toContain('href="/ja');
    expect(body.assets).toEqual(["images/flow.png"]);
    expect(body.links.map((link) => link.target)).toEqual([
      "ja/guides/overrides",
      "ja/guides/setup",
      "ja/guides/overrides",
    ]);
  });

  it("leaves a reference without a definition as the text it was", async () => {
    const body = await renderPage({ "index.mdx": "See [nothing][missing] here.\n" });
    expect(body.html).toBe("<p>See [nothing][missing] here.</p>");
  });

  it("links a page whose name holds a dot to its page, and a file with an extension to the file", async () => {
    const body = await renderPage(
      {
        "releases/index.mdx":
          "[August](./notes/26.08), [absolute](/releases/notes/26.08#fixes), [the PDF](./notes/26.08.pdf), [missing](./notes/27.01)\n",
        "releases/notes/26.08.pdf": "%PDF",
      },
      "releases/index.mdx",
      { pages: ["releases/index", "releases/notes/26.08"] },
    );
    expect(body.html).toContain('<a href="notes/26.08.html">August</a>');
    expect(body.html).toContain('<a href="notes/26.08.html#fixes">absolute</a>');
    expect(body.html).toContain('<a href="notes/26.08.pdf">the PDF</a>');
    expect(body.assets).toEqual(["releases/notes/26.08.pdf"]);
    // No page by that name: a file it is taken for, and reported missing.
    expect(body.problems.map((problem) => problem.message)).toEqual([
      'file "./notes/27.01" referenced by the page was not found in the repository',
    ]);
  });

  it("reads a root path written with the site's base path in front as the path under it", async () => {
    // A Mintlify site served at example.com/docs answers /docs/images/a.png as /images/a.png.
    const body = await renderPage(
      {
        "guides/intro.mdx": [
          "![Orders](/docs/images/orders.png) and ![Refunds](/images/refunds.png)",
          "",
          "[Setup](/docs/guides/setup#install), [Guides](/docs/guides) and [Orders](/guides/orders)",
          "",
          "![Missing](/docs/images/missing.png) and [nowhere](/docs/nowhere)",
          "",
          // `guides` is a folder at the root: a path under it is not read as a base path.
          "![Nested](/guides/images/orders.png)",
          "",
        ].join("\n"),
        "images/orders.png": "png",
        "images/refunds.png": "png",
      },
      "guides/intro.mdx",
      { pages: ["guides/intro", "guides/setup", "guides/index", "guides/orders"] },
    );
    expect(body.html).toContain('<img src="../images/orders.png" alt="Orders" loading="lazy">');
    expect(body.html).toContain('<img src="../images/refunds.png" alt="Refunds" loading="lazy">');
    expect(body.html).toContain('<a href="setup.html#install">Setup</a>');
    expect(body.html).toContain('<a href="index.html">Guides</a>');
    expect(body.html).toContain('<a href="orders.html">Orders</a>');
    expect(body.assets.sort()).toEqual(["images/orders.png", "images/refunds.png"]);
    expect(body.problems.map((problem) => problem.message)).toEqual([
      'file "/docs/images/missing.png" referenced by the page was not found in the repository',
      'file "/guides/images/orders.png" referenced by the page was not found in the repository',
    ]);
    expect(body.links.map((link) => link.target)).toContain("docs/nowhere");
  });

  it("reads HTML links in a Markdown page whole, with their content and a rewritten address", async () => {
    const body = await renderPage(
      {
        "docs/page.md": [
          'Write to <a href="mailto:help@example.com">help@example.com</a> or read <a href="/guides/start" title="Start">the *guide*</a>.',
          "",
          '<a href="javascript:alert(1)">bad</a> and <b>bold [link](/x)</b>',
          "",
          "<details>",
          "<summary>More</summary>",
          "",
          "Hidden **text** with [a link](/y).",
          "",
          "</details>",
          "",
        ].join("\n"),
      },
      "docs/page.md",
    );
    expect(body.html).toContain(
      '<p>Write to <a href="mailto:help@example.com">help@example.com</a> or read <a href="../guides/start.html" title="Start">the <em>guide</em></a>.</p>',
    );
    expect(body.html).toContain('<p><a>bad</a> and <b>bold <a href="../x.html">link</a></b></p>');
    expect(body.html).toContain(
      '<details>\n<summary>More</summary><p>Hidden <strong>text</strong> with <a href="../y.html">a link</a>.</p></details>',
    );
    expect(body.links.map((link) => link.target).sort()).toEqual(["guides/start", "x", "y"]);
    expect(body.problems).toEqual([
      expect.objectContaining({ rule: "unsafe-url", file: "docs/page.md", line: 3 }),
    ]);
  });

  it("rewrites links that components and HTML elements carry in their props", async () => {
    const body = await renderPage(
      {
        "guides/a.mdx":
          '<Card title="B" href="/guides/b" />\n\n<Tile href="../c" title="C" />\n\n<a href="/d">D</a>\n',
      },
      "guides/a.mdx",
    );
    expect(body.html).toContain('href="b.html"');
    expect(body.html).toContain('href="../c.html"');
    expect(body.html).toContain('<a href="../d.html">D</a>');
  });
});
