import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("cards and columns", () => {
  it("links a card relatively from a nested page and shows icon, title, text and call to action", async () => {
    const body = await renderPage(
      {
        "guides/a.mdx":
          '<Card title="Start" icon="rocket" href="/quickstart" cta="Go">Begin here.</Card>\n',
      },
      "guides/a.mdx",
    );
    expect(body.html).toMatch(/<a class="card card-link" href="\.\.\/quickstart\.html">/);
    expect(body.html).toContain('<p class="card-title">Start</p>');
    expect(body.html).toContain("Begin here.");
    expect(body.html).toContain('<span class="card-cta">Go →</span>');
    expect(body.html).toContain("icon-rocket");
    expect(body.links.map((link) => link.target)).toEqual(["quickstart"]);
  });

  it("marks external cards with an arrow and opens them safely", async () => {
    const body = await renderPage({
      "index.mdx": '<Card title="GitHub" href="https://github.com/x">Code</Card>\n',
    });
    expect(body.html).toContain('target="_blank" rel="noopener"');
    expect(body.html).toContain('class="card-arrow"');
  });

  it("shows a card image copied into the bundle, and horizontal cards", async () => {
    const body = await renderPage({
      "index.mdx": '<Card title="Pic" img="/images/a.png" horizontal>x</Card>\n',
      "images/a.png": "png",
    });
    expect(body.html).toContain('class="card card-horizontal"');
    expect(body.html).toContain(
      '<img class="card-image" src="images/a.png" alt="Pic" loading="lazy">',
    );
    expect(body.assets).toEqual(["images/a.png"]);
  });

  it("lays out <CardGroup> and <Columns> with the requested number of columns", async () => {
    const body = await renderPage({
      "index.mdx":
        '<CardGroup cols={3}><Card title="A">a</Card></CardGroup>\n\n<Columns cols={2}><Column>left</Column></Columns>\n',
    });
    expect(body.html).toContain('class="card-group cols-3"');
    expect(body.html).toContain('class="card-group cols-2"');
    expect(body.html).toContain('<div class="column">left</div>');
  });
});
