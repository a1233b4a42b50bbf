import { describe, expect, it } from "vitest";
import { THEME_NAMES } from "../../../src/exporter/site/types.ts";
import { meta, render, siteOf } from "./layout-helpers.ts";

const PAGES = [
  meta("index", { title: "Home" }),
  meta("guides/setup", { title: "Setup", description: "Install it." }),
  meta("guides/old", { title: "Old way", deprecated: true }),
  meta("guides/landing", { title: "Landing", hideFooterPagination: true }),
  meta("api/users", { title: "Users" }),
  meta("api/teams", { title: "Teams" }),
  meta("sdk/node", { title: "Node", description: "The Node SDK." }),
  meta("sdk/index", { title: "SDKs" }),
  meta("sdk/python", { title: "Python", icon: "python" }),
];

const NAVIGATION = {
  tabs: [
    {
      tab: "Guides",
      anchors: [
        {
          anchor: "Status",
          href: "https://status.example.com",
          icon: "signal",
          color: { light: "#16A34A", dark: "#4ADE80" },
        },
      ],
      groups: [
        {
          group: "Start",
          pages: [
            "index",
            { group: "More", pages: ["guides/setup", "guides/old", "guides/landing"] },
          ],
        },
      ],
    },
    {
      tab: "Reference",
      menu: [
        {
          item: "REST API",
          icon: "code",
          description: "Every endpoint",
          groups: [{ group: "API", pages: ["api/users", "api/teams"] }],
        },
        {
          item: "SDKs",
          groups: [{ group: "SDKs", root: "sdk/index", pages: ["sdk/node", "sdk/python"] }],
        },
      ],
    },
  ],
};

const NAVBAR = {
  links: [{ label: "Blog", href: "https://blog.example.com" }],
  primary: { type: "button", label: "Sign up", href: "https://app.example.com" },
};

const site = (docs: Record<string, unknown> = {}, extra = {}) =>
  siteOf({ navigation: NAVIGATION, navbar: NAVBAR, ...docs }, PAGES, extra);

describe("the theme", () => {
  it("names the theme on <html>, where its stylesheet layer keys on it", () => {
    for (const theme of THEME_NAMES)
      expect(render(site({ theme }), "index")).toMatch(
        new RegExp(`<html [^>]*class="theme-${theme} `),
      );
  });

  it("carries every id and class Mintlify documents for the page around the content", () => {
    const html = render(site(), "guides/setup", { toc: [{ depth: 2, id: "a", text: "A" }] });
    for (const id of [
      "navbar",
      "search-bar-entry",
      "topbar-cta-button",
      "sidebar",
      "sidebar-content",
      "body-content",
      "content-area",
      "content-container",
      "header",
      "page-title",
      "content",
      "pagination",
      "footer",
      "table-of-contents",
      "table-of-contents-layout",
      "table-of-contents-content",
      "page-context-menu",
    ])
      expect(html, id).toContain(`id="${id}"`);
    for (const name of [
      "mdx-content",
      "eyebrow",
      "nav-logo",
      "navbar-link",
      "nav-tabs",
      "nav-tabs-item",
      "topbar-right-container",
      "sidebar-group",
      "sidebar-group-header",
      "toc",
      "toc-item",
      "footer",
      "pagination-prev",
      "pagination-next",
      "pagination-title",
      "nav-anchors",
      "nav-anchor",
    ])
      expect(html, name).toMatch(new RegExp(`class="(?:[^"]* )?${name}(?: [^"]*)?"`));
    expect(html).toContain('data-component-name="theme-toggle"');
    expect(html).toContain('data-current-path="/guides/setup"');
  });
});

describe("frontmatter on the page", () => {
  it("marks a deprecated page with a badge by its title, a notice over its content, and a label in the sidebar", () => {
    const html = render(site(), "guides/old");
    expect(html).toContain(
      '<h1 id="page-title" class="page-title">Old way <span class="deprecated-badge" data-badge data-color="orange">Deprecated</span></h1>',
    );
    expect(html).toMatch(
      /<div class="deprecated-notice callout callout-warning" role="note">[\s\S]*This page is deprecated/,
    );
    expect(html).toContain('<span class="nav-deprecated" title="Deprecated">Deprecated</span>');
    expect(render(site(), "guides/setup")).not.toContain("deprecated-notice");
  });

  it("drops previous and next from a page with hideFooterPagination", () => {
    expect(render(site(), "guides/setup")).toContain('id="pagination"');
    const html = render(site(), "guides/landing");
    expect(html).not.toContain('id="pagination"');
    expect(html).toContain('id="footer"');
  });
});

describe("docs.json settings in the page", () => {
  it("shows the page's section, or with eyebrows: breadcrumbs its whole path", () => {
    expect(render(site(), "guides/setup")).toContain('<p class="eyebrow">More</p>');
    expect(render(site({ styling: { eyebrows: "breadcrumbs" } }), "guides/setup")).toContain(
      '<nav class="eyebrow breadcrumbs" aria-label="Breadcrumb"><ol class="breadcrumb-list"><li class="breadcrumb-item">Guides</li><li class="breadcrumb-item">Start</li><li class="breadcrumb-item">More</li></ol></nav>',
    );
  });

  it("puts the search prompt in the search button and where the dialog reads it", () => {
    const html = render(site({ search: { prompt: 'Ask "anything"' } }), "index");
    expect(html).toContain('<span class="search-prompt">Ask &quot;anything&quot;</span>');
    expect(html).toMatch(/<html [^>]*data-search-prompt="Ask &quot;anything&quot;"/);
    expect(render(site(), "index")).toContain('<span class="search-prompt">Search…</span>');
  });

  it("gives the banner its type's class, and its own colours per mode", () => {
    const critical = render(site({ banner: { content: "Down", type: "critical" } }), "index");
    expect(critical).toContain('<div id="banner" class="banner banner-critical"');
    const coloured = render(
      site({ banner: { content: "Hi", color: { light: "#111111", dark: "#EEEEEE" } } }),
      "index",
    );
    expect(coloured).toMatch(
      /<div id="banner" class="banner banner-info banner-custom" [^>]*style="--quire-banner-light:#111111;--quire-banner-dark:#EEEEEE">/,
    );
  });

  it("draws an anchor's icon in its own colour", () => {
    expect(render(site(), "index")).toContain(
      '<span class="anchor-icon" style="--anchor-light:#16A34A;--anchor-dark:#4ADE80"><svg',
    );
  });

  it("shows a tab's menu as a dropdown in the tab bar, its current item marked, and not as sidebar links", () => {
    const html = render(site(), "api/teams");
    const bar = html.match(/<nav class="tabs-bar nav-tabs"[\s\S]*?<\/nav>/)?.[0] ?? "";
    expect(bar).toContain(
      '<details class="tab-menu current" data-tab-menu><summary class="tab nav-tabs-item nav-dropdown-trigger current">',
    );
    expect(bar).toMatch(
      /<a class="nav-dropdown-item current" href="users\.html" aria-current="true" data-active><span class="nav-dropdown-item-icon"><svg[\s\S]*?<span class="nav-dropdown-item-title">REST API<\/span><span class="nav-dropdown-item-description">Every endpoint<\/span>/,
    );
    expect(bar).toContain('<a class="nav-dropdown-item" href="../sdk/index.html">');
    const sidebar = html.match(/<nav id="sidebar"[\s\S]*?<\/nav>/)?.[0] ?? "";
    expect(sidebar).not.toContain("sidebar-anchors");
    expect(sidebar).toContain(">Teams<");
    // Small screens have no tab bar: the sidebar lists the tabs, and the current tab's menu.
    expect(sidebar).toContain(
      '<ul class="sidebar-tab-menu"><li><a class="current" href="users.html">REST API</a></li>',
    );
  });

  it("links a group without a page of its own to its first page with drilldown, and only folds it without", () => {
    const folding = render(site({ interaction: { drilldown: false } }), "index");
    expect(folding).toContain(
      '<details class="nav-subgroup sidebar-group"><summary><span>More</span></summary>',
    );
    const drilling = render(site({ interaction: { drilldown: true } }), "index");
    expect(drilling).toContain(
      '<details class="nav-subgroup sidebar-group"><summary><a class="nav-group-root" href="guides/setup.html"><span>More</span></a></summary>',
    );
    // Aspen drills down unless docs.json says otherwise.
    expect(render(site({ theme: "aspen" }), "index")).toContain(
      'href="guides/setup.html"><span>More</span>',
    );
  });

  it("lists a group's pages on its root page, as cards or as a list, with directory", () => {
    const cards = render(site({ navigation: { ...NAVIGATION, directory: "card" } }), "sdk/index");
    expect(cards).toContain(
      '<nav class="directory directory-style-card" aria-label="In this section"><div class="directory-cards"><a class="directory-card" href="node.html"><span class="directory-title">Node</span><span class="directory-description">The Node SDK.</span></a>',
    );
    const list = render(
      site({ navigation: { ...NAVIGATION, directory: "accordion" } }),
      "sdk/index",
    );
    expect(list).toContain(
      '<ul class="directory-pages"><li class="directory-page"><a href="node.html">',
    );
    expect(render(site(), "sdk/index")).not.toContain('class="directory');
    expect(
      render(site({ navigation: { ...NAVIGATION, directory: "card" } }), "sdk/node"),
    ).not.toContain('class="directory');
  });

  it("links the site stylesheet after the theme's, then other hosts' fonts, then the repository's own stylesheets and scripts", () => {
    const html = render(
      site(
        {},
        {
          externalStylesheets: ["https://fonts.googleapis.com/css2?family=Lora&display=swap"],
          customStylesheets: ["style.css", "brand/extra.css"],
          customScripts: ["widget.js"],
        },
      ),
      "guides/setup",
    );
    const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]*)"/g)].map(
      (match) => match[1],
    );
    expect(links).toEqual([
      "../_quire/quire.aaaa.css",
      "../_quire/site.ffff.css",
      "https://fonts.googleapis.com/css2?family=Lora&amp;display=swap",
      "../style.css",
      "../brand/extra.css",
    ]);
    const scripts = [...html.matchAll(/<script src="([^"]*)" defer><\/script>/g)].map(
      (match) => match[1],
    );
    expect(scripts).toEqual(["../_quire/quire.bbbb.js", "../widget.js"]);
  });

  it("links KaTeX's stylesheet on every page with latex: true, and on none with false", () => {
    expect(render(site({ styling: { latex: true } }), "index")).toContain("katex.min.css");
    expect(render(site({ styling: { latex: false } }), "index", { math: true })).not.toContain(
      "katex.min.css",
    );
  });

  it("marks code blocks to stay dark, and to take Shiki themes, on <html>", () => {
    expect(render(site({ styling: { codeblocks: "dark" } }), "index")).toMatch(
      /<html [^>]*class="[^"]*\bcode-dark\b/,
    );
    expect(render(site({ styling: { codeblocks: "dracula" } }), "index")).toMatch(
      /<html [^>]*class="[^"]*\bcode-themed\b/,
    );
  });

  it("uses a language's own navbar, footer and banner on its pages", () => {
    const html = render(
      siteOf(
        {
          navbar: { links: [{ label: "Site-wide", href: "/index" }] },
          navigation: {
            languages: [
              { language: "en", pages: ["index"] },
              {
                language: "fr",
                banner: { content: "Bonjour" },
                navbar: { links: [{ label: "Accueil", href: "/fr/index" }] },
                pages: ["fr/index"],
              },
            ],
          },
        },
        [meta("index"), meta("fr/index")],
      ),
      "fr/index",
    );
    expect(html).toContain(">Accueil</a>");
    expect(html).not.toContain("Site-wide");
    expect(html).toContain("<p>Bonjour</p>");
    expect(html).toContain('lang="fr"');
  });
});
