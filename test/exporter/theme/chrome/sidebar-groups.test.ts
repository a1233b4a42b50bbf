import { describe, expect, it } from "vitest";
import { ENGLISH, type Messages, messagesFor } from "../../../../src/exporter/messages/index.ts";
import type { PageMeta } from "../../../../src/exporter/site/page-index.ts";
import { pageLinks } from "../../../../src/exporter/theme/chrome/links.ts";
import { sidebarHtml, sidebarOptions } from "../../../../src/exporter/theme/chrome/sidebar.ts";
import { escapeHtml } from "../../../../src/exporter/theme/html.ts";
import { renderPage } from "../../../../src/exporter/theme/layout.ts";
import type { SiteLayoutData } from "../../../../src/exporter/theme/layout-types.ts";
import { NavigationModel } from "../../../../src/exporter/theme/navigation-view.ts";
import { meta, siteOf } from "../layout-helpers.ts";

const PAGES = [
  "index",
  "guides/start",
  "guides/install",
  "reference/jobs",
  "reference/deep/runs",
].map((path) => meta(path, { title: `Title of ${path}` }));
const DOCS = {
  navigation: {
    groups: [
      { group: "Home", pages: ["index"] },
      { group: "Guides", pages: ["guides/start", "guides/install"] },
      { group: "Reference", pages: ["reference/jobs", "reference/deep/runs"] },
    ],
  },
};

function pageHtml(site: SiteLayoutData, model: NavigationModel, pagePath: string): string {
  return renderPage(
    site,
    {
      page: site.pages[pagePath] as PageMeta,
      body: {
        html: "<p>Body.</p>",
        toc: [],
        features: { math: false, mermaid: false },
        frontmatter: {},
      },
    },
    model.view(pagePath),
  );
}

/** The sidebar's links: text → href. */
function sidebarLinks(html: string): Record<string, string> {
  const sidebar = /<nav id="sidebar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
  return Object.fromEntries(
    [...sidebar.matchAll(/href="([^"]*)"[^>]*>(?:<[^>]*>)*<span>([^<]*)<\/span>/g)].map(
      ([, href, text]) => [text, href],
    ),
  );
}

describe("the sidebar of pages that share one navigation model", () => {
  for (const cleanUrls of [false, true]) {
    it(`links every page relative to the page showing it (${cleanUrls ? "clean" : "file"} URLs)`, () => {
      const site = siteOf(DOCS, PAGES, { cleanUrls });
      const shared = new NavigationModel(site.config.navigation, site.pages);
      // Pages of different folders, one after another, and back: each as a model of its own renders it.
      const order = [
        "guides/start",
        "reference/deep/runs",
        "index",
        "guides/install",
        "reference/jobs",
        "guides/start",
      ];
      for (const pagePath of order) {
        const alone = pageHtml(
          site,
          new NavigationModel(site.config.navigation, site.pages),
          pagePath,
        );
        expect(pageHtml(site, shared, pagePath)).toBe(alone);
      }
      const fromDeep = sidebarLinks(pageHtml(site, shared, "reference/deep/runs"));
      expect(fromDeep["Title of guides/start"]).toBe(
        cleanUrls ? "../../../guides/start/index.html" : "../../guides/start.html",
      );
      const fromRoot = sidebarLinks(pageHtml(site, shared, "index"));
      expect(fromRoot["Title of guides/start"]).toBe(
        cleanUrls ? "guides/start/index.html" : "guides/start.html",
      );
    });
  }

  it("shows an entry in the interface language of each page, one page after another", () => {
    const site = siteOf(
      {
        navigation: {
          groups: [{ group: "Guides", pages: ["guides/a", "guides/old", "guides/b"] }],
        },
      },
      [meta("guides/a"), meta("guides/old", { deprecated: true }), meta("guides/b")],
    );
    const model = new NavigationModel(site.config.navigation, site.pages);
    const deprecatedLabel = (pagePath: string, messages: Messages): string =>
      /<span class="nav-deprecated"[^>]*>([^<]*)</.exec(
        sidebarHtml(model.view(pagePath), pageLinks(site, pagePath), {
          ...sidebarOptions(site.config),
          messages,
        }),
      )?.[1] ?? "";
    const french = messagesFor("fr");
    expect(french.deprecated).not.toBe(ENGLISH.deprecated);
    // Two pages of one folder show the same entry of their group, each in its own language.
    expect(deprecatedLabel("guides/a", ENGLISH)).toBe(escapeHtml(ENGLISH.deprecated));
    expect(deprecatedLabel("guides/b", french)).toBe(escapeHtml(french.deprecated));
    expect(deprecatedLabel("guides/a", ENGLISH)).toBe(escapeHtml(ENGLISH.deprecated));
  });
});
