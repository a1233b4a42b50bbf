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
      '<li class="step"><span class="step-marker" aria-hidden="true"></span><div class="step-body"><p class="step-title" id="install">Install</p>Run it.</div>',
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

  it("gives each step an id from its title, so pages can link to a step as Mintlify's readers do", async () => {
    const body = await renderPage({
      "index.mdx":
        '## Install\n\n<Steps>\n<Step title="Install">a</Step>\n<Step title="Claim an API key!">b</Step>\n<Step title="Install">c</Step>\n<Step title="Run" id="go">d</Step>\n</Steps>\n',
    });
    // Unique on the page: the heading of the same words takes another slug.
    expect(body.html).toContain('<p class="step-title" id="install">Install</p>');
    expect(body.html).toContain('<p class="step-title" id="install-2">Install</p>');
    expect(body.html).toContain(
      '<p class="step-title" id="claim-an-api-key">Claim an API key!</p>',
    );
    expect(body.html).toContain('<p class="step-title" id="go">Run</p>');
    expect(body.html).toMatch(/<h2 id="install-3">Install/);
    expect(body.ids).toEqual(expect.arrayContaining(["install", "claim-an-api-key", "go"]));
  });
});
