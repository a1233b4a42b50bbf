import type { PageMeta } from "../../site/page-index.ts";
import { escapeHtml, isExternalUrl } from "../html.ts";
import { THEME_BOOT_SCRIPT } from "../inline-scripts.ts";
import type { SiteLayoutData } from "../layout-types.ts";
import type { NavigationView } from "../navigation-view.ts";
import type { PageLinks } from "./links.ts";
import { pageIdentity, socialTags } from "./social-tags.ts";
import { structuredDataHtml } from "./structured-data.ts";

/**
 * The stylesheets every page links, in cascade order: Quire's theme, the site's own colours and
 * fonts, fonts of another host where the deployment allows them, then the repository's own
 * stylesheets, which so win over the theme as they do on Mintlify. (The Tailwind utilities a
 * page uses are linked right after the theme's stylesheet once every page is rendered.)
 */
export function stylesheetLinks(site: SiteLayoutData, links: PageLinks): string[] {
  return [
    `<link rel="stylesheet" href="${links.asset(site.assets.css)}">`,
    `<link rel="stylesheet" href="${links.asset(site.assets.siteCss)}">`,
    ...site.externalStylesheets.map(
      (href) => `<link rel="stylesheet" href="${escapeHtml(href)}" crossorigin="anonymous">`,
    ),
    ...site.customStylesheets.map((file) => `<link rel="stylesheet" href="${links.asset(file)}">`),
  ];
}

/** The repository's own scripts: deferred classic scripts, run in order once the page is parsed. */
export function customScriptTags(site: SiteLayoutData, links: PageLinks): string {
  return site.customScripts
    .map((file) => `<script src="${links.asset(file)}" defer></script>\n`)
    .join("");
}

/** The `<head>` of a page of the site; `view` gives its language and translations. */
export function pageHead(
  site: SiteLayoutData,
  page: PageMeta,
  frontmatter: Record<string, unknown>,
  math: boolean,
  links: PageLinks,
  view?: NavigationView,
): string {
  const latex = site.config.styling.latex;
  return [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(page.title === site.config.name ? page.title : `${page.title} - ${site.config.name}`)}</title>`,
    page.description ? `<meta name="description" content="${escapeHtml(page.description)}">` : "",
    page.keywords.length > 0
      ? `<meta name="keywords" content="${escapeHtml(page.keywords.join(", "))}">`
      : "",
    page.noindex || page.hidden ? `<meta name="robots" content="noindex">` : "",
    `<meta name="generator" content="Quire">`,
    ...socialTags(site, page, frontmatter, view, links),
    structuredDataHtml(site, page, view, pageIdentity(site, page, frontmatter)),
    favicons(site, links),
    ...stylesheetLinks(site, links),
    (latex ?? math) ? `<link rel="stylesheet" href="${links.asset(site.assets.katexCss)}">` : "",
    `<script>${THEME_BOOT_SCRIPT}</script>`,
    site.headHtml,
  ]
    .filter(Boolean)
    .join("\n");
}

export function favicons(site: SiteLayoutData, links: PageLinks): string {
  const favicon = site.config.favicon;
  if (!favicon) return "";
  const href = (file: string): string | undefined => {
    if (isExternalUrl(file)) return site.deployment === "air-gapped" ? undefined : file;
    const local = file.replace(/^\/+/, "");
    return site.configAssets.includes(local) ? links.asset(local) : undefined;
  };
  const light = href(favicon.light);
  const dark = href(favicon.dark);
  if (!light && !dark) return "";
  if (light === dark || !dark || !light)
    return `<link rel="icon" href="${escapeHtml((light ?? dark) as string)}">`;
  return `<link rel="icon" href="${escapeHtml(light)}" media="(prefers-color-scheme: light)"><link rel="icon" href="${escapeHtml(dark)}" media="(prefers-color-scheme: dark)">`;
}
