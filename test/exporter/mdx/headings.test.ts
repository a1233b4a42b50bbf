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

  it("leaves no trace of a word that was only punctuation, as Mintlify's anchors are linked, and keeps letters of every script", async () => {
    const body = await renderPage({
      "index.mdx":
        "## `assertCondition` — on-chain guard\n\n## Step 1 - Install\n\n## Step 1 -- Install\n\n## 設定 — 概要\n\n## Café & crème\n\n## assertCondition: on-chain guard\n",
    });
    expect(body.toc.map((entry) => entry.id)).toEqual([
      "assertcondition-on-chain-guard",
      "step-1---install",
      "step-1----install",
      "設定-概要",
      "café-crème",
      "assertcondition-on-chain-guard-1",
    ]);
  });
});
