import { describe, expect, it } from "vitest";
import { meta, render, siteOf } from "./layout-helpers.ts";

const PAGES = [
  meta("api/users", { title: "List users" }),
  meta("guides/setup", { title: "Setup" }),
];
const SITE = siteOf({ navigation: { pages: ["api/users", "guides/setup"] } }, PAGES);
const TOC = [{ depth: 2 as const, id: "install", text: "Install" }];
const EXAMPLES = '<div class="api-example-column" data-side-column="">curl x</div>';
const BAR = '<div class="api-endpoint" id="api-endpoint" data-page-lead="">GET /users</div>';

describe("the side column of examples and panels", () => {
  it("follows the page header and the endpoint bar, before the content, in the table of contents' place", () => {
    const html = render(SITE, "api/users", {
      html: "<h2 id='install'>Install</h2>",
      lead: BAR,
      aside: EXAMPLES,
      toc: TOC,
    });
    const header = html.indexOf('id="page-title"');
    const bar = html.indexOf(BAR);
    const aside = html.indexOf(
      '<aside id="content-side-layout" class="side-column" aria-label="Examples"><div class="side-column-inner">',
    );
    const content = html.indexOf('<div id="content" class="mdx-content prose">');
    expect(header).toBeGreaterThan(0);
    expect([header < bar, bar < aside, aside < content]).toEqual([true, true, true]);
    expect(html).toContain(`${EXAMPLES}</div></aside>`);
    expect(html).toContain('class="content-container with-side-column"');
    expect(html).not.toContain('class="toc-layout');
    expect(html).toMatch(/class="layout[^"]*no-toc/);
  });

  it("is absent, with the table of contents kept, on a page that has nothing for it", () => {
    const html = render(SITE, "guides/setup", { html: "<h2 id='install'>Install</h2>", toc: TOC });
    expect(html).not.toContain("side-column");
    expect(html).toContain('class="content-container"');
    expect(html).toContain("toc-layout");
  });

  it("stays in the one column of a custom-mode page, after its content", () => {
    const site = siteOf({ navigation: { pages: ["api/users"] } }, [
      meta("api/users", { title: "List users", mode: "custom" }),
    ]);
    const html = render(site, "api/users", { html: "<p>Body</p>", lead: BAR, aside: EXAMPLES });
    expect(html).toContain(`${BAR}<p>Body</p>${EXAMPLES}`);
    expect(html).not.toContain("content-side-layout");
  });
});
