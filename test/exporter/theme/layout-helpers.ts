import { loadSiteConfig } from "../../../src/exporter/site/load-config.ts";
import type { PageMeta } from "../../../src/exporter/site/page-index.ts";
import { RepoFiles } from "../../../src/exporter/site/repo-files.ts";
import { renderPage } from "../../../src/exporter/theme/layout.ts";
import type { SiteLayoutData } from "../../../src/exporter/theme/layout-types.ts";
import { NavigationModel } from "../../../src/exporter/theme/navigation-view.ts";
import { makeRepo } from "../../helpers/temp-repo.ts";

export const meta = (path: string, extra: Partial<PageMeta> = {}): PageMeta => ({
  path,
  file: `${path}.mdx`,
  title: path,
  hidden: false,
  noindex: false,
  keywords: [],
  ...extra,
});

/** The layout data of a site with this docs.json (name and colours filled in) and these pages. */
export function siteOf(
  docs: Record<string, unknown>,
  pages: PageMeta[],
  extra: Partial<SiteLayoutData> = {},
): SiteLayoutData {
  const { config } = loadSiteConfig(
    new RepoFiles(
      makeRepo({
        "docs.json": JSON.stringify({ name: "Site", colors: { primary: "#2563EB" }, ...docs }),
      }),
    ),
  );
  return {
    config,
    deployment: "cloud",
    pages: Object.fromEntries(pages.map((page) => [page.path, page])),
    assets: {
      css: "_quire/quire.aaaa.css",
      script: "_quire/quire.bbbb.js",
      katexCss: "_quire/katex-cccc/katex.min.css",
      mermaidScript: "_quire/mermaid.dddd.js",
      searchIndex: "_quire/search/index.js",
      islandsRuntime: "_quire/islands.eeee.js",
      siteCss: "_quire/site.ffff.css",
    },
    configAssets: [],
    headHtml: "",
    inlineScripts: [],
    scriptOrigins: [],
    externalStylesheets: [],
    customStylesheets: [],
    customScripts: [],
    ...extra,
  };
}

/** One page of the site, rendered in its layout. */
export function render(
  site: SiteLayoutData,
  pagePath: string,
  body: {
    html?: string;
    lead?: string;
    aside?: string;
    toc?: { depth: 2 | 3 | 4; id: string; text: string }[];
    math?: boolean;
  } = {},
): string {
  const page = site.pages[pagePath] as PageMeta;
  return renderPage(
    site,
    {
      page,
      body: {
        html: body.html ?? "<p>Body text.</p>",
        ...(body.lead ? { lead: body.lead } : {}),
        ...(body.aside ? { aside: body.aside } : {}),
        toc: body.toc ?? [],
        features: { math: body.math ?? false, mermaid: false },
        frontmatter: {},
      },
    },
    new NavigationModel(site.config.navigation, site.pages).view(pagePath),
  );
}
