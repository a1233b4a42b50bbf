import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("callouts", () => {
  for (const [name, kind] of [
    ["Note", "note"],
    ["Tip", "tip"],
    ["Info", "info"],
    ["Warning", "warning"],
    ["Danger", "danger"],
    ["Check", "check"],
  ] as const) {
    it(`renders <${name}> as a labelled ${kind} callout with its icon and Markdown content`, async () => {
      const body = await renderPage({ "index.mdx": `<${name}>Keep **this** in mind.</${name}>\n` });
      expect(body.html).toContain(`class="callout callout-${kind}" role="note"`);
      expect(body.html).toContain("<strong>this</strong>");
      expect(body.html).toMatch(/<span class="callout-icon"><svg[^>]*class="icon /);
    });
  }

  it("gives <Callout> its own icon and colour", async () => {
    const body = await renderPage({
      "index.mdx": '<Callout icon="key" color="#FFC107">Custom</Callout>\n',
    });
    expect(body.html).toContain('class="callout callout-custom"');
    expect(body.html).toContain('style="--callout-accent:#FFC107"');
    expect(body.html).toContain("icon-key");
  });

  it("refuses a colour that could inject CSS", async () => {
    const body = await renderPage({
      "index.mdx": '<Callout color="red;background:url(https://evil.example)">x</Callout>\n',
    });
    expect(body.html).not.toContain("evil.example");
  });
});
