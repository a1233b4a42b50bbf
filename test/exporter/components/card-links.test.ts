import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

/** The HTML as a browser's parser leaves it: nested links get split apart there. */
function asParsed(html: string): string {
  return toHtml(fromHtml(html, { fragment: true }));
}

describe("linked cards with links inside", () => {
  it("stays one card in the browser, with the title linking to the card's page and the inner link kept", async () => {
    const body = await renderPage({
      "index.mdx":
        '<CardGroup>\n<Card title="Guide" href="/guide">See [the API](/api) too.</Card>\n<Card title="Other" href="/other">x</Card>\n</CardGroup>\n',
    });
    expect(asParsed(body.html)).toBe(body.html);
    expect(body.html).toContain('<div class="card card-link card-stretched">');
    expect(body.html).toContain(
      '<p class="card-title"><a class="card-cover" href="guide.html">Guide</a></p>',
    );
    expect(body.html).toContain('<a href="api.html">the API</a>');
    expect(body.html).toContain('<a class="card card-link" href="other.html">');
    expect(body.links.map((link) => link.target).sort()).toEqual(["api", "guide", "other"]);
  });

  it("names the covering link by the call to action when the card has no title", async () => {
    const body = await renderPage({
      "index.mdx": '<Card href="https://example.com/x" cta="Read more">See [this](/a).</Card>\n',
    });
    expect(asParsed(body.html)).toBe(body.html);
    expect(body.html).toContain(
      '<a class="card-cover" href="https://example.com/x" target="_blank" rel="noopener" aria-label="Read more"></a>',
    );
  });
});
