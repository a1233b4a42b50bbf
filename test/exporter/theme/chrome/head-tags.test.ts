import { describe, expect, it } from "vitest";
import type { PageMeta } from "../../../../src/exporter/site/page-index.ts";
import { renderPage } from "../../../../src/exporter/theme/layout.ts";
import type { SiteLayoutData } from "../../../../src/exporter/theme/layout-types.ts";
import { NavigationModel } from "../../../../src/exporter/theme/navigation-view.ts";
import { meta, siteOf } from "../layout-helpers.ts";

const BILINGUAL = {
  navigation: {
    languages: [
      {
        language: "en",
        default: true,
        groups: [{ group: "Start", pages: ["index", "quickstart", "only-english"] }],
      },
      { language: "fr", groups: [{ group: "Démarrer", pages: ["fr/index", "fr/quickstart"] }] },
    ],
  },
};

const PAGES = [
  meta("index", { title: "Home", description: "Start here." }),
  meta("quickstart", { title: "Quickstart", description: "Run it.", keywords: ["setup"] }),
  meta("only-english", { title: "Only English" }),
  meta("fr/index", { title: "Accueil" }),
  meta("fr/quickstart", { title: "Démarrage rapide" }),
  meta("secret", { title: "Secret", noindex: true }),
];

function bilingual(
  extra: Partial<SiteLayoutData> = {},
  docs: Record<string, unknown> = {},
  changes: Record<string, Partial<PageMeta>> = {},
) {
  const pages = PAGES.map((page) => ({ ...page, ...changes[page.path] }));
  return siteOf({ ...BILINGUAL, ...docs }, pages, extra);
}

function head(site: SiteLayoutData, pagePath: string, frontmatter: Record<string, unknown> = {}) {
  const html = renderPage(
    site,
    {
      page: site.pages[pagePath] as PageMeta,
      body: { html: "<p>x</p>", toc: [], features: { math: false, mermaid: false }, frontmatter },
    },
    new NavigationModel(site.config.navigation, site.pages).view(pagePath),
  );
  return html.slice(0, html.indexOf("</head>"));
}

/** `<meta property|name="key" content="…">` values, in order. */
function metaContent(html: string, key: string): string[] {
  return [
    ...html.matchAll(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`, "g")),
  ].map((match) => match[1] as string);
}

function links(html: string, rel: string): string[] {
  return [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*>`, "g"))].map((m) => m[0]);
}

function jsonLd(html: string): { "@graph": Record<string, unknown>[] } | undefined {
  const text = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
  return text ? JSON.parse(text) : undefined;
}

describe("a page's head: canonical URL and social tags", () => {
  const site = bilingual({ siteUrl: "https://docs.example.com/" });

  it("gives each page its own canonical URL and og:url from the site URL", () => {
    const quickstart = head(site, "quickstart");
    expect(links(quickstart, "canonical")).toEqual([
      '<link rel="canonical" href="https://docs.example.com/quickstart.html">',
    ]);
    expect(metaContent(quickstart, "og:url")).toEqual(["https://docs.example.com/quickstart.html"]);
    expect(links(head(site, "index"), "canonical")).toEqual([
      '<link rel="canonical" href="https://docs.example.com/">',
    ]);
    expect(links(head(site, "fr/quickstart"), "canonical")).toEqual([
      '<link rel="canonical" href="https://docs.example.com/fr/quickstart.html">',
    ]);
  });

  it("points canonical URLs at the page's folder with clean URLs", () => {
    const clean = bilingual({ siteUrl: "https://docs.example.com/", cleanUrls: true });
    expect(metaContent(head(clean, "quickstart"), "og:url")).toEqual([
      "https://docs.example.com/quickstart/",
    ]);
  });

  it("writes no canonical URL, og:url nor structured data when the site URL is unknown", () => {
    const local = head(bilingual(), "quickstart");
    expect(links(local, "canonical")).toEqual([]);
    expect(metaContent(local, "og:url")).toEqual([]);
    expect(jsonLd(local)).toBeUndefined();
    expect(local).not.toContain('name="canonical"');
  });

  it("keeps a page's own canonical URL, and never writes seo.metatags.canonical as a tag", () => {
    const configured = bilingual(
      {},
      { seo: { metatags: { canonical: "https://www.example.org" } } },
    );
    // seo.metatags.canonical is the site's URL (the export resolves it), never a tag of its own.
    expect(head(configured, "quickstart")).not.toContain("www.example.org");
    const own = head(site, "quickstart", {
      canonical: "https://docs.example.com/latest/quickstart",
    });
    expect(links(own, "canonical")).toEqual([
      '<link rel="canonical" href="https://docs.example.com/latest/quickstart">',
    ]);
  });

  it("gives a noindex page no canonical URL and no structured data", () => {
    const html = head(site, "secret");
    expect(links(html, "canonical")).toEqual([]);
    expect(jsonLd(html)).toBeUndefined();
  });

  it("uses the page's og:image, else seo.metatags', else thumbnails.background, with a large card", () => {
    const themed = bilingual(
      { siteUrl: "https://docs.example.com/" },
      { thumbnails: { background: "/images/og.png" }, seo: { metatags: {} } },
    );
    const page = head(themed, "quickstart");
    expect(metaContent(page, "og:image")).toEqual(["https://docs.example.com/images/og.png"]);
    expect(metaContent(page, "twitter:card")).toEqual(["summary_large_image"]);
    const own = head(themed, "quickstart", { "og:image": "https://cdn.example.com/q.png" });
    expect(metaContent(own, "og:image")).toEqual(["https://cdn.example.com/q.png"]);
    const global = bilingual(
      { siteUrl: "https://docs.example.com/" },
      {
        thumbnails: { background: "/images/og.png" },
        seo: { metatags: { "og:image": "https://cdn.example.com/all.png" } },
      },
    );
    expect(metaContent(head(global, "quickstart"), "og:image")).toEqual([
      "https://cdn.example.com/all.png",
    ]);
  });

  it("points og:image and twitter:image at the drawn card, with its size, unless the page names its own", () => {
    const card = "_quire/og/site.0123456789.png";
    const drawn = bilingual(
      { siteUrl: "https://docs.example.com/", socialCard: card },
      { seo: { metatags: {} } },
    );
    const page = head(drawn, "quickstart");
    const url = `https://docs.example.com/${card}`;
    expect(metaContent(page, "og:image")).toEqual([url]);
    expect(metaContent(page, "twitter:image")).toEqual([url]);
    expect(metaContent(page, "og:image:width")).toEqual(["1200"]);
    expect(metaContent(page, "og:image:height")).toEqual(["630"]);
    expect(metaContent(page, "twitter:card")).toEqual(["summary_large_image"]);
    const own = head(drawn, "quickstart", { "og:image": "https://cdn.example.com/q.png" });
    expect(metaContent(own, "og:image")).toEqual(["https://cdn.example.com/q.png"]);
    expect(metaContent(own, "twitter:image")).toEqual([]);
    expect(metaContent(own, "og:image:width")).toEqual([]);
  });

  it("defaults twitter:card to summary without an image, and keeps one the site sets", () => {
    expect(metaContent(head(site, "quickstart"), "twitter:card")).toEqual(["summary"]);
    const set = bilingual({}, { seo: { metatags: { "twitter:card": "summary_large_image" } } });
    expect(metaContent(head(set, "quickstart"), "twitter:card")).toEqual(["summary_large_image"]);
  });

  it("writes og:title, og:description, og:site_name and og:type once each", () => {
    const html = head(site, "quickstart", { "og:title": "Start fast" });
    expect(metaContent(html, "og:title")).toEqual(["Start fast"]);
    expect(metaContent(html, "og:description")).toEqual(["Run it."]);
    expect(metaContent(html, "og:site_name")).toEqual(["Site"]);
    expect(metaContent(html, "og:type")).toEqual(["website"]);
  });
});

describe("a page's head: languages", () => {
  const site = bilingual({ siteUrl: "https://docs.example.com/" });

  it("sets <html lang> and og:locale from the page's language", () => {
    const french = renderPage(
      site,
      {
        page: site.pages["fr/quickstart"] as PageMeta,
        body: { html: "", toc: [], features: { math: false, mermaid: false }, frontmatter: {} },
      },
      new NavigationModel(site.config.navigation, site.pages).view("fr/quickstart"),
    );
    expect(french).toMatch(/<html lang="fr" /);
    expect(metaContent(french, "og:locale")).toEqual(["fr_FR"]);
    expect(metaContent(french, "og:locale:alternate")).toEqual(["en_US"]);
    expect(metaContent(head(site, "quickstart"), "og:locale")).toEqual(["en_US"]);
  });

  it("links every translation of the page with hreflang, and x-default to the default language's", () => {
    const expected = [
      '<link rel="alternate" hreflang="en" href="https://docs.example.com/quickstart.html">',
      '<link rel="alternate" hreflang="fr" href="https://docs.example.com/fr/quickstart.html">',
      '<link rel="alternate" hreflang="x-default" href="https://docs.example.com/quickstart.html">',
    ];
    expect(links(head(site, "quickstart"), "alternate")).toEqual(expected);
    expect(links(head(site, "fr/quickstart"), "alternate")).toEqual(expected);
  });

  it("lists no alternates for a page that has no translation, nor one marked noindex", () => {
    expect(links(head(site, "only-english"), "alternate")).toEqual([]);
    const hiddenFrench = bilingual(
      { siteUrl: "https://docs.example.com/" },
      {},
      { "fr/quickstart": { noindex: true } },
    );
    expect(links(head(hiddenFrench, "quickstart"), "alternate")).toEqual([]);
  });

  it("writes relative hreflang links when the site URL is unknown", () => {
    expect(links(head(bilingual(), "fr/quickstart"), "alternate")).toEqual([
      '<link rel="alternate" hreflang="en" href="../quickstart.html">',
      '<link rel="alternate" hreflang="fr" href="quickstart.html">',
      '<link rel="alternate" hreflang="x-default" href="../quickstart.html">',
    ]);
  });

  it("writes Mintlify's cn and jp as BCP 47 tags", () => {
    const asian = siteOf(
      {
        navigation: {
          languages: [
            { language: "cn", groups: [{ group: "A", pages: ["cn/index"] }] },
            { language: "jp", groups: [{ group: "B", pages: ["jp/index"] }] },
          ],
        },
      },
      [meta("cn/index"), meta("jp/index")],
    );
    const html = head(asian, "jp/index");
    expect(links(html, "alternate").map((link) => link.match(/hreflang="([^"]+)"/)?.[1])).toEqual([
      "zh-Hans",
      "ja",
      "x-default",
    ]);
    expect(metaContent(html, "og:locale")).toEqual(["ja_JP"]);
  });
});

describe("a page's head: structured data", () => {
  it("describes the publisher from seo.organization, the site, the page and the article", () => {
    const site = bilingual(
      {
        siteUrl: "https://docs.example.com/",
        lastModified: { quickstart: "2025-02-03T04:05:06+00:00" },
      },
      {
        seo: {
          organization: {
            id: "https://example.com/#organization",
            legalName: "Example Co. Inc.",
            url: "https://example.com",
            logo: "https://example.com/logo.png",
            sameAs: ["https://github.com/example"],
          },
        },
      },
    );
    const graph = jsonLd(head(site, "quickstart"))?.["@graph"] ?? [];
    const byType = Object.fromEntries(graph.map((entity) => [entity["@type"], entity]));
    expect(byType.Organization).toEqual({
      "@type": "Organization",
      "@id": "https://example.com/#organization",
      name: "Site",
      legalName: "Example Co. Inc.",
      url: "https://example.com",
      logo: "https://example.com/logo.png",
      sameAs: ["https://github.com/example"],
    });
    expect(byType.WebSite).toMatchObject({
      "@id": "https://docs.example.com/#website",
      url: "https://docs.example.com/",
      publisher: { "@id": "https://example.com/#organization" },
    });
    expect(byType.WebPage).toMatchObject({
      "@id": "https://docs.example.com/quickstart.html",
      name: "Quickstart",
      description: "Run it.",
      inLanguage: "en",
      dateModified: "2025-02-03T04:05:06+00:00",
    });
    expect(byType.TechArticle).toMatchObject({
      headline: "Quickstart",
      keywords: "setup",
      articleSection: "Start",
      publisher: { "@id": "https://example.com/#organization" },
    });
  });

  it("derives the publisher from the site when seo.organization is absent", () => {
    const site = bilingual({ siteUrl: "https://docs.example.com/guide/" });
    const graph = jsonLd(head(site, "fr/quickstart"))?.["@graph"] ?? [];
    expect(graph[0]).toEqual({
      "@type": "Organization",
      "@id": "https://docs.example.com/#organization",
      name: "Site",
      url: "https://docs.example.com/guide/",
    });
    expect(graph.find((entity) => entity["@type"] === "WebPage")?.inLanguage).toBe("fr");
  });

  it("cannot be closed early by a title holding </script>", () => {
    const site = siteOf(
      { navigation: { pages: ["index"] } },
      [meta("index", { title: "</script><script>alert(1)</script>" })],
      { siteUrl: "https://docs.example.com/" },
    );
    const html = head(site, "index");
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(jsonLd(html)?.["@graph"][2]?.name).toBe("</script><script>alert(1)</script>");
  });
});
