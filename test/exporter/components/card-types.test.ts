import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("typed cards", () => {
  it("themes a card like the callout of its type, with that callout's icon", async () => {
    const body = await renderPage({
      "index.mdx": '<Card title="Careful" type="warning">Backups first.</Card>\n',
    });
    expect(body.html).toContain('<div class="card card-typed card-type-warning">');
    expect(body.html).toMatch(
      /<span class="card-icon"><svg[^>]*class="icon icon-triangle-exclamation"/,
    );
  });

  it("keeps the card's own icon over the type's icon", async () => {
    const body = await renderPage({
      "index.mdx": '<Card title="Tip" type="tip" icon="rocket">x</Card>\n',
    });
    expect(body.html).toContain("icon-rocket");
    expect(body.html).not.toContain("icon-lightbulb");
  });

  it("ignores a type that is not a callout type", async () => {
    const body = await renderPage({ "index.mdx": '<Card title="Plain" type="fancy">x</Card>\n' });
    expect(body.html).toContain('<div class="card"><div class="card-content">');
  });
});
