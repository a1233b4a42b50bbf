import { describe, expect, it } from "vitest";
import type { PageMeta } from "../../../src/exporter/site/page-index.ts";
import {
  renderNotFoundPage,
  renderPage,
  renderRedirectPage,
} from "../../../src/exporter/theme/layout.ts";
import type { SiteLayoutData } from "../../../src/exporter/theme/layout-types.ts";
import { NavigationModel } from "../../../src/exporter/theme/navigation-view.ts";
import { siteOf as layoutSiteOf } from "./layout-helpers.ts";

const meta = (path: string, extra: Partial<PageMeta> = {}): PageMeta => ({
  path,
  file: `${path}.mdx`,
  title: path,
  hidden: false,
  noindex: false,
  keywords: [],
  ...extra,
});

const PAGES: PageMeta[] = [
  meta("index", { title: "Welcome", description: "Schedule jobs over HTTP." }),
  meta("guides/setup", { title: "Setup", keywords: ["install", "setup"] }),
  meta("guides/index", { title: "Guides" }),
  meta("guides/deep/nested", { title: "Nested", sidebarTitle: "Deeply nested" }),
  meta("api/intro", { title: "API intro" }),
  meta("secret", { title: "Secret", hidden: true }),
];

const DOCS = {
  name: "Lumen",
  colors: { primary: "#0D9373", light: "#07C983", dark: "#0A6B54" },
  banner: {
    content:
      "**New:** read the [setup guide](/guides/setup#install) or [the blog](https://blog.example.com)",
    dismissible: true,
  },
  navbar: {
    links: [
      { label: "Setup", href: "/guides/setup#install" },
      { label: "Support", href: "mailto:help@example.com" },
    ],
    primary: { type: "button", label: "Dashboard", href: "https://app.example.com" },
  },
  footer: {
    socials: { github: "https://github.com/example" },
    links: [
      {
        header: "Resources",
        items: [
          { label: "All guides", href: "/guides/" },
          { label: "Spec", href: "/files/spec.pdf" },
        ],
      },
    ],
  },
  navigation: {
    tabs: [
      {
        tab: "Guides",
        groups: [
          {
            group: "Start",
            pages: [
              "index",
              "guides/setup",
              { group: "Deep", pages: ["guides/deep/nested"] },
              { title: "Changelog", href: "/api/intro" },
            ],
          },
        ],
      },
      { tab: "API", groups: [{ group: "API", pages: ["api/intro"] }] },
      { tab: "Status", href: "/guides/setup" },
    ],
  },
};

function siteOf(docs: Record<string, unknown> = DOCS, pages: PageMeta[] = PAGES): SiteLayoutData {
  return layoutSiteOf(docs, pages);
}

interface BodyOptions {
  html?: string;
  toc?: { depth: 2 | 3 | 4; id: string; text: string }[];
  math?: boolean;
  mermaid?: boolean;
  frontmatter?: Record<string, unknown>;
}

function render(pagePath: string, options: BodyOptions = {}, site = siteOf()): string {
  const page = site.pages[pagePath] as PageMeta;
  const body = {
    html: options.html ?? "<p>Body text.</p>",
    toc: options.toc ?? [],
    features: { math: options.math ?? false, mermaid: options.mermaid ?? false },
    frontmatter: options.frontmatter ?? {},
  };
  return renderPage(
    site,
    { page, body },
    new NavigationModel(site.config.navigation, site.pages).view(pagePath),
  );
}

/** The href of the first element matching `selector`-ish markup: an `<a` carrying `marker`. */
function hrefOf(html: string, marker: string): string | undefined {
  const tag = html.match(new RegExp(`<a [^>]*${marker}[^>]*>`))?.[0];
  return tag?.match(/href="([^"]*)"/)?.[1];
}

function linkHref(html: string, text: string): string | undefined {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return html.match(
    new RegExp(`<a [^>]*href="([^"]*)"[^>]*>(?:<svg[\\s\\S]*?</svg>)?(?:<span>)?${escaped}<`),
  )?.[1];
}

describe("the page document", () => {
  it("titles the page after the page and the site, and describes it for search engines and link previews", () => {
    const html = render("index", {
      frontmatter: { "og:image": "https://cdn.example.com/card.png", "twitter:card": "summary" },
    });
    expect(html).toContain("<title>Welcome - Lumen</title>");
    expect(html).toContain('<meta name="description" content="Schedule jobs over HTTP.">');
    expect(html).toContain('<meta property="og:title" content="Welcome">');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example.com/card.png">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(render("guides/setup")).toContain('<meta name="keywords" content="install, setup">');
    expect(html).not.toContain('name="robots"');
  });

  it("keeps hidden pages out of search engines", () => {
    expect(render("secret")).toContain('<meta name="robots" content="noindex">');
  });

  it("puts the theme, the page mode and what the client scripts need on <html>", () => {
    const html = render("guides/deep/nested", { mermaid: true });
    const root = html.match(/<html [^>]*>/)?.[0] ?? "";
    expect(root).toContain('lang="en"');
    expect(root).toContain('class="theme-mint mode-default has-tabs"');
    expect(root).toContain('data-current-path="/guides/deep/nested"');
    expect(render("index").match(/<html [^>]*>/)?.[0]).toContain('data-current-path="/"');
    expect(root).toContain('data-root="../../"');
    expect(root).toContain('data-mermaid="../../_quire/mermaid.dddd.js"');
    expect(render("index").match(/<html [^>]*>/)?.[0]).not.toContain("data-mermaid");
  });

  it("sets the theme in <head> before the body paints", () => {
    const html = render("index");
    const boot = html.indexOf("localStorage.getItem('quire-theme')");
    expect(boot).toBeGreaterThan(0);
    expect(boot).toBeLessThan(html.indexOf("</head>"));
  });

  it("hides the theme toggle when the appearance is strict", () => {
    expect(render("index")).toContain("data-theme-toggle");
    const strict = siteOf({ ...DOCS, appearance: { default: "dark", strict: true } });
    const html = render("index", {}, strict);
    expect(html).not.toContain("data-theme-toggle");
    expect(html).toContain('data-appearance="dark"');
  });

  it("links the KaTeX stylesheet only on pages with math", () => {
    expect(render("guides/setup", { math: true })).toContain(
      '<link rel="stylesheet" href="../_quire/katex-cccc/katex.min.css">',
    );
    expect(render("guides/setup")).not.toContain("katex");
  });

  it("links stylesheet, script and pages relatively at the root and two folders deep", () => {
    const atRoot = render("index");
    expect(atRoot).toContain('<link rel="stylesheet" href="_quire/quire.aaaa.css">');
    expect(atRoot).toContain('<script src="_quire/quire.bbbb.js" defer></script>');
    expect(atRoot).toContain('<a class="nav-link" href="guides/setup.html"><span>Setup</span></a>');
    const deep = render("guides/deep/nested");
    expect(deep).toContain('<link rel="stylesheet" href="../../_quire/quire.aaaa.css">');
    expect(linkHref(deep, "Welcome")).toBe("../../index.html");
    expect(linkHref(deep, "API")).toBe("../../api/intro.html");
  });

  it("never links to a root-absolute path, which would break under a prefix and from disk", () => {
    for (const pagePath of ["index", "guides/deep/nested"]) {
      const hrefs = [...render(pagePath).matchAll(/(?:href|src)="([^"]*)"/g)].map(
        (match) => match[1] as string,
      );
      expect(hrefs.filter((href) => href.startsWith("/") && !href.startsWith("//"))).toEqual([]);
      // Nor to a made-up file: `setup#install.html`, `guides/.html`.
      expect(hrefs.filter((href) => /#.*\.html$|(^|\/)\.html$/.test(href))).toEqual([]);
    }
  });

  it("loads nothing from another host: every external URL is a link the reader follows", () => {
    const html = render("guides/deep/nested", { math: true, mermaid: true });
    expect([...html.matchAll(/<(?:script|link|img)\b[^>]*(?:src|href)="(https?:)?\/\//g)]).toEqual(
      [],
    );
  });
});

describe("the navigation around the content", () => {
  it("marks the current page in the sidebar and opens the group that holds it", () => {
    const html = render("guides/deep/nested");
    expect(html).toMatch(
      /<li data-active><a class="nav-link current" href="nested\.html" aria-current="page"><span>Deeply nested<\/span>/,
    );
    expect(html).toContain(
      '<details class="nav-subgroup sidebar-group" open data-active><summary><span>Deep</span></summary>',
    );
    expect(html.match(/aria-current="page"/g)).toHaveLength(1);
    expect(render("index")).toContain(
      '<details class="nav-subgroup sidebar-group"><summary><span>Deep</span></summary>',
    );
  });

  it("shows the tabs with the current one marked", () => {
    const html = render("api/intro");
    const tabs = html.match(/<nav class="tabs-bar nav-tabs"[\s\S]*?<\/nav>/)?.[0] ?? "";
    expect(tabs).toContain(
      '<a class="tab nav-tabs-item current" href="intro.html" aria-current="true" data-active><span>API</span></a>',
    );
    expect(tabs).toContain(
      '<a class="tab nav-tabs-item" href="../index.html"><span>Guides</span></a>',
    );
  });

  it("names the page's group above its title and gives it one h1", () => {
    const html = render("guides/deep/nested");
    expect(html).toContain(
      '<p class="eyebrow">Deep</p><header id="header" class="page-header"><h1 id="page-title" class="page-title">Nested</h1>',
    );
    expect(html.match(/<h1\b/g)).toHaveLength(1);
  });

  it("puts the description under the title and a Copy page link to the page's Markdown", () => {
    const html = render("index");
    expect(html).toContain(
      '<h1 id="page-title" class="page-title">Welcome</h1><p class="page-description">Schedule jobs over HTTP.</p>',
    );
    expect(hrefOf(html, "data-copy-page")).toBe("index.md");
    expect(hrefOf(render("guides/deep/nested"), "data-copy-page")).toBe("nested.md");
  });

  it("links the previous and next pages in navigation order", () => {
    const html = render("guides/setup");
    expect(hrefOf(html, 'rel="prev"')).toBe("../index.html");
    expect(hrefOf(html, 'rel="next"')).toBe("deep/nested.html");
    expect(html).toContain(
      '<small>Next</small><span class="pagination-title">Deeply nested</span>',
    );
  });

  it("lists the page's headings under On this page, indented by level", () => {
    const html = render("index", {
      toc: [
        { depth: 2, id: "install", text: "Install" },
        { depth: 3, id: "from-source", text: "From <source>" },
      ],
    });
    const toc = html.match(/<aside id="table-of-contents-layout"[\s\S]*?<\/aside>/)?.[0] ?? "";
    expect(toc).toContain("On this page");
    expect(toc).toContain('<li class="toc-item toc-depth-2"><a href="#install">Install</a></li>');
    expect(toc).toContain(
      '<li class="toc-item toc-depth-3"><a href="#from-source">From &lt;source&gt;</a></li>',
    );
  });

  it("leaves out the table of contents when the page has no headings", () => {
    const html = render("index");
    expect(html).not.toContain('id="table-of-contents"');
    expect(html).toContain('<div id="body-content" class="layout no-toc">');
  });
});

describe("page modes", () => {
  const toc = [{ depth: 2 as const, id: "a", text: "A" }];
  const withMode = (mode: PageMeta["mode"]): SiteLayoutData =>
    siteOf(
      DOCS,
      PAGES.map((page) => (page.path === "guides/setup" ? { ...page, mode } : page)),
    );

  it("wide drops the table of contents but keeps the sidebar", () => {
    const html = render("guides/setup", { toc }, withMode("wide"));
    expect(html).toMatch(/<html [^>]*class="[^"]*\bmode-wide\b/);
    expect(html).toContain('id="sidebar"');
    expect(html).toContain('id="header"');
    expect(html).not.toContain('id="table-of-contents"');
  });

  it("center drops the sidebar and the table of contents", () => {
    const html = render("guides/setup", { toc }, withMode("center"));
    expect(html).toContain('<div id="body-content" class="layout no-sidebar no-toc">');
    expect(html).not.toContain('id="sidebar"');
    expect(html).not.toContain('id="table-of-contents"');
    expect(html).toContain('id="page-title"');
  });

  it("frame keeps the navbar and sidebar, and puts nothing over the content", () => {
    const html = render("guides/setup", { toc, html: "<div>Hero</div>" }, withMode("frame"));
    expect(html).toContain('id="navbar"');
    expect(html).toContain('id="sidebar"');
    for (const absent of ['id="header"', "<h1", "data-copy-page", 'id="pagination"', 'id="footer"'])
      expect(html).not.toContain(absent);
    expect(html).toContain(
      '<main id="content-area" class="content custom-area"><div id="content" class="mdx-content custom-content"><div>Hero</div></div></main>',
    );
  });

  it("custom shows the top bar and the body alone, without title, pager or footer", () => {
    const html = render(
      "guides/setup",
      { toc, html: "<section>Landing</section>" },
      withMode("custom"),
    );
    expect(html).toContain('<header id="navbar" class="topbar">');
    expect(html).toContain(
      '<main id="content-area" class="content custom-area"><div id="content" class="mdx-content custom-content"><section>Landing</section></div></main>',
    );
    expect(html).not.toContain("<h1");
    expect(html).not.toContain('id="sidebar"');
    expect(html).not.toContain('id="pagination"');
    expect(html).not.toContain("site-footer");
  });
});

describe("links written in the site configuration", () => {
  it("lead from the navbar and the banner to a page's section, relatively", () => {
    const html = render("guides/deep/nested");
    expect(linkHref(html, "Setup")).toBe("../setup.html#install");
    expect(html).toContain('<a href="../setup.html#install">setup guide</a>');
    expect(html).toContain('<a href="https://blog.example.com">the blog</a>');
    expect(linkHref(html, "Support")).toBe("mailto:help@example.com");
  });

  it("lead from a tab or a sidebar entry with an href to a page of the site, in the same window", () => {
    const html = render("index");
    expect(html).toContain(
      '<a class="tab nav-tabs-item" href="guides/setup.html"><span>Status</span></a>',
    );
    expect(html).toContain('<a class="nav-link" href="api/intro.html"><span>Changelog</span></a>');
  });

  it("lead from the footer to a folder's index page and to a file as it is", () => {
    const html = render("guides/deep/nested");
    expect(linkHref(html, "All guides")).toBe("../index.html");
    expect(linkHref(html, "Spec")).toBe("../../files/spec.pdf");
  });
});

describe("the banner and the footer", () => {
  it("shows the banner's Markdown as HTML with a close button, and escapes everything else", () => {
    const site = siteOf({
      ...DOCS,
      banner: {
        content: "**Big** <script>alert(1)</script> `code` [x](javascript:alert(1))",
        dismissible: true,
      },
    });
    const banner =
      render("index", {}, site).match(/<div id="banner" class="banner[\s\S]*?<\/div>/)?.[0] ?? "";
    expect(banner).toContain(
      "<strong>Big</strong> &lt;script&gt;alert(1)&lt;/script&gt; <code>code</code> x",
    );
    expect(banner).not.toContain("javascript:");
    expect(banner).toContain(
      '<button type="button" class="banner-close" data-banner-close aria-label="Dismiss banner">',
    );
  });

  it("has no close button on a banner that cannot be dismissed, and no banner when none is configured", () => {
    expect(
      render(
        "index",
        {},
        siteOf({ ...DOCS, banner: { content: "Maintenance tonight", dismissible: false } }),
      ),
    ).not.toContain("banner-close");
    const { banner: _banner, ...withoutBanner } = DOCS;
    expect(render("index", {}, siteOf(withoutBanner))).not.toContain('id="banner"');
  });

  it("shows social links as labelled icons and link columns under their headers", () => {
    const footer =
      render("index").match(
        /<footer id="footer" class="site-footer[^"]*">[\s\S]*?<\/footer>/,
      )?.[0] ?? "";
    expect(footer).toMatch(
      /<a href="https:\/\/github.com\/example" aria-label="github" rel="noopener"><svg[^>]*icon-github/,
    );
    expect(footer).toContain("<h2>Resources</h2>");
  });
});

describe("pages outside the normal flow", () => {
  it("gives 404.html the site's chrome, its links relative to the site root that its first script finds", () => {
    const html = renderNotFoundPage(siteOf());
    for (const part of ['id="navbar"', 'id="sidebar"', 'id="search-bar-entry"', 'id="footer"'])
      expect(html).toContain(part);
    expect(html).toContain(
      '<h1 id="page-title" class="page-title not-found-title">Page not found</h1>',
    );
    expect(html).toContain(
      '<a class="not-found-home not-found-go-back-button" href="index.html" data-quire-home>Go to Lumen</a>',
    );
    expect(linkHref(html, "Setup")).toBe("guides/setup.html#install");
    expect(html).toContain('<meta name="robots" content="noindex">');
    // The base is set before the first stylesheet or link is read.
    const base = html.indexOf("document.createElement('base')");
    expect(base).toBeGreaterThan(0);
    expect(base).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    expect(html).toContain("quire-export.json");
  });

  it("shows errors.404's title and Markdown description, and marks the page to redirect when asked", () => {
    const html = renderNotFoundPage(
      siteOf({
        ...DOCS,
        errors: {
          "404": {
            title: "Lost <b>?",
            description: "Try **the** [setup](/guides/setup).",
            redirect: true,
          },
        },
      }),
    );
    expect(html).toContain("<title>Lost &lt;b&gt;? - Lumen</title>");
    expect(html).toContain(
      '<p class="not-found-description">Try <strong>the</strong> <a href="guides/setup.html">setup</a>.</p>',
    );
    expect(html).toMatch(/<html [^>]*data-not-found-redirect="true"/);
    expect(renderNotFoundPage(siteOf())).not.toContain("data-not-found-redirect");
  });

  it("redirects with a meta refresh, a canonical link and a link to follow by hand", () => {
    const html = renderRedirectPage(siteOf(), "old-setup", "guides/setup.html#install");
    expect(html).toContain(
      '<meta http-equiv="refresh" content="0; url=guides/setup.html#install">',
    );
    expect(html).toContain('<link rel="canonical" href="guides/setup.html#install">');
    expect(html).toContain('<a href="guides/setup.html#install">');
  });
});
