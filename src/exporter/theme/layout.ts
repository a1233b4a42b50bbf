import type { Element } from "hast";
import { toHtml } from "hast-util-to-html";
import { resolveIcon } from "../icons/index.ts";
import type { TocEntry } from "../mdx/rendered-page.ts";
import type { PageMeta } from "../site/page-index.ts";
import { pageOutputFile, relativeLinker, relativeUrl, rootPrefix } from "../site/paths.ts";
import type { SiteConfig } from "../site/types.ts";
import { escapeHtml, inlineMarkdown, isExternalUrl } from "./html.ts";
import { NOT_FOUND_ROOT_SCRIPT, REDIRECT_SCRIPT, THEME_BOOT_SCRIPT } from "./inline-scripts.ts";
import type { PageLayoutInput, SiteLayoutData } from "./layout-types.ts";
import {
  linkTarget,
  type NavEntry,
  type NavigationView,
  type NavTarget,
  type SidebarItem,
  type Switcher,
} from "./navigation-view.ts";

/**
 * The HTML document around a page body. Every link is relative to the page, so the site
 * works under any path prefix and from file://. Pages stay readable and navigable with
 * JavaScript off; the client script only adds behaviour.
 */
export function renderPage(
  site: SiteLayoutData,
  input: PageLayoutInput,
  view: NavigationView,
): string {
  const { page, body } = input;
  const from = page.path;
  const link = relativeLinker(from);
  const url = (target: string, external = false): string => {
    if (external || isExternalUrl(target)) return target;
    const hash = target.indexOf("#");
    if (hash >= 0) return (hash > 0 ? url(target.slice(0, hash)) : "") + target.slice(hash);
    // A config link may name a file of the bundle (`/openapi.json`) rather than a page.
    return link(
      site.pages[target] || !/\.[a-z0-9]+$/i.test(target) ? pageOutputFile(target) : target,
    );
  };
  /** A link written in the config (navbar, footer, banner): a page of the site or another site. */
  const configUrl = (href: string): string =>
    href.startsWith("#") ? href : url(linkTarget(href, site.pages).target);
  const asset = (file: string): string => encodeURI(link(file));
  const mode = page.mode ?? "default";
  const showSidebar = mode !== "center" && mode !== "custom";
  const showToc = mode === "default" && body.toc.length > 0;
  const language = view.language ?? "en";

  const head = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(page.title === site.config.name ? page.title : `${page.title} - ${site.config.name}`)}</title>`,
    page.description ? `<meta name="description" content="${escapeHtml(page.description)}">` : "",
    page.keywords.length > 0
      ? `<meta name="keywords" content="${escapeHtml(page.keywords.join(", "))}">`
      : "",
    page.noindex || page.hidden ? `<meta name="robots" content="noindex">` : "",
    `<meta name="generator" content="Quire">`,
    ...metaTags(site.config.seo.metatags, body.frontmatter, page),
    favicons(site, asset),
    `<link rel="stylesheet" href="${asset(site.assets.css)}">`,
    body.features.math ? `<link rel="stylesheet" href="${asset(site.assets.katexCss)}">` : "",
    `<script>${THEME_BOOT_SCRIPT}</script>`,
    site.headHtml,
  ].filter(Boolean);

  const htmlAttributes = [
    `lang="${escapeHtml(language)}"`,
    `class="mode-${mode}"`,
    `data-root="${rootPrefix(from)}"`,
    `data-page="${escapeHtml(from)}"`,
    `data-search-index="${escapeHtml(site.assets.searchIndex)}"`,
    `data-appearance="${site.config.appearance.default}"`,
    site.config.appearance.strict ? `data-appearance-strict="true"` : "",
    body.features.mermaid ? `data-mermaid="${asset(site.assets.mermaidScript)}"` : "",
    // Lets the head script hide a dismissed banner before the first paint, without a jump.
    site.config.banner?.dismissible
      ? `data-banner-key="${hashText(site.config.banner.content)}"`
      : "",
    `style="${colorVariables(site.config)}"`,
  ].filter(Boolean);

  const content =
    mode === "custom"
      ? `<main id="content" class="custom-content">${body.html}</main>`
      : `<main id="content" class="content">
${breadcrumb(view.breadcrumb)}<header class="page-header"><h1 class="page-title">${escapeHtml(page.title)}</h1>${page.description ? `<p class="page-description">${escapeHtml(page.description)}</p>` : ""}${copyPageLink(from)}</header>
<div class="prose">${body.html}</div>
${pagination(view.previous, view.next, url)}${footer(site, configUrl)}</main>`;

  return `<!doctype html>
<html ${htmlAttributes.join(" ")}>
<head>
${head.join("\n")}
</head>
<body>
<a class="skip-link" href="#content">Skip to content</a>
${banner(site, configUrl)}${topBar(site, url, configUrl, asset)}
${view.tabs.length > 1 ? tabsBar(view.tabs, url) : ""}<div class="layout${showSidebar ? "" : " no-sidebar"}${showToc ? "" : " no-toc"}">
${showSidebar ? sidebar(view, url) : ""}${content}
${showToc ? tableOfContents(body.toc) : ""}</div>
<script src="${asset(site.assets.script)}" defer></script>
${islandScripts(body.islandModules, site.assets.islandsRuntime, asset)}</body>
</html>
`;
}

/**
 * The islands runtime, then the page's component modules: deferred classic scripts run in this
 * order once the page is parsed, and the runtime starts the components after the last one.
 */
function islandScripts(
  modules: PageLayoutInput["body"]["islandModules"],
  runtime: string,
  asset: (file: string) => string,
): string {
  if (!modules || modules.length === 0) return "";
  return [runtime, ...modules.map((module) => module.path)]
    .map((file) => `<script src="${asset(file)}" defer></script>\n`)
    .join("");
}

/**
 * A rendered page with one more stylesheet, right after the theme's: the Tailwind utilities,
 * whose hashed name is known only once every page is rendered. Pages that need none never get it.
 * Works on the page's bytes: a large site's pages are not decoded and encoded again.
 */
export function linkPageStylesheet(
  html: Buffer,
  site: SiteLayoutData,
  pagePath: string,
  file: string,
): Buffer {
  const link = relativeLinker(pagePath);
  const themeLink = Buffer.from(
    `<link rel="stylesheet" href="${encodeURI(link(site.assets.css))}">`,
  );
  const at = html.indexOf(themeLink);
  if (at < 0) return html;
  const end = at + themeLink.length;
  return Buffer.concat([
    html.subarray(0, end),
    Buffer.from(`\n<link rel="stylesheet" href="${encodeURI(link(file))}">`),
    html.subarray(end),
  ]);
}

/**
 * 404.html. Static hosts serve it for any missing path, at any depth, so nothing in it may
 * depend on where it is: its styles are inline, and its home link is root-relative. When the
 * site lives under a prefix, a small script finds the site root by probing for
 * quire-export.json in the parent folders of the missing URL and fixes the link; then it follows
 * the first redirect pattern that matches, from `redirects` (the fallback rules as JSON), which
 * reach it through an attribute of its own element, never as script text.
 */
export function renderNotFoundPage(site: SiteLayoutData, redirects = "[]"): string {
  return `<!doctype html>
<html lang="en" data-appearance="${site.config.appearance.default}" style="${colorVariables(site.config)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Page not found - ${escapeHtml(site.config.name)}</title>
<script>${THEME_BOOT_SCRIPT}</script>
<style>${NOT_FOUND_STYLES}</style>
</head>
<body>
<main class="not-found">
<p class="code">404</p>
<h1>Page not found</h1>
<p>The page you are looking for does not exist or has moved.</p>
<p><a class="home" href="/index.html" data-quire-home>Go to ${escapeHtml(site.config.name)}</a></p>
</main>
<script data-redirects="${escapeHtml(redirects)}">${NOT_FOUND_ROOT_SCRIPT}</script>
</body>
</html>
`;
}

const NOT_FOUND_STYLES =
  "body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#fff;color:#171a1f}[data-theme=dark] body{background:#0f1115;color:#e8eaed}.not-found{max-width:32rem;margin:18vh auto;padding:0 1.5rem;text-align:center}.code{font-size:4rem;font-weight:800;margin:0;color:var(--quire-primary)}h1{margin:.25rem 0 1rem}.home{display:inline-block;margin-top:1rem;padding:.6rem 1.1rem;border-radius:999px;background:var(--quire-primary);color:#fff;text-decoration:none;font-weight:600}";

/** A tiny page standing in for a redirect: a static host cannot send a real one. */
export function renderRedirectPage(site: SiteLayoutData, fromPath: string, toUrl: string): string {
  const target = escapeHtml(toUrl);
  return `<!doctype html>
<html lang="en" data-redirect="${target}">
<head>
<meta charset="utf-8">
<title>Redirecting - ${escapeHtml(site.config.name)}</title>
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=${target}">
<link rel="canonical" href="${target}">
<script>${REDIRECT_SCRIPT}</script>
</head>
<body>
<p>This page (${escapeHtml(fromPath)}) has moved to <a href="${target}">${target}</a>.</p>
</body>
</html>
`;
}

function colorVariables(config: SiteConfig): string {
  return `--quire-primary:${config.colors.primary};--quire-primary-light:${config.colors.light};--quire-primary-dark:${config.colors.dark}`;
}

function metaTags(
  metatags: Record<string, string>,
  frontmatter: Record<string, unknown>,
  page: PageMeta,
): string[] {
  const tags = new Map<string, string>(Object.entries(metatags));
  tags.set("og:title", page.title);
  if (page.description) tags.set("og:description", page.description);
  for (const [key, value] of Object.entries(frontmatter)) {
    if (
      (key.startsWith("og:") || key.startsWith("twitter:")) &&
      (typeof value === "string" || typeof value === "number")
    )
      tags.set(key, String(value));
  }
  return [...tags].map(([name, content]) => {
    const attribute = name.startsWith("og:") ? "property" : "name";
    return `<meta ${attribute}="${escapeHtml(name)}" content="${escapeHtml(content)}">`;
  });
}

function favicons(site: SiteLayoutData, asset: (file: string) => string): string {
  const favicon = site.config.favicon;
  if (!favicon) return "";
  const href = (file: string): string | undefined => {
    if (isExternalUrl(file)) return site.deployment === "air-gapped" ? undefined : file;
    const local = file.replace(/^\/+/, "");
    return site.configAssets.includes(local) ? asset(local) : undefined;
  };
  const light = href(favicon.light);
  const dark = href(favicon.dark);
  if (!light && !dark) return "";
  if (light === dark || !dark || !light)
    return `<link rel="icon" href="${escapeHtml((light ?? dark) as string)}">`;
  return `<link rel="icon" href="${escapeHtml(light)}" media="(prefers-color-scheme: light)"><link rel="icon" href="${escapeHtml(dark)}" media="(prefers-color-scheme: dark)">`;
}

function iconHtml(name: string | undefined, site: SiteLayoutData | undefined, size = 16): string {
  if (!name) return "";
  const element = resolveIcon(name, { size }, site?.config.icons.library);
  return element ? toHtml(element as Element, { allowDangerousHtml: true }) : "";
}

function banner(site: SiteLayoutData, configUrl: (href: string) => string): string {
  const config = site.config.banner;
  if (!config) return "";
  const close = config.dismissible
    ? `<button type="button" class="banner-close" data-banner-close aria-label="Dismiss banner">×</button>`
    : "";
  return `<div class="banner" role="region" aria-label="Announcement" data-banner="${escapeHtml(hashText(config.content))}"><p>${inlineMarkdown(config.content, configUrl)}</p>${close}</div>\n`;
}

function topBar(
  site: SiteLayoutData,
  url: (target: string, external?: boolean) => string,
  configUrl: (href: string) => string,
  asset: (file: string) => string,
): string {
  const config = site.config;
  const logoImage = (file: string, className: string): string => {
    if (isExternalUrl(file))
      return site.deployment === "air-gapped"
        ? ""
        : `<img class="${className}" src="${escapeHtml(file)}" alt="${escapeHtml(config.name)}">`;
    const local = file.replace(/^\/+/, "");
    return site.configAssets.includes(local)
      ? `<img class="${className}" src="${asset(local)}" alt="${escapeHtml(config.name)}">`
      : "";
  };
  const logo = config.logo
    ? logoImage(config.logo.light, "logo logo-light") +
      logoImage(config.logo.dark, "logo logo-dark")
    : "";
  const homeHref = config.logo?.href ? configUrl(config.logo.href) : url("index");
  const links = config.navbar.links
    .map(
      (link) =>
        `<a class="navbar-link" href="${escapeHtml(configUrl(link.href))}">${iconHtml(link.icon, site)}${escapeHtml(link.label)}</a>`,
    )
    .join("");
  const primary = config.navbar.primary
    ? `<a class="navbar-primary${config.navbar.primary.type === "github" ? " navbar-github" : ""}" href="${escapeHtml(configUrl(config.navbar.primary.href))}">${config.navbar.primary.type === "github" ? iconHtml("github", site) : ""}${escapeHtml(config.navbar.primary.label)}</a>`
    : "";
  const toggle = config.appearance.strict
    ? ""
    : `<button type="button" class="theme-toggle" data-theme-toggle aria-label="Switch between light and dark theme">${iconHtml("sun", undefined, 18).replace('class="icon', 'class="icon icon-when-dark')}${iconHtml("moon", undefined, 18).replace('class="icon', 'class="icon icon-when-light')}</button>`;
  return `<header class="topbar">
<div class="topbar-inner">
<a class="menu-button" href="#sidebar" data-menu-toggle aria-controls="sidebar" aria-label="Open navigation">${iconHtml("bars", undefined, 18)}</a>
<a class="brand" href="${escapeHtml(homeHref)}">${logo || `<span class="brand-name">${escapeHtml(config.name)}</span>`}</a>
<button type="button" class="search-button" data-quire-search-open aria-label="Search the documentation" aria-keyshortcuts="Control+K Meta+K /">${iconHtml("magnifying-glass", undefined, 14)}<span>Search…</span><kbd data-search-shortcut>Ctrl K</kbd></button>
<nav class="navbar" aria-label="Site">${links}${primary}</nav>
${toggle}
</div>
</header>`;
}

function tabsBar(tabs: NavEntry[], url: (target: string, external?: boolean) => string): string {
  const items = tabs
    .map(
      (tab) =>
        `<a class="tab${tab.current ? " current" : ""}" href="${escapeHtml(url(tab.target, tab.external))}"${tab.current ? ` aria-current="true"` : ""}>${iconHtml(tab.icon, undefined, 15)}${escapeHtml(tab.title)}</a>`,
    )
    .join("");
  return `<nav class="tabs-bar" aria-label="Sections"><div class="tabs-bar-inner">${items}</div></nav>\n`;
}

function sidebar(
  view: NavigationView,
  url: (target: string, external?: boolean) => string,
): string {
  const switchers = view.switchers.map((switcher) => switcherHtml(switcher, url)).join("");
  const anchors =
    view.anchors.length > 0
      ? `<ul class="sidebar-anchors">${view.anchors.map((anchor) => `<li><a class="sidebar-anchor${anchor.current ? " current" : ""}" href="${escapeHtml(url(anchor.target, anchor.external))}"${anchor.current ? ` aria-current="true"` : ""}>${iconHtml(anchor.icon, undefined, 15)}<span>${escapeHtml(anchor.title)}</span></a></li>`).join("")}</ul>`
      : "";
  const mobileTabs =
    view.tabs.length > 1
      ? `<ul class="sidebar-tabs">${view.tabs.map((tab) => `<li><a class="${tab.current ? "current" : ""}" href="${escapeHtml(url(tab.target, tab.external))}">${escapeHtml(tab.title)}</a></li>`).join("")}</ul>`
      : "";
  return `<nav id="sidebar" class="sidebar" aria-label="Documentation">
<a class="sidebar-close" href="#" data-menu-close aria-label="Close navigation">×</a>
${switchers}${mobileTabs}${anchors}<div class="sidebar-groups">${view.sidebar.map((item) => sidebarItem(item, url, 0)).join("")}</div>
</nav>
`;
}

function switcherHtml(
  switcher: Switcher,
  url: (target: string, external?: boolean) => string,
): string {
  const current = switcher.options.find((option) => option.current) ?? switcher.options[0];
  if (!current || switcher.options.length < 2) return "";
  const label =
    switcher.kind === "language" ? "Language" : switcher.kind === "version" ? "Version" : "Section";
  const options = switcher.options
    .map(
      (option) =>
        `<li><a href="${escapeHtml(url(option.target, option.external))}"${option.current ? ` aria-current="true" class="current"` : ""}>${iconHtml(option.icon, undefined, 15)}<span>${escapeHtml(option.title)}</span>${option.description ? `<small>${escapeHtml(option.description)}</small>` : ""}</a></li>`,
    )
    .join("");
  return `<details class="switcher switcher-${switcher.kind}"><summary aria-label="${label}: ${escapeHtml(current.title)}">${iconHtml(current.icon, undefined, 15)}<span>${escapeHtml(current.title)}</span></summary><ul>${options}</ul></details>`;
}

function sidebarItem(
  item: SidebarItem,
  url: (target: string, external?: boolean) => string,
  depth: number,
): string {
  const icon = iconHtml(item.icon, undefined, 14);
  const tag = item.tag ? `<span class="nav-tag">${escapeHtml(item.tag)}</span>` : "";
  if (item.type === "page") {
    const external = item.external ? ` target="_blank" rel="noopener"` : "";
    const method = item.method
      ? `<span class="nav-method nav-method-${escapeHtml(item.method)}">${item.method === "delete" ? "DEL" : item.method === "webhook" ? "HOOK" : escapeHtml(item.method.toUpperCase())}</span>`
      : "";
    return `<a class="nav-link${item.current ? " current" : ""}" href="${escapeHtml(url(item.target, item.external))}"${item.current ? ` aria-current="page"` : ""}${external}>${method}${icon}<span>${escapeHtml(item.title)}</span>${tag}</a>`;
  }
  const children = item.items.map((child) => sidebarItem(child, url, depth + 1)).join("");
  const title = item.root
    ? `<a class="nav-group-root${item.current ? " current" : ""}" href="${escapeHtml(url(item.root))}"${item.current ? ` aria-current="page"` : ""}>${icon}<span>${escapeHtml(item.title)}</span>${tag}</a>`
    : `${icon}<span>${escapeHtml(item.title)}</span>${tag}`;
  if (depth === 0) {
    return `<section class="nav-group"><h2 class="nav-group-title">${title}</h2>${children}</section>`;
  }
  return `<details class="nav-subgroup"${item.open ? " open" : ""}><summary>${title}</summary><div class="nav-subgroup-items">${children}</div></details>`;
}

function breadcrumb(trail: string[]): string {
  const last = trail.at(-1);
  return last ? `<p class="eyebrow">${escapeHtml(last)}</p>` : "";
}

function copyPageLink(from: string): string {
  const markdown = encodeURI(relativeUrl(from, `${from}.md`));
  return `<div class="page-actions"><a class="copy-page" href="${markdown}" data-copy-page>${iconHtml("copy", undefined, 14)}<span>Copy page</span></a></div>`;
}

function pagination(
  previous: NavTarget | undefined,
  next: NavTarget | undefined,
  url: (target: string) => string,
): string {
  if (!previous && !next) return "";
  const link = (target: NavTarget, direction: "previous" | "next"): string =>
    `<a class="pager-${direction}" href="${escapeHtml(url(target.target))}" rel="${direction === "previous" ? "prev" : "next"}"><small>${direction === "previous" ? "Previous" : "Next"}</small><span>${escapeHtml(target.title)}</span></a>`;
  return `<nav class="pager" aria-label="Previous and next pages">${previous ? link(previous, "previous") : "<span></span>"}${next ? link(next, "next") : ""}</nav>\n`;
}

const SOCIAL_ICONS: Record<string, string> = {
  x: "x-twitter",
  twitter: "x-twitter",
  website: "globe",
  earth: "globe",
  "hacker-news": "hacker-news",
  facebook: "facebook",
  linkedin: "linkedin",
  github: "github",
  discord: "discord",
  slack: "slack",
  youtube: "youtube",
  instagram: "instagram",
  medium: "medium",
  reddit: "reddit",
  telegram: "telegram",
  bluesky: "bluesky",
  threads: "threads",
  mastodon: "mastodon",
};

function footer(site: SiteLayoutData, configUrl: (href: string) => string): string {
  const { socials, links } = site.config.footer;
  const socialHtml = Object.entries(socials)
    .map(
      ([network, href]) =>
        `<a href="${escapeHtml(href)}" aria-label="${escapeHtml(network)}" rel="noopener">${iconHtml(SOCIAL_ICONS[network] ?? network, undefined, 18) || escapeHtml(network)}</a>`,
    )
    .join("");
  const columns = links
    .map(
      (column) =>
        `<div class="footer-column">${column.header ? `<h2>${escapeHtml(column.header)}</h2>` : ""}<ul>${column.items.map((item) => `<li><a href="${escapeHtml(configUrl(item.href))}">${escapeHtml(item.label)}</a></li>`).join("")}</ul></div>`,
    )
    .join("");
  return `<footer class="site-footer">${columns ? `<div class="footer-columns">${columns}</div>` : ""}<div class="footer-bottom">${socialHtml ? `<div class="footer-socials">${socialHtml}</div>` : ""}<p class="footer-credit">${escapeHtml(site.config.name)}</p></div></footer>\n`;
}

function tableOfContents(toc: TocEntry[]): string {
  const items = toc
    .map(
      (entry) =>
        `<li class="toc-depth-${entry.depth}"><a href="#${escapeHtml(entry.id)}">${escapeHtml(entry.text)}</a></li>`,
    )
    .join("");
  return `<aside class="toc" aria-labelledby="toc-title"><p id="toc-title" class="toc-title">On this page</p><ul>${items}</ul></aside>\n`;
}

function hashText(text: string): string {
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = (hash * 31 + text.charCodeAt(index)) | 0;
  return (hash >>> 0).toString(36);
}
