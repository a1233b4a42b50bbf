import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("steps", () => {
  it("numbers steps in an ordered list with their titles", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Steps>\n<Step title="Install">Run it.</Step>\n<Step title="Configure" icon="settings">Edit it.</Step>\n</Steps>\n',
    });
    expect(body.html).toMatch(/^<ol class="steps">/);
    expect(body.html).toContain(
      '<li class="step"><span class="step-marker" aria-hidden="true"></span><div class="step-body"><p class="step-title">Install</p>Run it.</div>',
    );
    expect(body.html).toMatch(
      /<span class="step-marker" aria-hidden="true"><svg[^>]*icon-settings/,
    );
  });

  it("makes step titles real headings when a title size is given, and honours stepNumber", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Steps>\n<Step title="Deploy" titleSize="h3" stepNumber={4}>Ship.</Step>\n</Steps>\n',
    });
    expect(body.html).toContain('<li class="step" style="counter-set:step 4">');
    expect(body.html).toMatch(
      /<h3 class="step-title no-toc" id="deploy">Deploy<a class="heading-anchor"/,
    );
  });
});
