import { closeSync, openSync, writeSync } from "node:fs";
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

/** The pages llms.txt and llms-full.txt list: all but those marked noindex and external links. */
export function llmsListedPages(pages: PageMeta[]): PageMeta[] {
  return pages.filter((page) => !page.noindex && !page.url);
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

/**
 * llms-full.txt: every page's Markdown, one after another, written as the pages finish
 * rendering. Pages finish out of order (two threads, large pages first); each waits only for
 * those before it, so the export's main thread holds a few pages' Markdown instead of the
 * site's (30 MB at Spree's 1,116 pages, until the end of rendering).
 */
export class LlmsFullWriter {
  private readonly descriptor: number;
  private readonly pages: PageMeta[];
  private readonly positions = new Map<string, number>();
  private readonly waiting = new Map<number, string>();
  private next = 0;

  /** `pages`: the pages listed, in the site's order. */
  constructor(file: string, config: SiteConfig, pages: PageMeta[]) {
    this.pages = pages;
    for (const [index, page] of pages.entries()) this.positions.set(page.path, index);
    this.descriptor = openSync(file, "w");
    this.write(`# ${config.name}`);
    if (config.description) this.write(`${LLMS_SEPARATOR}> ${config.description}`);
  }

  /** A page's Markdown; a page not listed is ignored. */
  add(pagePath: string, markdown: string): void {
    const position = this.positions.get(pagePath);
    if (position === undefined || position < this.next) return;
    this.waiting.set(position, markdown);
    while (this.waiting.has(this.next)) {
      const waited = this.waiting.get(this.next) as string;
      this.waiting.delete(this.next);
      this.writePage(this.pages[this.next] as PageMeta, waited);
      this.next += 1;
    }
  }

  /** Writes the pages still missing (with no Markdown) and closes the file. */
  close(): void {
    try {
      for (; this.next < this.pages.length; this.next += 1)
        this.writePage(this.pages[this.next] as PageMeta, this.waiting.get(this.next) ?? "");
      this.write("\n");
    } finally {
      closeSync(this.descriptor);
    }
  }

  private writePage(meta: PageMeta, markdown: string): void {
    const header = [`# ${meta.title}`, `Source: ${meta.path}.md`];
    if (meta.description) header.push(`> ${meta.description}`);
    this.write(`${LLMS_SEPARATOR}${header.join("\n\n")}\n\n${markdown}`);
  }

  private write(text: string): void {
    writeSync(this.descriptor, text);
  }
}

const LLMS_SEPARATOR = "\n\n---\n\n";

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
