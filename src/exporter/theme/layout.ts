import { clientMessagesJson, fillMessage, type Messages, messagesFor } from "../messages/index.ts";
import { searchEntryFor } from "../search/build-index.ts";
import { languageTag } from "../site/language-tags.ts";
import type { PageMeta } from "../site/page-index.ts";
import { pageLocation, relativeLinker, rootPrefix } from "../site/paths.ts";
import { directoryHtml } from "./chrome/directory.ts";
import { customScriptTags, pageHead, stylesheetLinks } from "./chrome/head.ts";
import { type PageLinks, pageLinks } from "./chrome/links.ts";
import { footerHtml, paginationHtml } from "./chrome/page-footer.ts";
import { deprecatedNotice, pageHeaderHtml } from "./chrome/page-header.ts";
import { sidebarHtml, sidebarOptions } from "./chrome/sidebar.ts";
import { tableOfContentsHtml } from "./chrome/table-of-contents.ts";
import { bannerHtml, hashText, navbarHtml } from "./chrome/top-bar.ts";
import { escapeHtml, inlineMarkdown } from "./html.ts";
import { NOT_FOUND_BASE_SCRIPT, NOT_FOUND_ROOT_SCRIPT, REDIRECT_SCRIPT } from "./inline-scripts.ts";
import type { PageLayoutInput, SiteLayoutData } from "./layout-types.ts";
import { NavigationModel, type NavigationView } from "./navigation-view.ts";
import { pageEndHtml } from "./reader/page-end.ts";
import { menuSettings, pageMenuHtml, rssButtonHtml } from "./reader/page-menu.ts";

/** What each page mode keeps of the page's surroundings (Mintlify's `mode` frontmatter). */
const MODE_CHROME: Record<
  NonNullable<PageMeta["mode"]>,
  { sidebar: boolean; toc: boolean; header: boolean; pagination: boolean; footer: boolean }
> = {
  default: { sidebar: true, toc: true, header: true, pagination: true, footer: true },
  wide: { sidebar: true, toc: false, header: true, pagination: true, footer: true },
  center: { sidebar: false, toc: false, header: true, pagination: true, footer: true },
  frame: { sidebar: true, toc: false, header: false, pagination: false, footer: false },
  custom: { sidebar: false, toc: false, header: false, pagination: false, footer: false },
};

/**
 * The HTML document around a page body. Every link is relative to the page, so the site
 * works under any path prefix and from file://. Pages stay readable and navigable with
 * JavaScript off; the client script only adds behaviour. The markup carries the ids and class
 * names Mintlify documents for custom CSS and JS (`#navbar`, `#sidebar`, `#content-area`,
 * `.mdx-content`…), so a customer's stylesheet written for Mintlify applies.
 */
export function renderPage(
  site: SiteLayoutData,
  input: PageLayoutInput,
  view: NavigationView,
): string {
  const { page, body } = input;
  const from = page.path;
  const links = pageLinks(site, from);
  const mode = page.mode ?? "default";
  const chrome = MODE_CHROME[mode];
  // The side column (examples, panels) takes the table of contents' place, as on Mintlify.
  const side = body.aside && !(mode === "custom" || mode === "frame") ? body.aside : undefined;
  const showToc = chrome.toc && body.toc.length > 0 && !side;
  const footerConfig = view.overrides?.footer ?? site.config.footer;
  const blank = mode === "custom" || mode === "frame";
  const messages = messagesFor(view.language);
  const menu = pageMenuHtml(site, page, links, body.markdown, messages);
  const menuInToc = showToc && menuSettings(site, page).display === "toc";
  const sidebarScript = chrome.sidebar ? sharedSidebarScript(site, view) : undefined;

  const content = blank
    ? `<main id="content-area" class="content custom-area"><div id="content" class="mdx-content custom-content">${body.lead ?? ""}${body.html}${body.aside ?? ""}</div></main>`
    : `<main id="content-area" class="content"><div id="content-container" class="content-container${side ? " with-side-column" : ""}">
${chrome.header ? pageHeaderHtml(page, view, site.config.styling.eyebrows, messages, (menuInToc ? "" : menu) + rssButtonHtml(page, links, messages)) : ""}${body.lead ?? ""}${side ? sideColumnHtml(side, messages) : ""}${deprecatedNotice(page, messages)}<div id="content" class="mdx-content prose">${body.html}</div>
${pageEndHtml(site, page, view.language, messages)}${directoryHtml(view.directory, links, site.config.icons.library, messages)}${chrome.pagination && !page.hideFooterPagination ? paginationHtml(view.previous, view.next, links, messages) : ""}${chrome.footer ? footerHtml(site.config.name, footerConfig, links) : ""}</div></main>`;

  return `<!doctype html>
<html ${htmlAttributes(site, {
    language: view.language,
    classes: [`mode-${mode}`, ...(hasTabBar(view) ? ["has-tabs"] : [])],
    pagePath: from,
    mermaid: body.features.mermaid ? links.asset(site.assets.mermaidScript) : undefined,
    banner: view.overrides?.banner ?? site.config.banner,
  })}>
<head>
${pageHead(site, page, body.frontmatter, body.features.math, links, view)}
</head>
<body>
<a class="skip-link" href="#content-area">${escapeHtml(messages.skipToContent)}</a>
${bodyChrome(site, view, links, messages)}<div id="body-content" class="layout${chrome.sidebar ? "" : " no-sidebar"}${showToc ? "" : " no-toc"}${site.config.theme === "almond" ? " almond-layout" : ""}">
${chrome.sidebar ? sidebarHtml(view, links, { ...sidebarOptions(site.config), messages, deferAway: Boolean(sidebarScript) }) : ""}${content}
${showToc ? tableOfContentsHtml(body.toc, messages, menuInToc ? menu : "") : ""}</div>
${sidebarScriptTag(sidebarScript, links)}<script src="${links.asset(site.assets.script)}" defer></script>
${islandScripts(body.islandModules, site.assets.islandsRuntime, links.asset)}${customScriptTags(site, links)}</body>
</html>
`;
}

/** The examples and panels beside the content: after the header, so a phone reads them there. */
function sideColumnHtml(html: string, messages: Messages): string {
  return `<aside id="content-side-layout" class="side-column" aria-label="${escapeHtml(messages.examples)}"><div class="side-column-inner">${html}</div></aside>\n`;
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

/** The banner and `#navbar` (with the tab bar) that open every page, the 404 page's too. */
function bodyChrome(
  site: SiteLayoutData,
  view: NavigationView,
  links: PageLinks,
  messages: Messages,
): string {
  const banner = view.overrides?.banner ?? site.config.banner;
  const navbar = view.overrides?.navbar ?? site.config.navbar;
  return `${bannerHtml(banner, links, messages)}${navbarHtml(site, navbar, view.tabs, links, messages)}\n`;
}

/** The shared script holding the view's sidebar, when it is too large to repeat in every page. */
function sharedSidebarScript(site: SiteLayoutData, view: NavigationView): string | undefined {
  return site.assets.sidebarScripts?.[view.sidebarScope];
}

/** Loaded deferred before the client script, which fills the sidebar's empty groups from it. */
function sidebarScriptTag(file: string | undefined, links: PageLinks): string {
  return file ? `<script src="${links.asset(file)}" defer></script>\n` : "";
}

/**
 * The attributes of `<html>`: the theme and mode as classes (the stylesheet's layers key on
 * them), the background decoration, and the data the client script and the inline scripts read
 * (never script text built from data).
 */
function htmlAttributes(
  site: SiteLayoutData,
  page: {
    /** The docs.json code of the page's language; none on a site without languages (English). */
    language: string | undefined;
    classes: string[];
    pagePath: string;
    mermaid?: string;
    banner?: SiteLayoutData["config"]["banner"];
  },
): string {
  const config = site.config;
  const classes = [
    `theme-${config.theme}`,
    ...page.classes,
    ...(config.background.decoration ? [`bg-${config.background.decoration}`] : []),
    ...(config.background.image ? ["bg-image"] : []),
    ...(config.styling.codeblocks === "dark" ? ["code-dark"] : []),
    ...(typeof config.styling.codeblocks === "object" ? ["code-themed"] : []),
  ];
  const messages = clientMessagesJson(page.language);
  return [
    `lang="${escapeHtml(languageTag(page.language ?? "en"))}"`,
    `class="${classes.join(" ")}"`,
    `data-root="${rootPrefix(pageLocation(page.pagePath, site.cleanUrls))}"`,
    site.cleanUrls ? `data-clean-urls="true"` : "",
    `data-page="${escapeHtml(page.pagePath)}"`,
    `data-current-path="${escapeHtml(currentPath(page.pagePath))}"`,
    `data-search-index="${escapeHtml(page.language ? searchEntryFor(page.language) : site.assets.searchIndex)}"`,
    // The client script's strings in the page's language (it carries the English ones itself).
    messages ? `data-messages="${escapeHtml(messages)}"` : "",
    site.assistant ? `data-assistant="${escapeHtml(site.assistant)}"` : "",
    config.search.prompt ? `data-search-prompt="${escapeHtml(config.search.prompt)}"` : "",
    `data-appearance="${config.appearance.default}"`,
    config.appearance.strict ? `data-appearance-strict="true"` : "",
    page.mermaid ? `data-mermaid="${page.mermaid}"` : "",
    // Lets the head script hide a dismissed banner before the first paint, without a jump.
    page.banner?.dismissible ? `data-banner-key="${hashText(page.banner.content)}"` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

function hasTabBar(view: NavigationView): boolean {
  return view.tabs.length > 1 || view.tabs.some((tab) => tab.menu);
}

/** Mintlify's `data-current-path`: `/` for the home page, `/guides/setup` for the others. */
function currentPath(pagePath: string): string {
  return pagePath === "index" ? "/" : `/${pagePath.replace(/\/index$/, "")}`;
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
  const link = relativeLinker(pageLocation(pagePath, site.cleanUrls));
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
 * 404.html, inside the site's chrome: navbar, search, the sidebar of the default section and
 * the footer, with docs.json's `errors.404` title and description. Static hosts serve it for any
 * missing path at any depth, so its links are written relative to the site root and its first
 * script makes the root the page's base URL (NOT_FOUND_BASE_SCRIPT) before anything loads.
 * With `errors.404.redirect` the client script sends the reader to the home page instead. Its last
 * script follows the first redirect pattern that matches, from `redirects` (the fallback rules as
 * JSON), which reach it through an attribute of its own element, never as script text.
 */
export function renderNotFoundPage(site: SiteLayoutData, redirects = "[]"): string {
  const notFound = site.config.errors.notFound;
  const view = new NavigationModel(site.config.navigation, site.pages).view(NOT_FOUND_PATH);
  const messages = messagesFor(view.language);
  const title = notFound.title ?? messages.notFoundTitle;
  const links = pageLinks(site, NOT_FOUND_PATH);
  const sidebarScript = sharedSidebarScript(site, view);
  const description = notFound.description
    ? inlineMarkdown(notFound.description, links.configUrl)
    : escapeHtml(messages.notFoundDescription);
  const page: PageMeta = {
    path: NOT_FOUND_PATH,
    file: NOT_FOUND_PATH,
    title,
    hidden: true,
    noindex: true,
    keywords: [],
  };
  const attributes = htmlAttributes(site, {
    language: view.language,
    classes: ["mode-default", "not-found-page", ...(hasTabBar(view) ? ["has-tabs"] : [])],
    pagePath: NOT_FOUND_PATH,
    banner: site.config.banner,
  }).replace(/ data-page="[^"]*"/, "");
  return `<!doctype html>
<html ${attributes}${notFound.redirect ? ` data-not-found-redirect="true"` : ""}>
<head>
<script>${NOT_FOUND_BASE_SCRIPT}</script>
${pageHead(site, page, {}, false, links, view)}
<noscript>${stylesheetLinks(site, { ...links, asset: (file) => `/${encodeURI(file)}` }).join("")}</noscript>
</head>
<body>
<a class="skip-link" href="#content-area">${escapeHtml(messages.skipToContent)}</a>
${bodyChrome(site, view, links, messages)}<div id="body-content" class="layout no-toc">
${sidebarHtml(view, links, { ...sidebarOptions(site.config), messages, deferAway: Boolean(sidebarScript) })}<main id="content-area" class="content"><div id="content-container" class="content-container not-found-container">
<p class="not-found-status-code">404</p>
<h1 id="page-title" class="page-title not-found-title">${escapeHtml(title)}</h1>
<p class="not-found-description">${description}</p>
<p><a class="not-found-home not-found-go-back-button" href="index.html" data-quire-home>${escapeHtml(fillMessage(messages.goTo, { name: site.config.name }))}</a></p>
${footerHtml(site.config.name, site.config.footer, links)}</div></main>
</div>
${sidebarScriptTag(sidebarScript, links)}<script src="${links.asset(site.assets.script)}" defer></script>
${customScriptTags(site, links)}<script data-redirects="${escapeHtml(redirects)}">${NOT_FOUND_ROOT_SCRIPT}</script>
</body>
</html>
`;
}

/** The page path the 404 page is written as: at the bundle root, in no navigation. */
const NOT_FOUND_PATH = "404";

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
