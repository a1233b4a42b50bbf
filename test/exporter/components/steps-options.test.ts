import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("steps options", () => {
  it("gives every step the title size set on <Steps>, so their titles become linkable headings", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Steps titleSize="h2">\n<Step title="Install">a</Step>\n<Step title="Run">b</Step>\n</Steps>\n',
    });
    expect(body.html).toMatch(
      /<h2 class="step-title no-toc" id="install">Install<a class="heading-anchor" href="#install"/,
    );
    expect(body.html).toMatch(
      /<h2 class="step-title no-toc" id="run">Run<a class="heading-anchor"/,
    );
  });

  it("lets a step's own title size win over the one on <Steps>", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Steps titleSize="h2">\n<Step title="Install" titleSize="p">a</Step>\n<Step title="Run" titleSize="h3">b</Step>\n</Steps>\n',
    });
    expect(body.html).toContain('<p class="step-title" id="install">Install</p>');
    expect(body.html).toMatch(/<h3 class="step-title no-toc" id="run">Run/);
  });

  it("uses a step's custom id for its anchor, and leaves the anchor out with noAnchor", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Steps>\n<Step title="Install" titleSize="h3" id="setup">a</Step>\n<Step title="Run" titleSize="h3" noAnchor>b</Step>\n</Steps>\n',
    });
    expect(body.html).toContain(
      '<h3 class="step-title no-toc" id="setup">Install<a class="heading-anchor" href="#setup"',
    );
    expect(body.html).toContain('<h3 class="step-title no-toc no-anchor" id="run">Run</h3>');
  });
});
