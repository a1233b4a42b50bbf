import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("accordions and expandables", () => {
  it("renders an accordion as a native details element that works without JavaScript", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Accordion title="Why?" description="Short answer" icon="circle-help" defaultOpen>Because.</Accordion>\n',
    });
    expect(body.html).toMatch(
      /^<details class="accordion" id="why" open><summary class="accordion-summary"><span class="accordion-icon"><svg/,
    );
    expect(body.html).toContain(
      '<span class="accordion-title">Why?</span><span class="accordion-description">Short answer</span>',
    );
    expect(body.html).toContain('<div class="accordion-content">Because.</div>');
  });

  it("groups accordions and keeps them closed unless asked", async () => {
    const body = await renderPage({
      "index.mdx":
        '<AccordionGroup>\n<Accordion title="One">1</Accordion>\n<Accordion title="Two">2</Accordion>\n</AccordionGroup>\n',
    });
    expect(body.html).toContain(
      '<div class="accordion-group"><details class="accordion" id="one"><summary',
    );
    expect(body.html).not.toContain(" open>");
  });

  it("nests expandable properties under a field", async () => {
    const body = await renderPage({
      "index.mdx":
        '<ResponseField name="user" type="object">\n<Expandable title="user fields">\n<ResponseField name="id" type="string">Id.</ResponseField>\n</Expandable>\n</ResponseField>\n',
    });
    expect(body.html).toContain(
      '<details class="expandable"><summary class="expandable-summary">Show user fields</summary>',
    );
    expect(body.html).toContain('id="param-id"');
  });
});
