import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

function ids(html: string): string[] {
  return [...html.matchAll(/ id="([^"]*)"/g)].map((match) => match[1] as string);
}

describe("heading ids beside component ids", () => {
  it("never gives a heading the id an accordion of the same title already has", async () => {
    const body = await renderPage({
      "index.mdx": '## Billing\n\nText.\n\n<Accordion title="Billing">Paid monthly.</Accordion>\n',
    });
    const all = ids(body.html);
    expect(new Set(all).size).toBe(all.length);
    expect(body.html).toContain('<details class="accordion" id="billing">');
    expect(body.toc).toEqual([{ depth: 2, id: "billing-1", text: "Billing" }]);
    expect(body.html).toContain('<a class="heading-anchor" href="#billing-1"');
  });

  it("keeps a heading's own id even when the slug of its text is taken", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Steps>\n<Step title="Setup" titleSize="h2" id="setup">a</Step>\n</Steps>\n\n## Setup\n',
    });
    const all = ids(body.html);
    expect(new Set(all).size).toBe(all.length);
    expect(body.html).toContain('<h2 class="step-title no-toc" id="setup">');
  });

  it("answers to the other ids Mintlify's authors link a heading of punctuation words by", async () => {
    const body = await renderPage({
      "index.mdx":
        "## `swap` — on-chain\n\n## Install - macOS\n\n## A & B\n\n## Plain words\n\n## A B\n\n### `_meta`\n",
    });
    // The id stays GitHub's; the other forms are empty anchors in the heading.
    expect(body.toc.map((entry) => entry.id)).toEqual([
      "swap--on-chain",
      "install---macos",
      "a--b",
      "plain-words",
      "a-b",
      "_meta",
    ]);
    expect(body.html).toContain(
      '<h2 id="swap--on-chain"><span id="swap-on-chain" class="heading-alias"></span><code>swap</code>',
    );
    expect(body.html).toContain('<span id="install-macos" class="heading-alias"></span>Install');
    // An alias never takes an id a heading has: `## A B` keeps a-b, so `## A & B` gets none.
    expect(body.html).toContain('<h2 id="a--b">A &#x26; B');
    expect(body.html).toContain('<h2 id="plain-words">Plain words');
    expect(body.html).toContain('<h3 id="_meta"><span id="meta" class="heading-alias"></span>');
    const all = ids(body.html);
    expect(new Set(all).size).toBe(all.length);
  });

  it("answers to the id without the emoji, as authors link a heading that ends in one", async () => {
    const body = await renderPage({
      "index.mdx": "#### Langtrace Cloud ☁️\n\n#### Self-hosted 🏠\n\n#### Team 👩‍💻 setup\n",
    });
    // GitHub's ids keep what it does not drop of an emoji; the aliases are what authors type.
    expect(body.html).toContain('<span id="langtrace-cloud" class="heading-alias"></span>');
    expect(body.html).toContain('<span id="self-hosted" class="heading-alias"></span>');
    expect(body.html).toContain('<span id="team-setup" class="heading-alias"></span>');
    const all = ids(body.html);
    expect(new Set(all).size).toBe(all.length);
  });

  it("names a heading holding a component by the words written, not by what the component draws", async () => {
    const body = await renderPage({
      "index.mdx":
        'export const Since = ({ version }) => <span className="badge">Available since {version}</span>;\n\n## Order Routing <Since version="5.5" />\n\n## Plans <Badge>Beta</Badge>\n\n## Plain `code` heading\n',
    });
    expect(body.toc).toEqual([
      { depth: 2, id: "order-routing", text: "Order Routing" },
      { depth: 2, id: "plans-beta", text: "Plans Beta" },
      { depth: 2, id: "plain-code-heading", text: "Plain code heading" },
    ]);
    // The component still draws its badge; the words it was named by are not published.
    expect(body.html).toContain("Available since 5.5");
    expect(body.html).not.toContain("data-quire-heading-text");
  });
});
