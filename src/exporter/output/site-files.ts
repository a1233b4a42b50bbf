import type { PageMeta } from "../site/page-index.ts";
import { pageOutputFile, pageUrlPath, siteBase } from "../site/paths.ts";
import type { SiteConfig } from "../site/types.ts";

/** Pages a search engine should know about: not hidden (unless indexing all), not noindex. */
export function indexablePages(
  pages: PageMeta[],
  config: SiteConfig,
  navigablePaths: ReadonlySet<string>,
): PageMeta[] {
  return pages.filter((page) => {
    if (page.noindex || page.url) return false;
    if (config.seo.indexing === "all") return true;
    return !page.hidden && navigablePaths.has(page.path);
  });
}

/**
 * sitemap.xml: each page where it is served (its canonical URL), with `lastmod` where git
 * knows when its source last changed. The protocol wants absolute URLs: with a known site URL
 * they are; without one (a local export) the locations are bundle-relative, which static hosts
 * still serve.
 */
export function renderSitemap(
  pages: PageMeta[],
  site: {
    siteUrl?: string;
    cleanUrls?: boolean;
    /** Page path → ISO 8601 date of its source's last change. */
    lastModified?: Readonly<Record<string, string>>;
  },
): string {
  const base = site.siteUrl ? siteBase(site.siteUrl) : "";
  const entries = pages
    .map((page) => {
      const location = escapeXml(base + encodeURI(pageUrlPath(page.path, site.cleanUrls)));
      const modified = site.lastModified?.[page.path];
      return `  <url><loc>${location}</loc>${modified ? `<lastmod>${escapeXml(modified)}</lastmod>` : ""}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

/**
 * robots.txt. A noindex page's rule names its file exactly: with clean URLs its folder ends the
 * rule (`$`), which search engines read as "this path only", so the pages below it stay allowed.
 */
export function renderRobots(
  noindexPages: PageMeta[],
  siteUrl: string | undefined,
  cleanUrls = false,
): string {
  const lines = ["User-agent: *", "Allow: /"];
  for (const page of noindexPages) {
    const served = pageUrlPath(page.path, cleanUrls);
    const rule = cleanUrls && served.endsWith("/") ? `${served}$` : pageOutputFile(page.path);
    lines.push(`Disallow: /${encodeURI(rule)}`);
  }
  if (siteUrl) lines.push("", `Sitemap: ${siteUrl.replace(/\/+$/, "")}/sitemap.xml`);
  return `${lines.join("\n")}\n`;
}

/** llms.txt: the site's name, summary and one line per page linking its Markdown file. */
export function renderLlmsTxt(config: SiteConfig, pages: PageMeta[]): string {
  const lines = [`# ${config.name}`, ""];
  if (config.description) lines.push(`> ${config.description}`, "");
  lines.push("## Pages", "");
  for (const page of pages) {
    const description = page.description ? `: ${page.description.replace(/\s+/g, " ")}` : "";
    lines.push(
      `- [${page.title.replace(/[[\]]/g, "")}](${encodeURI(`${page.path}.md`)})${description}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** llms-full.txt: every page's Markdown, one after another. */
export function renderLlmsFullTxt(
  config: SiteConfig,
  pages: { meta: PageMeta; markdown: string }[],
): string {
  const parts = [`# ${config.name}`];
  if (config.description) parts.push(`> ${config.description}`);
  for (const { meta, markdown } of pages) {
    const header = [`# ${meta.title}`, `Source: ${meta.path}.md`];
    if (meta.description) header.push(`> ${meta.description}`);
    parts.push(`${header.join("\n\n")}\n\n${markdown}`);
  }
  return `${parts.join("\n\n---\n\n")}\n`;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
