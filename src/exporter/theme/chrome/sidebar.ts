import { ENGLISH, type Messages } from "../../messages/index.ts";
import type { SiteConfig } from "../../site/types.ts";
import { TextCache } from "../../text-cache.ts";
import { escapeHtml } from "../html.ts";
import type {
  NavEntry,
  NavigationView,
  SharedSidebar,
  SidebarItem,
  Switcher,
} from "../navigation-view.ts";
import { iconHtml } from "./icon.ts";
import type { PageLinks } from "./links.ts";

export interface SidebarOptions {
  library: SiteConfig["icons"]["library"];
  /** `interaction.drilldown`: a group without a page of its own links to its first page. */
  drilldown: boolean;
  /** The interface's strings, in the page's language. */
  messages?: Messages;
  /**
   * Leave out the entries of groups that do not hold the page: each such group's list is left
   * empty, marked `data-sidebar-group="<id>"`, and the shared sidebar script (sidebar-script.ts)
   * fills it in the browser.
   */
  deferAway?: boolean;
  /**
   * With `deferAway`, the sidebar as the shared script holds it: a long list of the page's
   * branch is then cut to a window around the page (`SIDEBAR_LIST_LIMIT`).
   */
  shared?: SharedSidebar;
}

/**
 * A list of more entries than this (a group's, or the sidebar's top level) is not written whole
 * into the pages of a split sidebar: each page keeps `SIDEBAR_LIST_WINDOW` of them around its
 * own entry, and the shared script holds the list entry by entry for the client to fill in the
 * rest. Splitting by group left a flat group whole in each of its pages: 5,002 pages in one
 * group (an API reference can be that) made pages of 510 KB, a bundle of 302 MB and an export
 * 2.6 times as long as the same pages in groups of 100.
 */
export const SIDEBAR_LIST_LIMIT = 200;
export const SIDEBAR_LIST_WINDOW = 100;

/** The site's sidebar settings. */
export function sidebarOptions(config: SiteConfig): SidebarOptions {
  return {
    library: config.icons.library,
    drilldown: config.interaction.drilldown ?? THEME_DRILLDOWN.has(config.theme),
  };
}

/** Themes whose groups open their first page when clicked, unless `interaction.drilldown` says otherwise. */
const THEME_DRILLDOWN: ReadonlySet<string> = new Set(["aspen", "almond"]);

/**
 * The shared sidebar script's content: the entries of every group of a sidebar (indexed by
 * group id) as pages away from the group show them, with the groups inside left to fill in
 * turn; then, when the top level is a long list, its entries. A long list is kept entry by entry
 * (an array), so the client can fill the runs a page left out of it. `links` are a root page's,
 * so every page link is relative to the bundle root.
 */
export function sharedSidebarContents(
  sidebar: SharedSidebar,
  links: PageLinks,
  options: SidebarOptions,
): (string | string[])[] {
  const deferred = { ...options, deferAway: true, shared: undefined };
  const list = (items: SidebarItem[], depth: number): string | string[] => {
    const entries = items.map((child) => sidebarItem(child, links, deferred, depth));
    return items.length > SIDEBAR_LIST_LIMIT ? entries : entries.join("");
  };
  const contents = sidebar.groups.map((group) => list(group.items, 1));
  if (sidebar.items.length > SIDEBAR_LIST_LIMIT) contents.push(list(sidebar.items, 0));
  return contents;
}

/** The number the shared script files a sidebar's top-level list under: after its groups. */
function topLevelListId(sidebar: SharedSidebar): number {
  return sidebar.groups.length;
}

/**
 * `#sidebar` with its scrolling `#sidebar-content`: switchers, the tabs (shown here on small
 * screens, where the tab bar is hidden), anchors, then the groups of the current section.
 */
export function sidebarHtml(
  view: NavigationView,
  links: PageLinks,
  options: SidebarOptions,
): string {
  const { library } = options;
  const messages = options.messages ?? ENGLISH;
  const shared = options.deferAway ? view.sharedSidebar : undefined;
  const listOptions = shared ? { ...options, shared } : options;
  const switchers = view.switchers
    .map((switcher) => switcherHtml(switcher, links, library, messages))
    .join("");
  const anchors =
    view.anchors.length > 0
      ? `<ul class="sidebar-anchors nav-anchors">${view.anchors.map((anchor) => `<li><a class="sidebar-anchor nav-anchor${anchor.current ? " current" : ""}" href="${escapeHtml(links.url(anchor.target, anchor.external))}"${anchor.current ? ` aria-current="true" data-active` : ""}>${anchorIcon(anchor, library)}<span>${escapeHtml(anchor.title)}</span></a></li>`).join("")}</ul>`
      : "";
  const mobileTabs =
    view.tabs.length > 1 || view.tabs.some((tab) => tab.menu)
      ? `<ul class="sidebar-tabs">${view.tabs.map((tab) => `<li><a class="mobile-nav-tabs-item${tab.current ? " current" : ""}" href="${escapeHtml(links.url(tab.target, tab.external))}"${tab.current ? " data-active" : ""}>${escapeHtml(tab.title)}</a>${tab.menu && tab.current ? `<ul class="sidebar-tab-menu">${tab.menu.map((item) => `<li><a class="${item.current ? "current" : ""}" href="${escapeHtml(links.url(item.target, item.external))}">${escapeHtml(item.title)}</a></li>`).join("")}</ul>` : ""}</li>`).join("")}</ul>`
      : "";
  return `<nav id="sidebar" class="sidebar" aria-label="${escapeHtml(messages.documentationNavigation)}">
<a class="sidebar-close" href="#" data-menu-close aria-label="${escapeHtml(messages.closeNavigation)}">×</a>
<div id="sidebar-content" class="sidebar-content">${switchers}${mobileTabs}${anchors}<div class="sidebar-groups">${listHtml(view.sidebar, shared && { id: topLevelListId(shared), entries: shared.items }, links, listOptions, 0)}</div></div>
</nav>
`;
}

/** An anchor's icon, in its own colour when docs.json gives one (hex codes, checked when read). */
function anchorIcon(anchor: NavEntry, library: SiteConfig["icons"]["library"]): string {
  const icon = iconHtml(anchor.icon, { size: 15, library });
  if (!icon || !anchor.color) return icon;
  return `<span class="anchor-icon" style="--anchor-light:${anchor.color.light};--anchor-dark:${anchor.color.dark}">${icon}</span>`;
}

function switcherHtml(
  switcher: Switcher,
  links: PageLinks,
  library: SiteConfig["icons"]["library"],
  messages: Messages,
): string {
  const current = switcher.options.find((option) => option.current) ?? switcher.options[0];
  if (!current || switcher.options.length < 2) return "";
  const label =
    switcher.kind === "language"
      ? messages.language
      : switcher.kind === "version"
        ? messages.version
        : messages.section;
  const options = switcher.options
    .map(
      (option) =>
        `<li><a href="${escapeHtml(links.url(option.target, option.external))}"${option.current ? ` aria-current="true" class="current"` : ""}>${iconHtml(option.icon, { size: 15, library })}<span>${escapeHtml(option.title)}</span>${option.description ? `<small>${escapeHtml(option.description)}</small>` : ""}</a></li>`,
    )
    .join("");
  const id = switcher.kind === "language" ? ` id="localization-select-trigger"` : "";
  return `<details class="switcher switcher-${switcher.kind}"><summary${id} aria-label="${escapeHtml(label)}: ${escapeHtml(current.title)}">${iconHtml(current.icon, { size: 15, library })}<span>${escapeHtml(current.title)}</span></summary><ul>${options}</ul></details>`;
}

/**
 * The HTML of groups that do not hold the page, by group and by what else it depends on: such
 * a group is one object that every page of its sidebar shares (navigation-view.ts), and pages
 * in one folder link to its pages alike, so a sidebar of many groups is made once per folder
 * rather than once per page. Bounded, since a thread renders pages of every folder in turn: kept
 * for every folder, CrewAI's docs (140 sidebars of a language and version, 24,667 pages) held
 * over 100 MB of it in each render thread at 4,000 pages, and ran out of memory before the end.
 */
const awayGroups = new TextCache(4_000_000);
const itemNumbers = new WeakMap<SidebarItem, number>();
const messageSets = new WeakMap<Messages, number>();
let objectCount = 0;

/** A number for an object while it lives: the part of a cache key that names it. */
function numberOf<T extends object>(numbers: WeakMap<T, number>, object: T): number {
  let number = numbers.get(object);
  if (number === undefined) {
    number = objectCount++;
    numbers.set(object, number);
  }
  return number;
}

/**
 * A page's entry as the pages not on it show it, with the context it was made in (what its
 * HTML depends on besides the entry): entries of the page's own group are shared objects as
 * well, and a group's pages mostly share a folder, so an entry is made once per run of pages in
 * one folder rather than once per page. One per entry, so it holds no more than the sidebar.
 */
const awayPages = new WeakMap<SidebarItem, { context: string; html: string }>();

function sidebarItem(
  item: SidebarItem,
  links: PageLinks,
  options: SidebarOptions,
  depth: number,
): string {
  if (item.current || links.folder === undefined) return itemHtml(item, links, options, depth);
  const messages = numberOf(messageSets, options.messages ?? ENGLISH);
  if (item.type === "page") {
    const context = `${links.folder}\0${options.library}\0${messages}`;
    const kept = awayPages.get(item);
    if (kept?.context === context) return kept.html;
    const html = itemHtml(item, links, options, depth);
    awayPages.set(item, { context, html });
    return html;
  }
  if (item.holdsCurrent) return itemHtml(item, links, options, depth);
  const key = `${numberOf(itemNumbers, item)}\0${links.folder}\0${depth}\0${options.library}\0${options.drilldown}\0${options.deferAway}\0${messages}`;
  let html = awayGroups.get(key);
  if (html === undefined) {
    html = itemHtml(item, links, options, depth);
    awayGroups.set(key, html);
  }
  return html;
}

function itemHtml(
  item: SidebarItem,
  links: PageLinks,
  options: SidebarOptions,
  depth: number,
): string {
  const icon = iconHtml(item.icon, {
    size: 14,
    library: options.library,
    ...(item.type === "page" && item.iconType ? { iconType: item.iconType } : {}),
  });
  const tag = item.tag
    ? `<span class="nav-tag nav-tag-pill"><span class="nav-tag-pill-text">${escapeHtml(item.tag)}</span></span>`
    : "";
  if (item.type === "page") {
    const external = item.external ? ` target="_blank" rel="noopener"` : "";
    const method = item.method
      ? `<span class="nav-method method-nav-pill nav-method-${escapeHtml(item.method)}">${item.method === "delete" ? "DEL" : item.method === "webhook" ? "HOOK" : escapeHtml(item.method.toUpperCase())}</span>`
      : "";
    const deprecated = item.deprecated
      ? `<span class="nav-deprecated" title="${escapeHtml((options.messages ?? ENGLISH).deprecated)}">${escapeHtml((options.messages ?? ENGLISH).deprecated)}</span>`
      : "";
    return `<li${item.current ? " data-active" : ""}><a class="nav-link${item.current ? " current" : ""}${item.deprecated ? " deprecated" : ""}" href="${escapeHtml(links.url(item.target, item.external))}"${item.current ? ` aria-current="page"` : ""}${external}>${method}${icon}<span>${escapeHtml(item.title)}</span>${tag}${deprecated}</a></li>`;
  }
  const deferred = options.deferAway && !item.holdsCurrent;
  const sharedGroup = options.shared?.groups[item.id];
  const children = deferred
    ? ""
    : listHtml(
        item.items,
        sharedGroup && { id: item.id, entries: sharedGroup.items },
        links,
        options,
        depth + 1,
      );
  const fill = deferred ? ` data-sidebar-group="${item.id}"` : "";
  const rootTarget = item.root ?? (options.drilldown && depth > 0 ? firstPage(item) : undefined);
  const groupIcon = icon ? `<span class="sidebar-group-icon">${icon}</span>` : "";
  const title = rootTarget
    ? `<a class="nav-group-root${item.current ? " current" : ""}" href="${escapeHtml(links.url(rootTarget))}"${item.current ? ` aria-current="page"` : ""}>${groupIcon}<span>${escapeHtml(item.title)}</span>${tag}</a>`
    : `${groupIcon}<span>${escapeHtml(item.title)}</span>${tag}`;
  if (depth === 0) {
    return `<section class="nav-group sidebar-group"${item.open ? " data-active" : ""}><h2 class="nav-group-title sidebar-group-header">${title}</h2><ul class="nav-group-items"${fill}>${children}</ul></section>`;
  }
  return `<li><details class="nav-subgroup sidebar-group"${item.open ? " open data-active" : ""}><summary>${title}</summary><ul class="nav-subgroup-items"${fill}>${children}</ul></details></li>`;
}

/** A list as the shared script holds it: its number there and its entries. */
interface SharedList {
  id: number;
  entries: SidebarItem[];
}

/**
 * A list's entries as the page shows them: whole, or, for a long list of a split sidebar, a
 * window of them around the page's own entry (the first ones when the list holds none), with
 * an empty, hidden stand-in for each run left out: `data-sidebar-entries="<list>:<from>:<to>"`,
 * which the client script fills from the shared script (components/sidebar.ts).
 */
function listHtml(
  items: SidebarItem[],
  shared: SharedList | undefined,
  links: PageLinks,
  options: SidebarOptions,
  depth: number,
): string {
  const entries = (from: number, to: number): string => {
    let html = "";
    for (let index = from; index < to; index++)
      html += sidebarItem(items[index] as SidebarItem, links, options, depth);
    return html;
  };
  const window = shared ? entryWindow(items, shared.entries) : undefined;
  if (!shared || !window) return entries(0, items.length);
  const leftOut = (from: number, to: number): string =>
    from < to ? `<li hidden data-sidebar-entries="${shared.id}:${from}:${to}"></li>` : "";
  return `${leftOut(0, window.start)}${entries(window.start, window.end)}${leftOut(window.end, items.length)}`;
}

/**
 * Which entries of a long list the page writes, when the list is the shared one entry for entry
 * but for the page's own entry (or the group holding it): the list's stand-ins are filled from
 * the shared copy, so any other difference (a hidden page shown on its own page, a page listed
 * twice) keeps the list whole.
 */
function entryWindow(
  items: SidebarItem[],
  shared: SidebarItem[],
): { start: number; end: number } | undefined {
  if (items.length <= SIDEBAR_LIST_LIMIT || items.length !== shared.length) return undefined;
  let own: number | undefined;
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as SidebarItem;
    if (item === shared[index]) continue;
    const onBranch = item.current || (item.type === "group" && item.holdsCurrent);
    if (own !== undefined || !onBranch) return undefined;
    own = index;
  }
  const start = Math.max(
    0,
    Math.min((own ?? 0) - SIDEBAR_LIST_WINDOW / 2, items.length - SIDEBAR_LIST_WINDOW),
  );
  return { start, end: start + SIDEBAR_LIST_WINDOW };
}

/** The first page a group leads to, for drill-down groups. */
function firstPage(item: SidebarItem): string | undefined {
  if (item.type === "page") return item.external ? undefined : item.target;
  if (item.root) return item.root;
  for (const child of item.items) {
    const found = firstPage(child);
    if (found) return found;
  }
  return undefined;
}
