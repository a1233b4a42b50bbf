import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

const LIMIT_MESSAGE =
  "more than 100000 lines and inline elements (links, emphasis, JSX, expressions) in one file, the limit: split it";

describe("a page or snippet holds at most 100,000 lines and inline elements", () => {
  it("200,000 one-line paragraphs (600 KB) fail before the parse, at the line that passes it", async () => {
    const started = performance.now();
    const body = await renderPage({ "index.mdx": "a\n\n".repeat(200_000) });
    expect(body.problems).toEqual([
      {
        severity: "error",
        rule: "page-size-limit",
        file: "index.mdx",
        line: 2 * 100_000 + 1,
        column: 1,
        message: LIMIT_MESSAGE,
      },
    ]);
    // It took 17 s and 2 GB to parse.
    expect((performance.now() - started) / 1000).toBeLessThan(20);
  });

  it("inline elements count one by one: 150,000 images on one line", async () => {
    const body = await renderPage({ "index.mdx": `${"![](a.png) ".repeat(150_000)}\n` });
    expect(body.problems).toEqual([
      expect.objectContaining({ rule: "page-size-limit", line: 1, message: LIMIT_MESSAGE }),
    ]);
  });

  it("a snippet is held to it on its own, under its own name", async () => {
    const body = await renderPage({
      "index.mdx": "import Long from '/snippets/long.mdx';\n\n<Long />\n",
      "snippets/long.mdx": "- item\n".repeat(120_000),
    });
    expect(body.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        rule: "page-size-limit",
        file: "snippets/long.mdx",
        line: 100_001,
      }),
    ]);
  });

  it("a long page within it renders: 10,000 table rows with links", async () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, index) => `| [row ${index}](/r${index}) | *ok* |`,
    );
    const body = await renderPage({
      "index.mdx": `| Name | State |\n|---|---|\n${rows.join("\n")}\n`,
    });
    expect(body.problems.filter((problem) => problem.severity === "error")).toEqual([]);
    expect(body.html.match(/<tr>/g)).toHaveLength(10_001);
  });
});
