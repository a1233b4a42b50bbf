import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("images and their zoom", () => {
  it("marks an <img noZoom> so the page opens no larger view of it, and leaves other images zoomable", async () => {
    const body = await renderPage(
      {
        "index.mdx":
          '<img src="/a.png" alt="fixed" noZoom />\n\n<img src="/a.png" alt="free" />\n\n<img src="/a.png" alt="explicit" noZoom={false} />\n',
        "a.png": "png",
      },
      "index.mdx",
    );
    expect(body.html).toContain('<img src="a.png" alt="fixed" data-no-zoom="">');
    expect(body.html).toContain('<img src="a.png" alt="free">');
    expect(body.html).toContain('<img src="a.png" alt="explicit">');
    expect(body.html).not.toMatch(/nozoom=/i);
  });
});

describe("diagram controls in the markup", () => {
  it("carries a mermaid fence's actions and placement to the diagram, and drops a placement it does not know", async () => {
    const body = await renderPage(
      {
        "index.mdx":
          '```mermaid placement="top-left" actions={true}\nflowchart LR\n  A --> B\n```\n\n```mermaid actions={false} placement="middle"\nflowchart LR\n  C --> D\n```\n',
      },
      "index.mdx",
    );
    expect(body.html).toContain(
      '<pre class="mermaid" data-actions="true" data-placement="top-left">',
    );
    expect(body.html).toContain('<pre class="mermaid" data-actions="false">');
  });
});
