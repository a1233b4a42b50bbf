import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { describe, expect, it } from "vitest";
import { countNestedLinks } from "../../helpers/nested-links.ts";
import { renderPage } from "../../helpers/render-page.ts";

/** The HTML as a browser's parser leaves it: a link inside a link is split apart there. */
function asParsed(html: string): string {
  return toHtml(fromHtml(html, { fragment: true }));
}

describe("no link inside a link", () => {
  it("gives headings inside a link no anchor link, and keeps anchors elsewhere", async () => {
    const body = await renderPage({
      "index.mdx": [
        '<a href="/quickstart" className="hero-card">',
        "  <h3>Quickstart</h3>",
        "  <span>Deploy in five minutes</span>",
        "</a>",
        "",
        "## Next steps",
        "",
      ].join("\n"),
    });
    expect(countNestedLinks(body.html)).toBe(0);
    expect(asParsed(body.html)).toBe(body.html);
    expect(body.html).toContain('<h3 id="quickstart">Quickstart</h3>');
    expect(body.html).toContain('<a class="heading-anchor" href="#next-steps"');
    expect(body.problems).toEqual([]);
  });

  it("gives headings a component renders inside its own link no anchor link", async () => {
    const body = await renderPage({
      "index.mdx": [
        "export const HeroCard = ({ title, href }) => (",
        '  <a className="group" href={href}><h3 className="mt-5">{title}</h3></a>',
        ");",
        "",
        '<HeroCard title="Quickstart" href="/quickstart" />',
        "",
      ].join("\n"),
    });
    expect(countNestedLinks(body.html)).toBe(0);
    expect(body.html).toContain(
      '<a class="group" href="quickstart.html"><h3 class="mt-5" id="quickstart">Quickstart</h3></a>',
    );
  });

  it("keeps e-mail addresses and URLs inside a link as text, without a warning", async () => {
    for (const [file, source] of [
      [
        "index.mdx",
        'Email <a href="mailto:support@example.com">support@example.com</a> or <a href="https://status.example.com">https://status.example.com</a>.\n',
      ],
      [
        "index.md",
        'Email <a href="mailto:support@example.com">support@example.com</a> or <a href="https://status.example.com">www.status.example.com</a>.\n',
      ],
    ] as const) {
      const body = await renderPage({ [file]: source }, file);
      expect(countNestedLinks(body.html)).toBe(0);
      expect(body.html).toContain('<a href="mailto:support@example.com">support@example.com</a>');
      expect(body.problems).toEqual([]);
    }
  });

  it("keeps a written link inside a link as text, with a warning at its line", async () => {
    const body = await renderPage({
      "index.mdx": 'Intro.\n\n<a href="/outer">Read [the inner page](/inner) first</a>\n',
    });
    expect(countNestedLinks(body.html)).toBe(0);
    expect(body.html).toContain('<a href="outer.html">Read the inner page first</a>');
    expect(body.problems).toEqual([
      expect.objectContaining({
        rule: "nested-link",
        file: "index.mdx",
        line: 3,
        severity: "warning",
      }),
    ]);
    expect(body.problems[0]?.message).toContain("the inner page");
  });

  it("unwraps a link a component renders inside its own link, keeping the text, with a warning", async () => {
    const body = await renderPage({
      "index.mdx": [
        "export const Promo = () => (",
        '  <a href="/pricing"><strong>Plans</strong> <span>see <a href="/faq">the FAQ</a></span></a>',
        ");",
        "",
        "Text.",
        "",
        "<Promo />",
        "",
      ].join("\n"),
    });
    expect(countNestedLinks(body.html)).toBe(0);
    expect(asParsed(body.html)).toBe(body.html);
    expect(body.html).toContain(
      '<a href="pricing.html"><strong>Plans</strong> <span>see the FAQ</span></a>',
    );
    expect(body.problems).toEqual([
      expect.objectContaining({ rule: "nested-link", file: "index.mdx", line: 7 }),
    ]);
  });

  it("keeps a linked tile whole when its preview holds links: then only its title links", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Tile href="/components" title="Components">See [accordions](/accordion).</Tile>\n\n<Tile href="/b" title="B">Plain</Tile>\n',
    });
    expect(countNestedLinks(body.html)).toBe(0);
    expect(body.html).toContain(
      '<div class="tile"><div class="tile-preview">See <a href="accordion.html">accordions</a>.</div><p class="tile-title"><a href="components.html">Components</a></p></div>',
    );
    expect(body.html).toContain('<a class="tile" href="b.html">');
  });
});
