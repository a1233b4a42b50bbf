import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("frames and icons", () => {
  it("frames an image with its caption and hint", async () => {
    const body = await renderPage({
      "index.mdx":
        '<Frame caption="The dashboard" hint="Click to zoom">\n  <img src="/a.png" alt="Dashboard" />\n</Frame>\n',
      "a.png": "png",
    });
    expect(body.html).toContain(
      '<figure class="frame"><p class="frame-hint">Click to zoom</p><div class="frame-content"><img src="a.png" alt="Dashboard"></div><figcaption>The dashboard</figcaption></figure>',
    );
  });

  it("inlines Lucide and Font Awesome icons with size and colour", async () => {
    const body = await renderPage({
      "index.mdx":
        'A <Icon icon="github" iconType="brands" size={20} color="#333" /> and <Icon icon="circle-check" />.\n',
    });
    expect(body.html).toMatch(
      /<span class="inline-icon"><svg[^>]*width="20" height="20"[^>]*class="icon icon-github"[^>]*style="color:#333"/,
    );
    expect(body.html).toContain("icon-circle-check");
  });

  it("warns about an icon in neither set", async () => {
    const body = await renderPage({ "index.mdx": 'Text <Icon icon="no-such-icon-anywhere" />\n' });
    expect(body.problems).toEqual([expect.objectContaining({ rule: "unknown-icon", line: 1 })]);
  });
});
