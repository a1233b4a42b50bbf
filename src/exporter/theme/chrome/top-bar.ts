import { ENGLISH, type Messages } from "../../messages/index.ts";
import type { SiteBanner, SiteConfig } from "../../site/types.ts";
import { escapeHtml, inlineMarkdown, isExternalUrl } from "../html.ts";
import type { SiteLayoutData } from "../layout-types.ts";
import type { NavEntry } from "../navigation-view.ts";
import { iconHtml } from "./icon.ts";
import type { PageLinks } from "./links.ts";

/**
 * The announcement above the navbar (`#banner`). Its kind (`banner.type`) picks the theme's
 * colour for it; `banner.color` (hex codes, checked when read) overrides that per mode.
 */
export function bannerHtml(
  banner: SiteBanner | undefined,
  links: PageLinks,
  messages: Messages = ENGLISH,
): string {
  if (!banner) return "";
  const close = banner.dismissible
    ? `<button type="button" class="banner-close" data-banner-close aria-label="${escapeHtml(messages.dismissBanner)}">×</button>`
    : "";
  const color = banner.color
    ? ` style="--quire-banner-light:${banner.color.light};--quire-banner-dark:${banner.color.dark}"`
    : "";
  return `<div id="banner" class="banner banner-${banner.type ?? "info"}${banner.color ? " banner-custom" : ""}" role="region" aria-label="${escapeHtml(messages.announcement)}" data-banner="${escapeHtml(hashText(banner.content))}"${color}><p>${inlineMarkdown(banner.content, links.configUrl)}</p>${close}</div>\n`;
}

/**
 * `#navbar`: the logo, the search button, the navbar links and button, the light/dark switch,
 * and the tab bar below them, in one sticky header.
 */
export function navbarHtml(
  site: SiteLayoutData,
  navbar: SiteConfig["navbar"],
  tabs: NavEntry[],
  links: PageLinks,
  messages: Messages = ENGLISH,
): string {
  const config = site.config;
  const library = config.icons.library;
  const logoImage = (file: string, className: string): string => {
    if (isExternalUrl(file))
      return site.deployment === "air-gapped"
        ? ""
        : `<img class="${className}" src="${escapeHtml(file)}" alt="${escapeHtml(config.name)}">`;
    const local = file.replace(/^\/+/, "");
    return site.configAssets.includes(local)
      ? `<img class="${className}" src="${links.asset(local)}" alt="${escapeHtml(config.name)}">`
      : "";
  };
  const logo = config.logo
    ? logoImage(config.logo.light, "logo logo-light") +
      logoImage(config.logo.dark, "logo logo-dark")
    : "";
  const homeHref = config.logo?.href ? links.configUrl(config.logo.href) : links.url("index");
  const navLinks = navbar.links
    .map(
      (link) =>
        `<a class="navbar-link" href="${escapeHtml(links.configUrl(link.href))}">${iconHtml(link.icon, { library })}${escapeHtml(link.label)}</a>`,
    )
    .join("");
  const primary = navbar.primary
    ? `<a id="topbar-cta-button" class="navbar-primary${navbar.primary.type === "github" ? " navbar-github" : ""}" href="${escapeHtml(links.configUrl(navbar.primary.href))}">${navbar.primary.type === "github" ? iconHtml("github", { library }) : ""}${escapeHtml(navbar.primary.label)}</a>`
    : "";
  const toggle = config.appearance.strict
    ? ""
    : `<button type="button" class="theme-toggle" data-theme-toggle data-component-name="theme-toggle" aria-label="${escapeHtml(messages.toggleTheme)}">${iconHtml("sun", { size: 18 }).replace('class="icon', 'class="icon icon-when-dark')}${iconHtml("moon", { size: 18 }).replace('class="icon', 'class="icon icon-when-light')}</button>`;
  const prompt = config.search.prompt ?? messages.search;
  return `<header id="navbar" class="topbar">
<div class="topbar-inner">
<a class="menu-button" href="#sidebar" data-menu-toggle aria-controls="sidebar" aria-label="${escapeHtml(messages.openNavigation)}">${iconHtml("bars", { size: 18 })}</a>
<a class="brand nav-logo" href="${escapeHtml(homeHref)}">${logo || `<span class="brand-name">${escapeHtml(config.name)}</span>`}</a>
<button type="button" id="search-bar-entry" class="search-button" data-quire-search-open aria-label="${escapeHtml(messages.searchDocumentation)}" aria-keyshortcuts="Control+K Meta+K /">${iconHtml("magnifying-glass", { size: 14 })}<span class="search-prompt">${escapeHtml(prompt)}</span><kbd data-search-shortcut>Ctrl K</kbd></button>
<nav class="navbar topbar-right-container" aria-label="${escapeHtml(messages.siteNavigation)}">${navLinks}${primary}</nav>
${toggle}
</div>
${tabs.length > 1 || tabs.some((tab) => tab.menu) ? tabsBar(tabs, links, library, messages) : ""}</header>`;
}

/**
 * The tab bar (`.nav-tabs`). A tab with a `menu` is a dropdown (`<details>`, so it opens with
 * scripts off) listing its items; a plain tab is a link.
 */
function tabsBar(
  tabs: NavEntry[],
  links: PageLinks,
  library: SiteConfig["icons"]["library"],
  messages: Messages,
): string {
  const items = tabs
    .map((tab) => {
      const label = `${iconHtml(tab.icon, { size: 15, library })}<span>${escapeHtml(tab.title)}</span>`;
      if (!tab.menu)
        return `<a class="tab nav-tabs-item${tab.current ? " current" : ""}" href="${escapeHtml(links.url(tab.target, tab.external))}"${tab.current ? ` aria-current="true" data-active` : ""}>${label}</a>`;
      const entries = tab.menu
        .map(
          (item) =>
            `<a class="nav-dropdown-item${item.current ? " current" : ""}" href="${escapeHtml(links.url(item.target, item.external))}"${item.current ? ` aria-current="true" data-active` : ""}>${item.icon ? `<span class="nav-dropdown-item-icon">${iconHtml(item.icon, { size: 16, library })}</span>` : ""}<span class="nav-dropdown-item-text-container"><span class="nav-dropdown-item-title">${escapeHtml(item.title)}</span>${item.description ? `<span class="nav-dropdown-item-description">${escapeHtml(item.description)}</span>` : ""}</span></a>`,
        )
        .join("");
      return `<details class="tab-menu${tab.current ? " current" : ""}" data-tab-menu><summary class="tab nav-tabs-item nav-dropdown-trigger${tab.current ? " current" : ""}">${label}</summary><div class="nav-dropdown-content">${entries}</div></details>`;
    })
    .join("");
  return `<nav class="tabs-bar nav-tabs" aria-label="${escapeHtml(messages.sectionsNavigation)}"><div class="tabs-bar-inner">${items}</div></nav>\n`;
}

/** A short stable key of the banner's text, so a dismissal is remembered per text. */
export function hashText(text: string): string {
  let hash = 0;
  for (let index = 0; index < text.length; index++) hash = (hash * 31 + text.charCodeAt(index)) | 0;
  return (hash >>> 0).toString(36);
}
