import { describe, expect, it } from "vitest";
import type { Problem } from "../../../src/exporter/problems.ts";
import { renderPage } from "../../helpers/render-page.ts";

function componentWarnings(problems: Problem[]): Problem[] {
  return problems.filter((problem) => problem.rule === "custom-component");
}

describe("one instance of a repository component renders at most 1 MB", () => {
  it("an instance over it becomes the error box, with a warning naming the component, page and line", async () => {
    const body = await renderPage({
      "index.mdx": [
        'export const Big = () => <div>{"A".repeat(20 * 1024 * 1024)}</div>',
        "export const Small = () => <p>small and fine</p>",
        "",
        "Before.",
        "",
        "<Big />",
        "",
        "<Small />",
        "",
      ].join("\n"),
    });
    expect(componentWarnings(body.problems)).toEqual([
      {
        severity: "warning",
        rule: "custom-component",
        file: "index.mdx",
        line: 6,
        column: 1,
        message:
          'component <Big> on page "index" was not rendered: it rendered 20.0 MB of text and markup, more than the limit of 1.0 MB',
      },
    ]);
    expect(body.html).toContain('class="custom-component-error" data-component="Big"');
    expect(body.html).toContain("small and fine");
    expect(body.html.length).toBeLessThan(10_000);
  });

  // 300 copies of 4 KB, not 3,000 of 400 bytes: the render stays far inside the time limit on a busy machine.
  it("each copy of its children after the first counts: a component repeating them 300 times", async () => {
    const children = "Some words of the page, repeated by the component. ".repeat(80);
    const body = await renderPage({
      "index.mdx": `export const Echo = ({ children }) => <div>{Array.from({ length: 300 }, (_, i) => <span key={i}>{children}</span>)}</div>\n\n<Echo>\n${children}\n</Echo>\n`,
    });
    expect(componentWarnings(body.problems)).toEqual([
      expect.objectContaining({
        line: 3,
        message: expect.stringMatching(
          /^component <Echo> on page "index" was not rendered: it rendered [\d.]+ MB of text and markup, more than the limit of 1\.0 MB$/,
        ),
      }),
    ]);
    expect(body.html.length).toBeLessThan(20_000);
  });

  it("Mintlify's components it uses count as rendered: 2,000 icons from a few bytes each", async () => {
    const body = await renderPage({
      "index.mdx":
        'export const Stars = () => <div>{Array.from({ length: 2000 }, (_, i) => <Icon key={i} icon="star" />)}</div>\n\n<Stars />\n',
    });
    expect(componentWarnings(body.problems)).toEqual([
      expect.objectContaining({
        message: expect.stringContaining("more than the limit of 1.0 MB"),
      }),
    ]);
  });

  it("HTML it sets itself nested deeper than 100 levels is refused before it is parsed", async () => {
    const body = await renderPage({
      "index.mdx":
        'export const Deep = () => <div dangerouslySetInnerHTML={{ __html: "<div>".repeat(150000) }} />\n\n<Deep />\n',
    });
    expect(componentWarnings(body.problems)).toEqual([
      expect.objectContaining({
        line: 3,
        message:
          'component <Deep> on page "index" was not rendered: its HTML is nested deeper than 100 levels',
      }),
    ]);
  });
});

describe("a page renders at most 10 MB", () => {
  it("components adding up past it fail the page at the instance that passes it, and the rest are not run", async () => {
    const uses = Array.from({ length: 20 }, () => "<Chunk />").join("\n\n");
    const body = await renderPage({
      "index.mdx": `export const Chunk = () => <div>{"B".repeat(900000)}</div>\n\n${uses}\n`,
    });
    // The 12th passes 10 MB; the 8 after it are not run.
    expect(body.html.match(/Chunk could not be rendered: the page passed a limit/g)).toHaveLength(
      9,
    );
    expect(body.problems).toEqual([
      {
        severity: "error",
        rule: "page-size-limit",
        file: "index.mdx",
        line: 25,
        column: 1,
        message:
          'the components on page "index" render more than 10.0 MB in all (at <Chunk>), more than the limit of a page',
      },
    ]);
  });

  it("more than 2,000 component instances fail the page at the 2,001st", async () => {
    const uses = Array.from({ length: 2100 }, (_, index) => `<Tiny n={${index}} />`).join("\n\n");
    const body = await renderPage({
      "index.mdx": `export const Tiny = ({ n }) => <b>{n}</b>\n\n${uses}\n`,
    });
    expect(body.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        rule: "page-size-limit",
        line: 3 + 2 * 2000,
        message:
          'page "index" uses repository components more than 2000 times, the limit of a page',
      }),
    ]);
  });

  it("any content rendering past it fails the page with its file: here Mintlify's icons", async () => {
    // About 25 bytes of source become an inline SVG of several hundred.
    const icons = '<Icon icon="star" /> '.repeat(30_000);
    const body = await renderPage({ "index.mdx": `${icons}\n` });
    expect(body.html.length).toBe(0);
    expect(body.problems).toEqual([
      {
        severity: "error",
        rule: "page-size-limit",
        file: "index.mdx",
        message: expect.stringMatching(
          /^the page's rendered content is [\d.]+ MB, more than the limit of 10\.0 MB$/,
        ),
      },
    ]);
  });
});

describe("snippets a page inlines are bounded", () => {
  it("snippets that include the next one twice, twenty deep, stop at 1,000 inclusions", async () => {
    const files: Record<string, string> = {
      "index.mdx": "import S from '/snippets/s0.mdx';\n\n<S />\n",
    };
    for (let level = 0; level < 20; level++)
      files[`snippets/s${level}.mdx`] =
        level < 19
          ? `import S from '/snippets/s${level + 1}.mdx';\n\n<S />\n<S />\n`
          : "A line of text.\n";
    const started = performance.now();
    const body = await renderPage(files);
    expect(body.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        rule: "snippet-limit",
        message:
          "the page inlines more than 1000 snippets or 2 MB of snippet source (snippets that include others multiply)",
      }),
    ]);
    expect((performance.now() - started) / 1000).toBeLessThan(20);
  });
});
