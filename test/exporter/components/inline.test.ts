import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("tooltips, badges and colours", () => {
  it("describes a tooltip's term for keyboard and screen readers", async () => {
    const body = await renderPage({
      "index.mdx":
        'A <Tooltip tip="Five fields" headline="Cron" cta="More" href="/cron">cron line</Tooltip>.\n',
    });
    expect(body.html).toContain(
      '<span class="tooltip-term" tabindex="0" aria-describedby="tooltip">cron line</span>',
    );
    expect(body.html).toContain(
      '<span class="tooltip-tip" role="tooltip" id="tooltip"><strong class="tooltip-headline">Cron</strong><span>Five fields</span><a class="tooltip-cta" href="cron.html">More</a></span>',
    );
  });

  it("styles badges by colour, size, shape and stroke", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Badge color="green" size="sm" shape="pill" stroke icon="check">Stable</Badge>\n',
    });
    expect(body.html).toMatch(
      /<span class="badge badge-green badge-sm badge-pill badge-stroke"><svg[^>]*class="icon icon-check"[^>]*>.*?<\/svg>Stable<\/span>/,
    );
  });

  it("shows colour swatches for light and dark values", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Color variant="compact">\n<Color.Item name="brand" value="#16A34A" />\n<Color.Item name="bg" value={{ light: "#fff", dark: "#000" }} />\n</Color>\n',
    });
    expect(body.html).toContain('<div class="color-palette color-compact">');
    expect(body.html).toContain('style="--swatch-light:#16A34A;--swatch-dark:#16A34A"');
    expect(body.html).toContain('<code class="color-value">#fff / #000</code>');
  });

  it("renders <Link href> as a link, rewritten and checked as a Markdown link is", async () => {
    // mem0's docs write it without importing it, in prose and in callouts.
    const body = await renderPage({
      "index.mdx": [
        'See the <Link href="/platform/quickstart#install">quickstart</Link> first.',
        "",
        '<Note>Or <Link href="https://example.com/a">the site</Link>.</Note>',
        "",
        'A <Link href="javascript:alert(1)">trap</Link> and a <Link>bare one</Link>.',
        "",
      ].join("\n"),
    });
    expect(body.html).toContain(
      '<p>See the <a href="platform/quickstart.html#install">quickstart</a> first.</p>',
    );
    expect(body.html).toContain('Or <a href="https://example.com/a">the site</a>.');
    expect(body.html).toContain("<p>A <a>trap</a> and a <a>bare one</a>.</p>");
    expect(body.problems.map((problem) => [problem.rule, problem.line])).toEqual([
      ["unsafe-url", 5],
      ["component", 5],
    ]);
  });

  it("renders what <MDX> wraps, and GitHub.Repo written Github.Repo", async () => {
    const body = await renderPage({
      "index.mdx":
        '<MDX>\n  ## Inside\n\n  Some **text**.\n</MDX>\n\n<Github.Repo repo="lumen-labs/lumen" />\n',
    });
    expect(body.problems).toEqual([]);
    expect(body.html).toContain("<strong>text</strong>");
    expect(body.html).toMatch(/<h2 id="inside">Inside/);
    expect(body.html).toContain('href="https://github.com/lumen-labs/lumen"');
  });
});
