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
    expect(body.toc).toEqual([{ depth: 2, id: "billing-2", text: "Billing" }]);
    expect(body.html).toContain('<a class="heading-anchor" href="#billing-2"');
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
    // The id is Mintlify's; the other forms are empty anchors in the heading.
    expect(body.toc.map((entry) => entry.id)).toEqual([
      "swap-—-on-chain",
      "install-macos",
      "a-&-b",
      "plain-words",
      "a-b",
      "_meta",
    ]);
    expect(body.html).toContain(
      '<h2 id="swap-—-on-chain"><span id="swap--on-chain" class="heading-alias"></span><span id="swap-on-chain" class="heading-alias"></span><code>swap</code>',
    );
    expect(body.html).toContain('<span id="install---macos" class="heading-alias"></span>Install');
    // An alias never takes an id a heading has: `## A B` keeps a-b, so `## A & B` answers only to GitHub's a--b.
    expect(body.html).toContain(
      '<h2 id="a-&#x26;-b"><span id="a--b" class="heading-alias"></span>A &#x26; B',
    );
    expect(body.html).toContain('<h2 id="plain-words">Plain words');
    expect(body.html).toContain('<h3 id="_meta"><span id="meta" class="heading-alias"></span>');
    const all = ids(body.html);
    expect(new Set(all).size).toBe(all.length);
  });

  it("answers to the id without the emoji, as authors link a heading that ends in one", async () => {
    const body = await renderPage({
      "index.mdx": "#### Langtrace Cloud ☁️\n\n#### Self-hosted 🏠\n\n#### Team 👩‍💻 setup\n",
    });
    // Mintlify's and GitHub's ids keep a hyphen or an invisible part where an emoji was; the
    // aliases are what authors type.
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

  it("gives the ids Mintlify's docs list for punctuation, capitals, repeats and non-Latin words", async () => {
    const body = await renderPage({
      "index.mdx": [
        "## Getting started",
        "## Config.json options",
        "## What's new",
        "## Rate limits (per minute)",
        "## Read/write access",
        "## Fees & billing",
        "## OAuth",
        "## Overview",
        "## Overview",
        "## Option 2: Remote Server Deployment",
        "## Привет мир",
        "## Explicação",
        "",
      ].join("\n\n"),
    });
    expect(body.toc.map((entry) => entry.id)).toEqual([
      "getting-started",
      "config-json-options",
      "what’s-new",
      "rate-limits-per-minute",
      "read/write-access",
      "fees-&-billing",
      "oauth",
      "overview",
      "overview-2",
      "option-2-remote-server-deployment",
      "привет-мир",
      "explicação",
    ]);
    // Without its accents too, as authors type it.
    expect(ids(body.html)).toContain("explicacao");
    // GitHub's forms still answer, and so does the colon a link copied with `%3A` keeps.
    for (const alias of ["configjson-options", "whats-new", "readwrite-access", "fees--billing"])
      expect(ids(body.html)).toContain(alias);
    expect(ids(body.html)).toContain("overview-1");
    expect(ids(body.html)).toContain("option-2:-remote-server-deployment");
  });

  it("takes a heading's own id from {#id} at the end of its line, as Mintlify's syntax writes it", async () => {
    const body = await renderPage({
      "index.mdx": [
        "## My section {#my-custom-anchor}",
        "",
        "### Configuration options { #config }",
        "",
        "<Tabs>",
        '  <Tab title="Linux">',
        "    #### Inside a tab {#in-tab}",
        "  </Tab>",
        "</Tabs>",
        "",
        "## Odd id {#Fees & (billing)!}",
        "",
        "## Nothing left {#!!!}",
        "",
        "```md",
        "## In a code block {#kept}",
        "```",
        "",
        "![Missing](/missing.png)",
        "",
      ].join("\n"),
    });
    // Lines keep their numbers: the missing image is reported where it is.
    expect(body.problems.map((problem) => [problem.rule, problem.line])).toEqual([
      ["missing-file", 19],
    ]);
    expect(body.toc).toEqual([
      { depth: 2, id: "my-custom-anchor", text: "My section" },
      { depth: 3, id: "config", text: "Configuration options" },
      { depth: 4, id: "in-tab", text: "Inside a tab" },
      { depth: 2, id: "Fees-billing", text: "Odd id" },
      { depth: 2, id: "nothing-left", text: "Nothing left" },
    ]);
    // The id replaces the generated one: no alias for the heading's words.
    expect(body.html).toContain('<h2 id="my-custom-anchor">My section<a class="heading-anchor"');
    expect(body.html).toContain("## In a code block {#kept}");
  });

  it("reads {#id} in a Markdown page too, where a heading indented four spaces is code", async () => {
    const body = await renderPage(
      { "guide.md": "## Setup {#setup-id}\n\n    ## Code {#not-an-id}\n" },
      "guide.md",
    );
    expect(body.toc).toEqual([{ depth: 2, id: "setup-id", text: "Setup" }]);
    expect(body.html).toContain("## Code {#not-an-id}");
  });

  it("leaves the anchor link off a heading written <h2 noAnchor> or <Heading noAnchor>", async () => {
    const body = await renderPage({
      "index.mdx":
        '<h2 noAnchor>Plain heading</h2>\n\n<Heading level={3} noAnchor>Quiet</Heading>\n\n<Heading level={2} id="given">Linked</Heading>\n',
    });
    expect(body.problems).toEqual([]);
    expect(body.html).toContain('<h2 class="no-anchor" id="plain-heading">Plain heading</h2>');
    expect(body.html).toContain('<h3 class="no-anchor" id="quiet">Quiet</h3>');
    expect(body.html).toContain('<h2 id="given">Linked<a class="heading-anchor" href="#given"');
    expect(body.toc.map((entry) => entry.id)).toEqual(["plain-heading", "quiet", "given"]);
  });
});
