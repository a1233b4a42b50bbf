import { messagesFor } from "../messages/index.ts";
import type { PageMeta } from "../site/page-index.ts";
import { normalizePagePath } from "../site/paths.ts";
import type {
  DirectoryStyle,
  NavDivision,
  NavDivisionKind,
  NavGroup,
  Navigation,
  NavNode,
} from "../site/types.ts";
import { type LanguageAlternate, LanguageAlternates } from "./language-alternates.ts";

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
  /**
   * Which sidebar this is: the same number on every page that shows the same section's
   * sidebar, in every thread of an export.
   */
  sidebarScope: number;
  /**
   * The same sidebar as pages away from each of its groups show it, as the shared sidebar
   * script holds it: the page's own lists are these with the page's branch in place.
   */
  sharedSidebar?: SharedSidebar;
  /** The groups holding the page, outermost first. */
  breadcrumb: string[];
  /** The tab, anchor, dropdown and menu item holding the page, outermost first. */
  sections: string[];
  previous?: NavTarget;
  next?: NavTarget;
  /** The language code of the page's language division, if any. */
  language?: string;
  /** The page in every language that has it, itself included (empty on a one-language site). */
  alternates: LanguageAlternate[];
  /** The site's default language (`x-default`), on a site with several. */
  defaultLanguage?: string;
  /** The page's language's own navbar, footer and banner, over the site-wide ones. */
  overrides?: NavDivision["settings"];
  /** The listing of its group a group root page shows (docs.json `directory`). */
  directory?: DirectoryView;
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
  /** An anchor's own icon colour (docs.json `color`). */
  color?: { light: string; dark: string };
  /** A tab's menu items (docs.json `menu`), shown as a dropdown in the tab bar. */
  menu?: (NavEntry & { description?: string })[];
}

/** A group root page's listing of its group (docs.json `directory`). */
export interface DirectoryView {
  style: Exclude<DirectoryStyle, "none">;
  items: DirectoryItem[];
}

export type DirectoryItem =
  | {
      type: "page";
      title: string;
      target: string;
      external: boolean;
      description?: string;
      icon?: string;
    }
  | { type: "group"; title: string; root?: string; icon?: string; items: DirectoryItem[] };

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
      iconType?: string;
      tag?: string;
      current: boolean;
      method?: string;
      deprecated?: boolean;
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
      /** The group's number within its sidebar: the same on every page. */
      id: number;
      /** The group holds the current page (as its root or somewhere inside). */
      holdsCurrent: boolean;
    };

export type SidebarGroupItem = Extract<SidebarItem, { type: "group" }>;

/** A sidebar's entries as every page outside its groups sees them: nothing current. */
export interface SharedSidebar {
  /** The top-level entries. */
  items: SidebarItem[];
  /** Group items by their id. */
  groups: SidebarGroupItem[];
}

/** A section's sidebar as every page outside a group sees that group: nothing current. */
interface SidebarTree extends SharedSidebar {
  scope: number;
  /** The language of the division the sidebar belongs to, if any: its entries' interface strings. */
  language?: string;
  /** Page path → the ids of the groups holding it. */
  branches: Map<string, number[]>;
  /** Entries in all: pages, links and groups. */
  size: number;
}

/** A page's view of a shared sidebar: the tree, and the ids of the groups holding the page. */
interface SharedBranch {
  tree: SidebarTree;
  branch: ReadonlySet<number>;
}

/** A sidebar list's nodes by their place in the shared tree's copy of the list. */
interface ListPlaces {
  nodes: NavNode[];
  /** Page path → its places (a page may be listed twice). */
  pages: Map<string, number[]>;
  /** Group id → its place. */
  groups: Map<number, number>;
  /** Hidden pages, which the shared copy leaves out. */
  hiddenPages: Set<string>;
}

/** The pages previous/next step through, in order, each once, and each page's index there. */
interface PageSequence {
  pages: string[];
  places: Map<string, number>;
}

/** Precomputed navigation facts for a whole export, so each page's view is cheap. */
export class NavigationModel {
  private readonly navigation: Navigation;
  private readonly pages: Record<string, PageMeta>;
  /** Page path → the chain of divisions holding its first occurrence. */
  private readonly chains = new Map<string, NavDivision[]>();
  private readonly firstPages = new Map<NavNode[], string | undefined>();
  /**
   * Ordered pages per outermost scope (language/version division or the whole site), for
   * previous/next, with each page's place: a search of the list cost every page the site's size.
   */
  private readonly sequences = new Map<NavNode[], PageSequence>();
  /** Group root page → the group and the `directory` style in force there. */
  private readonly rootGroups = new Map<string, { group: NavGroup; directory: DirectoryStyle }>();
  /** Translations of each page, for the language switcher and `hreflang`. */
  readonly languages: LanguageAlternates;
  /** Node list a sidebar can show → its scope number, in the navigation's order. */
  private readonly scopes = new Map<NavNode[], number>();
  private readonly trees = new Map<NavNode[], SidebarTree>();
  private readonly groupIds = new Map<NavGroup, number>();
  /** Each sidebar list's places in its shared copy (null: the copy does not match). */
  private readonly places = new Map<NavNode[], ListPlaces | null>();
  /**
   * Each page and link entry of the shared sidebar trees, by its navigation node: an entry that
   * is not the current page reads the same on every page, so the group holding the page takes
   * these rather than new ones, and the layout can reuse their HTML and tell the page's own
   * entry from the rest by identity (chrome/sidebar.ts).
   */
  private readonly sharedPageItems = new WeakMap<NavNode, SidebarItem>();

  constructor(navigation: Navigation, pages: Record<string, PageMeta>) {
    this.navigation = navigation;
    this.pages = pages;
    this.languages = new LanguageAlternates(navigation, pages);
    this.scopes.set(navigation.root, 0);
    this.indexChains(navigation.root, []);
    this.indexRoots(navigation.root, navigation.directory ?? "none");
  }

  /** The listing a group's root page shows below its content, when `directory` asks for one. */
  directory(pagePath: string): DirectoryView | undefined {
    const found = this.rootGroups.get(pagePath);
    if (!found || found.directory === "none") return undefined;
    const items = this.directoryItems(found.group.children);
    return items.length > 0 ? { style: found.directory, items } : undefined;
  }

  private directoryItems(nodes: NavNode[]): DirectoryItem[] {
    const items: DirectoryItem[] = [];
    for (const node of nodes) {
      if (node.type === "page") {
        const meta = this.pages[node.path];
        if (!meta || meta.hidden) continue;
        items.push({
          type: "page",
          title: meta.sidebarTitle ?? meta.title,
          target: meta.url ?? node.path,
          external: Boolean(meta.url),
          ...(meta.description ? { description: meta.description } : {}),
          ...(meta.icon ? { icon: meta.icon } : {}),
        });
      } else if (node.type === "link") {
        items.push({
          type: "page",
          title: node.label,
          ...linkTarget(node.href, this.pages),
          ...(node.icon ? { icon: node.icon } : {}),
        });
      } else if (node.type === "group" && !node.hidden) {
        items.push({
          type: "group",
          title: node.title,
          ...(node.root ? { root: node.root } : {}),
          ...(node.icon ? { icon: node.icon } : {}),
          items: this.directoryItems(node.children),
        });
      }
    }
    return items;
  }

  private indexRoots(nodes: NavNode[], inherited: DirectoryStyle): void {
    for (const node of nodes) {
      if (node.type !== "division" && node.type !== "group") continue;
      const directory = node.directory ?? inherited;
      if (node.type === "group" && node.root && !this.rootGroups.has(node.root))
        this.rootGroups.set(node.root, { group: node, directory });
      this.indexRoots(node.children, directory);
    }
  }

  /** The docs.json code of the language division holding the page, if any (as `view` gives it). */
  languageOf(pagePath: string): string | undefined {
    const chain = this.chains.get(pagePath) ?? this.defaultChain();
    return chain.findLast((division) => division.kind === "language")?.language;
  }

  view(pagePath: string): NavigationView {
    const chain = this.chains.get(pagePath) ?? this.defaultChain();
    const view: NavigationView = {
      switchers: [],
      tabs: [],
      anchors: [],
      sidebar: [],
      sidebarScope: 0,
      breadcrumb: [],
      sections: [],
      alternates: this.languages.alternates(pagePath),
      ...(this.languages.multilingual ? { defaultLanguage: this.languages.defaultLanguage } : {}),
    };
    const inChain = new Set(chain);
    let siblings = this.navigation.root;
    let parent: NavDivision | undefined;
    for (const division of chain) {
      const level = siblings.filter(
        (node): node is NavDivision =>
          node.type === "division" && node.kind === division.kind && !node.hidden,
      );
      const entries = level.map((node) => this.entry(node, inChain));
      // The language switcher keeps the reader on the same page where its translation exists.
      if (division.kind === "language")
        level.forEach((node, index) => {
          const same =
            node.language &&
            view.alternates.find((alternate) => alternate.language === node.language);
          if (same && entries[index] && !node.href) entries[index].target = same.target;
        });
      if (division.kind !== "language" && division.kind !== "version")
        view.sections.push(division.label);
      if (division.kind === "tab") view.tabs = entries;
      else if (division.kind === "menu" && parent?.kind === "tab") {
        // A tab's menu shows in the tab bar, under its tab (entry() lists it there).
      } else if (division.kind === "anchor" || division.kind === "menu") view.anchors = entries;
      else
        view.switchers.push({
          kind: division.kind,
          options: entries.map((entry, index) => ({
            ...entry,
            description: level[index]?.description,
          })),
        });
      if (division.kind === "language") {
        view.language = division.language;
        if (division.settings) view.overrides = division.settings;
      }
      siblings = division.children;
      parent = division;
    }
    // Divisions below the chain's end (e.g. tabs of a version when the page is elsewhere) still show.
    this.addNestedLevel(siblings, view, inChain, parent?.kind === "tab");
    const global = [...this.navigation.global.tabs, ...this.navigation.global.anchors];
    for (const link of global) {
      view.anchors.push({
        title: link.label,
        ...linkTarget(link.href, this.pages),
        icon: link.icon,
        current: false,
      });
    }
    // Groups away from the page are the same on every page: they are built once and shared.
    const tree = this.sidebarTree(siblings, chain);
    view.sidebar = this.sidebarItems(
      siblings,
      pagePath,
      view.breadcrumb,
      [],
      { tree, branch: new Set(tree.branches.get(pagePath)) },
      tree.items,
    );
    view.sidebarScope = tree.scope;
    view.sharedSidebar = tree;
    const directory = this.directory(pagePath);
    if (directory) view.directory = directory;
    // Previous/next stay within the page's own language and version.
    const scope =
      chain.findLast((division) => division.kind === "language" || division.kind === "version")
        ?.children ?? this.navigation.root;
    const sequence = this.sequence(scope);
    const index = sequence.places.get(pagePath);
    if (index !== undefined) {
      const before = sequence.pages[index - 1];
      const after = sequence.pages[index + 1];
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

  private addNestedLevel(
    nodes: NavNode[],
    view: NavigationView,
    inChain: Set<NavDivision>,
    underTab: boolean,
  ): void {
    // A tab's own menu items are in its entry already.
    const divisions = nodes.filter(
      (node): node is NavDivision =>
        node.type === "division" && !node.hidden && !(underTab && node.kind === "menu"),
    );
    for (const division of divisions) {
      const entry = this.entry(division, inChain);
      if (division.kind === "tab") view.tabs.push(entry);
      else if (division.kind === "anchor" || division.kind === "menu") view.anchors.push(entry);
    }
  }

  private entry(division: NavDivision, inChain: ReadonlySet<NavDivision>): NavEntry {
    const current = inChain.has(division);
    const entry: NavEntry = division.href
      ? {
          title: division.label,
          ...linkTarget(division.href, this.pages),
          icon: division.icon,
          current,
        }
      : {
          title: division.label,
          target: this.firstPage(division.children) ?? "index",
          external: false,
          icon: division.icon,
          current,
        };
    if (division.color) entry.color = division.color;
    if (division.kind === "tab") {
      const items = division.children.filter(
        (node): node is NavDivision =>
          node.type === "division" && node.kind === "menu" && !node.hidden,
      );
      if (items.length > 0)
        entry.menu = items.map((item) => ({
          ...this.entry(item, inChain),
          ...(item.description ? { description: item.description } : {}),
        }));
    }
    return entry;
  }

  /** Every sidebar a page of the site shows, as pages outside its groups see it. */
  sidebarTrees(): SidebarTree[] {
    const lists = new Map<NavNode[], NavDivision[]>();
    for (const chain of [...this.chains.values(), this.defaultChain()]) {
      const nodes = chain.at(-1)?.children ?? this.navigation.root;
      if (!lists.has(nodes)) lists.set(nodes, chain);
    }
    return [...lists].map(([nodes, chain]) => this.sidebarTree(nodes, chain));
  }

  /** `chain` is the divisions leading to `nodes` (one of them: they share their language). */
  private sidebarTree(nodes: NavNode[], chain: NavDivision[]): SidebarTree {
    const cached = this.trees.get(nodes);
    if (cached) return cached;
    const groups: SidebarTree["groups"] = [];
    const branches = new Map<string, number[]>();
    // Groups are numbered in the navigation's order, so every thread numbers them alike.
    const numberGroups = (list: NavNode[], holders: number[]): void => {
      for (const node of list) {
        if (node.type === "page") addBranch(branches, node.path, holders);
        else if (node.type === "group" && !node.hidden) {
          const id = groups.length;
          this.groupIds.set(node, id);
          groups.length++;
          if (node.root) addBranch(branches, node.root, [...holders, id]);
          numberGroups(node.children, [...holders, id]);
        }
      }
    };
    numberGroups(nodes, []);
    const items = this.sidebarItems(nodes, undefined, [], []);
    let size = 0;
    const collect = (list: SidebarItem[]): void => {
      for (const item of list) {
        size++;
        if (item.type !== "group") continue;
        groups[item.id] = item;
        collect(item.items);
      }
    };
    collect(items);
    const language = chain.findLast((division) => division.kind === "language")?.language;
    const tree: SidebarTree = {
      scope: this.scopes.get(nodes) ?? 0,
      ...(language ? { language } : {}),
      items,
      groups,
      branches,
      size,
    };
    this.trees.set(nodes, tree);
    return tree;
  }

  /**
   * The sidebar as `pagePath` shows it. With `shared`, a group not holding the page is taken
   * from the shared tree rather than built again: a page costs its own branch, not the site.
   * `sharedItems` is the shared tree's copy of this list, when the caller knows it.
   */
  private sidebarItems(
    nodes: NavNode[],
    pagePath: string | undefined,
    breadcrumb: string[],
    trail: string[],
    shared?: SharedBranch,
    sharedItems?: SidebarItem[],
  ): SidebarItem[] {
    if (shared && sharedItems && pagePath !== undefined) {
      const onBranch = this.listOnBranch(nodes, sharedItems, pagePath, breadcrumb, trail, shared);
      if (onBranch) return onBranch;
    }
    const items: SidebarItem[] = [];
    for (const node of nodes) {
      if (node.type === "page") {
        const sharedItem =
          shared && node.path !== pagePath ? this.sharedPageItems.get(node) : undefined;
        if (sharedItem) {
          items.push(sharedItem);
          continue;
        }
        const meta = this.pages[node.path];
        if (meta?.hidden && node.path !== pagePath) continue;
        items.push(this.pageItem(node, pagePath, breadcrumb, trail));
        // Built for no page in particular: what every page shows for this node when not on it.
        if (pagePath === undefined)
          this.sharedPageItems.set(node, items[items.length - 1] as SidebarItem);
      } else if (node.type === "link") {
        const sharedItem = shared ? this.sharedPageItems.get(node) : undefined;
        items.push(
          sharedItem ?? {
            type: "page",
            title: node.label,
            ...linkTarget(node.href, this.pages),
            icon: node.icon,
            current: false,
          },
        );
        if (pagePath === undefined)
          this.sharedPageItems.set(node, items[items.length - 1] as SidebarItem);
      } else if (node.type === "group" && !node.hidden) {
        const id = this.groupIds.get(node) ?? -1;
        const away = shared && !shared.branch.has(id) ? shared.tree.groups[id] : undefined;
        items.push(away ?? this.groupItem(node, id, pagePath, breadcrumb, trail, shared));
      }
    }
    return items;
  }

  /**
   * The list as the page shows it, made from the shared tree's copy: only its entries on the
   * page's branch (the page, the groups holding it) are made anew, in the list's order, so a
   * page in a list of thousands costs its branch rather than the list. Undefined when the
   * page's list is not the shared one with those entries in place: a hidden page is listed on
   * its own page only.
   */
  private listOnBranch(
    nodes: NavNode[],
    sharedItems: SidebarItem[],
    pagePath: string,
    breadcrumb: string[],
    trail: string[],
    shared: SharedBranch,
  ): SidebarItem[] | undefined {
    const list = this.listPlaces(nodes, sharedItems);
    if (!list || list.hiddenPages.has(pagePath)) return undefined;
    const places = [...(list.pages.get(pagePath) ?? [])];
    for (const id of shared.branch) {
      const place = list.groups.get(id);
      if (place !== undefined) places.push(place);
    }
    places.sort((left, right) => left - right);
    const items = sharedItems.slice();
    for (const place of places) {
      const node = list.nodes[place] as NavNode;
      if (node.type === "page") items[place] = this.pageItem(node, pagePath, breadcrumb, trail);
      else if (node.type === "group")
        items[place] = this.groupItem(
          node,
          this.groupIds.get(node) ?? -1,
          pagePath,
          breadcrumb,
          trail,
          shared,
        );
    }
    return items;
  }

  /**
   * Where each node of a list stands in the shared tree's copy of it (hidden pages and groups
   * have no entry there), made once per list; undefined if the copy does not match.
   */
  private listPlaces(nodes: NavNode[], sharedItems: SidebarItem[]): ListPlaces | undefined {
    const known = this.places.get(nodes);
    if (known !== undefined) return known ?? undefined;
    const list: ListPlaces = {
      nodes: [],
      pages: new Map(),
      groups: new Map(),
      hiddenPages: new Set(),
    };
    for (const node of nodes) {
      if (node.type === "page") {
        if (this.pages[node.path]?.hidden) {
          list.hiddenPages.add(node.path);
          continue;
        }
        const places = list.pages.get(node.path);
        if (places) places.push(list.nodes.length);
        else list.pages.set(node.path, [list.nodes.length]);
      } else if (node.type === "group" && !node.hidden)
        list.groups.set(this.groupIds.get(node) ?? -1, list.nodes.length);
      else if (node.type !== "link") continue;
      list.nodes.push(node);
    }
    const matches = list.nodes.length === sharedItems.length;
    this.places.set(nodes, matches ? list : null);
    return matches ? list : undefined;
  }

  /** A page's entry; the first current one gives the page its breadcrumb. */
  private pageItem(
    node: Extract<NavNode, { type: "page" }>,
    pagePath: string | undefined,
    breadcrumb: string[],
    trail: string[],
  ): SidebarItem {
    const meta = this.pages[node.path];
    const current = node.path === pagePath;
    // A page listed twice in one sidebar takes its breadcrumb from its first place.
    if (current && breadcrumb.length === 0) breadcrumb.push(...trail);
    return {
      type: "page",
      title: meta ? (meta.sidebarTitle ?? meta.title) : titleOf(node.path),
      target: meta?.url ?? node.path,
      external: Boolean(meta?.url),
      icon: meta?.icon,
      ...(meta?.iconType ? { iconType: meta.iconType } : {}),
      tag:
        meta?.tag ??
        (meta?.deprecatedTag ? messagesFor(this.languageOf(node.path)).deprecated : undefined),
      current,
      // API reference pages show their method before the title, as readers scan for it.
      ...(meta?.api && !meta.hideApiMarker ? { method: meta.api.method } : {}),
      ...(meta?.channel && !meta.hideApiMarker ? { method: "ws" } : {}),
      ...(meta?.deprecated ? { deprecated: true } : {}),
    };
  }

  /** A group's entry as the page shows it, its entries inside. */
  private groupItem(
    node: NavGroup,
    id: number,
    pagePath: string | undefined,
    breadcrumb: string[],
    trail: string[],
    shared: SharedBranch | undefined,
  ): SidebarItem {
    const children = this.sidebarItems(
      node.children,
      pagePath,
      breadcrumb,
      [...trail, node.title],
      shared,
      shared?.tree.groups[id]?.items,
    );
    const rootCurrent = pagePath !== undefined && node.root === pagePath;
    if (rootCurrent && breadcrumb.length === 0) breadcrumb.push(...trail, node.title);
    const containsCurrent =
      rootCurrent ||
      children.some(
        (child) => child.current || (child.type === "group" && child.open && child.holdsCurrent),
      );
    return {
      type: "group",
      title: node.title,
      icon: node.icon,
      tag: node.tag,
      root: node.root,
      open: containsCurrent || node.expanded === true,
      current: rootCurrent,
      items: children,
      id,
      holdsCurrent: rootCurrent || children.some(holdsPage),
    };
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
      if (node.type === "division") {
        this.scopes.set(node.children, this.scopes.size);
        this.indexChains(node.children, [...chain, node]);
      } else if (node.type === "group") {
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

  private sequence(scope: NavNode[]): PageSequence {
    const cached = this.sequences.get(scope);
    if (cached) return cached;
    const result: PageSequence = { pages: [], places: new Map() };
    const add = (pagePath: string): void => {
      const meta = this.pages[pagePath];
      if (!meta || meta.hidden || meta.url || result.places.has(pagePath)) return;
      result.places.set(pagePath, result.pages.length);
      result.pages.push(pagePath);
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

function addBranch(branches: Map<string, number[]>, pagePath: string, holders: number[]): void {
  const known = branches.get(pagePath);
  if (known) known.push(...holders);
  else branches.set(pagePath, [...holders]);
}

/** Whether an entry is the current page or holds it: a group made for the page knows. */
function holdsPage(item: SidebarItem): boolean {
  return item.current || (item.type === "group" && item.holdsCurrent);
}

function titleOf(pagePath: string): string {
  const last = pagePath.split("/").pop() ?? pagePath;
  const words = last.replace(/[-_]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
