import type { PageMeta } from "../site/page-index.ts";
import { normalizePagePath } from "../site/paths.ts";
import type { NavDivision, NavDivisionKind, Navigation, NavNode } from "../site/types.ts";

/**
 * What one page shows of the navigation: switchers, tabs, sidebar, breadcrumb and
 * previous/next. Targets are page paths or external URLs; the layout makes them relative.
 */
export interface NavigationView {
  /** Language, version and dropdown/product switchers, outermost first. */
  switchers: Switcher[];
  tabs: NavEntry[];
  /** Anchors (and menu items) listed at the top of the sidebar. */
  anchors: NavEntry[];
  sidebar: SidebarItem[];
  breadcrumb: string[];
  previous?: NavTarget;
  next?: NavTarget;
  /** The language code of the page's language division, if any. */
  language?: string;
}

export interface NavTarget {
  title: string;
  /** A page path (with a `#fragment` when a config link names one), or an absolute URL when `external`. */
  target: string;
  external: boolean;
}

export interface NavEntry extends NavTarget {
  icon?: string;
  current: boolean;
}

export interface Switcher {
  kind: NavDivisionKind;
  options: (NavEntry & { description?: string })[];
}

export type SidebarItem =
  | {
      type: "page";
      title: string;
      target: string;
      external: boolean;
      icon?: string;
      tag?: string;
      current: boolean;
      method?: string;
    }
  | {
      type: "group";
      title: string;
      icon?: string;
      tag?: string;
      root?: string;
      open: boolean;
      current: boolean;
      items: SidebarItem[];
    };

/** Precomputed navigation facts for a whole export, so each page's view is cheap. */
export class NavigationModel {
  private readonly navigation: Navigation;
  private readonly pages: Record<string, PageMeta>;
  /** Page path → the chain of divisions holding its first occurrence. */
  private readonly chains = new Map<string, NavDivision[]>();
  private readonly firstPages = new Map<NavNode[], string | undefined>();
  /** Ordered pages per outermost scope (language/version division or the whole site), for previous/next. */
  private readonly sequences = new Map<NavNode[], string[]>();

  constructor(navigation: Navigation, pages: Record<string, PageMeta>) {
    this.navigation = navigation;
    this.pages = pages;
    this.indexChains(navigation.root, []);
  }

  view(pagePath: string): NavigationView {
    const chain = this.chains.get(pagePath) ?? this.defaultChain();
    const view: NavigationView = {
      switchers: [],
      tabs: [],
      anchors: [],
      sidebar: [],
      breadcrumb: [],
    };
    let siblings = this.navigation.root;
    for (const division of chain) {
      const level = siblings.filter(
        (node): node is NavDivision =>
          node.type === "division" && node.kind === division.kind && !node.hidden,
      );
      const entries = level.map((node) => this.entry(node, node === division));
      if (division.kind === "tab") view.tabs = entries;
      else if (division.kind === "anchor" || division.kind === "menu") view.anchors = entries;
      else
        view.switchers.push({
          kind: division.kind,
          options: entries.map((entry, index) => ({
            ...entry,
            description: level[index]?.description,
          })),
        });
      if (division.kind === "language") view.language = division.language;
      siblings = division.children;
    }
    // Divisions below the chain's end (e.g. tabs of a version when the page is elsewhere) still show.
    this.addNestedLevel(siblings, view);
    const global = [...this.navigation.global.tabs, ...this.navigation.global.anchors];
    for (const link of global) {
      view.anchors.push({
        title: link.label,
        ...linkTarget(link.href, this.pages),
        icon: link.icon,
        current: false,
      });
    }
    view.sidebar = this.sidebarItems(siblings, pagePath, view.breadcrumb, []);
    // Previous/next stay within the page's own language and version.
    const scope =
      chain.findLast((division) => division.kind === "language" || division.kind === "version")
        ?.children ?? this.navigation.root;
    const sequence = this.sequence(scope);
    const index = sequence.indexOf(pagePath);
    if (index >= 0) {
      const before = sequence[index - 1];
      const after = sequence[index + 1];
      if (before) view.previous = this.pageTarget(before);
      if (after) view.next = this.pageTarget(after);
    }
    return view;
  }

  /**
   * The first page of the default language, version and tab (or of the first, where none is
   * marked default): the page a reader lands on at `/` when the site has no index page.
   */
  homePage(): string | undefined {
    return this.firstPage(this.defaultChain().at(-1)?.children ?? this.navigation.root);
  }

  private addNestedLevel(nodes: NavNode[], view: NavigationView): void {
    const divisions = nodes.filter(
      (node): node is NavDivision => node.type === "division" && !node.hidden,
    );
    for (const division of divisions) {
      const entry = this.entry(division, false);
      if (division.kind === "tab") view.tabs.push(entry);
      else if (division.kind === "anchor" || division.kind === "menu") view.anchors.push(entry);
    }
  }

  private entry(division: NavDivision, current: boolean): NavEntry {
    if (division.href)
      return {
        title: division.label,
        ...linkTarget(division.href, this.pages),
        icon: division.icon,
        current,
      };
    return {
      title: division.label,
      target: this.firstPage(division.children) ?? "index",
      external: false,
      icon: division.icon,
      current,
    };
  }

  private sidebarItems(
    nodes: NavNode[],
    pagePath: string,
    breadcrumb: string[],
    trail: string[],
  ): SidebarItem[] {
    const items: SidebarItem[] = [];
    for (const node of nodes) {
      if (node.type === "page") {
        const meta = this.pages[node.path];
        if (meta?.hidden && node.path !== pagePath) continue;
        const current = node.path === pagePath;
        // A page listed twice in one sidebar takes its breadcrumb from its first place.
        if (current && breadcrumb.length === 0) breadcrumb.push(...trail);
        items.push({
          type: "page",
          title: meta ? (meta.sidebarTitle ?? meta.title) : titleOf(node.path),
          target: meta?.url ?? node.path,
          external: Boolean(meta?.url),
          icon: meta?.icon,
          tag: meta?.tag,
          current,
          // API reference pages show their method before the title, as readers scan for it.
          ...(meta?.api ? { method: meta.api.method } : {}),
        });
      } else if (node.type === "link") {
        items.push({
          type: "page",
          title: node.label,
          ...linkTarget(node.href, this.pages),
          icon: node.icon,
          current: false,
        });
      } else if (node.type === "group" && !node.hidden) {
        const children = this.sidebarItems(node.children, pagePath, breadcrumb, [
          ...trail,
          node.title,
        ]);
        const rootCurrent = node.root === pagePath;
        if (rootCurrent && breadcrumb.length === 0) breadcrumb.push(...trail, node.title);
        const containsCurrent =
          rootCurrent ||
          children.some(
            (child) =>
              child.current || (child.type === "group" && child.open && containsPage(child)),
          );
        items.push({
          type: "group",
          title: node.title,
          icon: node.icon,
          tag: node.tag,
          root: node.root,
          open: containsCurrent || node.expanded === true,
          current: rootCurrent,
          items: children,
        });
      }
    }
    return items;
  }

  private pageTarget(pagePath: string): NavTarget {
    const meta = this.pages[pagePath];
    return {
      title: meta ? (meta.sidebarTitle ?? meta.title) : titleOf(pagePath),
      target: pagePath,
      external: false,
    };
  }

  private indexChains(nodes: NavNode[], chain: NavDivision[]): void {
    for (const node of nodes) {
      if (node.type === "division") this.indexChains(node.children, [...chain, node]);
      else if (node.type === "group") {
        if (node.root && !this.chains.has(node.root)) this.chains.set(node.root, chain);
        this.indexChains(node.children, chain);
      } else if (node.type === "page" && !this.chains.has(node.path))
        this.chains.set(node.path, chain);
    }
  }

  /** For pages outside the navigation: the default (or first) division at every level. */
  private defaultChain(): NavDivision[] {
    const chain: NavDivision[] = [];
    let nodes = this.navigation.root;
    for (;;) {
      const divisions = nodes.filter(
        (node): node is NavDivision => node.type === "division" && !node.href && !node.hidden,
      );
      const chosen = divisions.find((division) => division.isDefault) ?? divisions[0];
      if (!chosen || nodes.some((node) => node.type === "group" || node.type === "page"))
        return chain;
      chain.push(chosen);
      nodes = chosen.children;
    }
  }

  private firstPage(nodes: NavNode[]): string | undefined {
    if (this.firstPages.has(nodes)) return this.firstPages.get(nodes);
    let found: string | undefined;
    for (const node of nodes) {
      if (node.type === "page" && !this.pages[node.path]?.url) found = node.path;
      else if (node.type === "group") found = node.root ?? this.firstPage(node.children);
      else if (node.type === "division" && !node.href) found = this.firstPage(node.children);
      if (found) break;
    }
    this.firstPages.set(nodes, found);
    return found;
  }

  private sequence(scope: NavNode[]): string[] {
    const cached = this.sequences.get(scope);
    if (cached) return cached;
    const result: string[] = [];
    const seen = new Set<string>();
    const add = (pagePath: string): void => {
      const meta = this.pages[pagePath];
      if (!meta || meta.hidden || meta.url || seen.has(pagePath)) return;
      seen.add(pagePath);
      result.push(pagePath);
    };
    const walk = (nodes: NavNode[]): void => {
      for (const node of nodes) {
        if (node.type === "page") add(node.path);
        else if (node.type === "group" && !node.hidden) {
          if (node.root) add(node.root);
          walk(node.children);
        } else if (
          node.type === "division" &&
          !node.hidden &&
          node.kind !== "language" &&
          node.kind !== "version"
        )
          walk(node.children);
      }
    };
    walk(scope);
    this.sequences.set(scope, result);
    return result;
  }
}

/**
 * A link written in the config (a tab, anchor or sidebar entry with `href`, a navbar or footer
 * link) as a view target. Links may name a page of the site (`/changelog`, `/guides/` for its
 * index page, `/setup#install`) as well as another site; a page's `#fragment` is kept.
 */
export function linkTarget(
  href: string,
  pages: Record<string, PageMeta>,
): Pick<NavTarget, "target" | "external"> {
  const value = href.trim();
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(value)) return { target: value, external: true };
  const fragment = value.match(/#.*$/)?.[0] ?? "";
  const pagePath = normalizePagePath(value) ?? "index";
  const resolved = !pages[pagePath] && pages[`${pagePath}/index`] ? `${pagePath}/index` : pagePath;
  return { target: resolved + fragment, external: false };
}

function containsPage(item: SidebarItem): boolean {
  return item.current || (item.type === "group" && item.items.some(containsPage));
}

function titleOf(pagePath: string): string {
  const last = pagePath.split("/").pop() ?? pagePath;
  const words = last.replace(/[-_]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
