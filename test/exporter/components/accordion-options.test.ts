import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("accordion options", () => {
  it("uses an accordion's own id for anchor links", async () => {
    const body = await renderPage({
      "index.mdx": '<Accordion title="How do I pay?" id="payment">Card.</Accordion>\n',
    });
    expect(body.html).toContain('<details class="accordion" id="payment">');
  });

  it("gives accordions with the same title different ids", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Accordion title="More">a</Accordion>\n\n<Accordion title="More">b</Accordion>\n',
    });
    expect(body.html).toContain('id="more"');
    expect(body.html).toContain('id="more-2"');
  });

  it("renders Markdown and code inside an accordion", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Accordion title="Example">\nRun **this**:\n\n```bash\nlumen run\n```\n</Accordion>\n',
    });
    expect(body.html).toContain("<strong>this</strong>");
    expect(body.html).toMatch(
      /<div class="accordion-content">.*class="code-block".*lumen.*<\/details>$/s,
    );
  });

  it("opens an expandable on load with defaultOpen", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Expandable title="options" defaultOpen>\n<ParamField body="a" type="string">A.</ParamField>\n</Expandable>\n',
    });
    expect(body.html).toContain(
      '<details class="expandable" open><summary class="expandable-summary">Show options</summary>',
    );
  });
});
