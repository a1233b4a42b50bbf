import type {
  ApiReference,
  DirectoryStyle,
  NavDivision,
  NavDivisionKind,
  NavGroup,
  Navigation,
  NavLinkNode,
  NavNode,
} from "../types.ts";
import { isEndpointEntry, readContainerApi } from "./api-references.ts";
import type { ConfigChecker } from "./checker.ts";
import { readIcon } from "./icons.ts";
import { divisionKeys, GROUP_KEYS, NAVIGATION_KEYS } from "./known-keys.ts";
import { languageName } from "./language-names.ts";
import { NavigationLimits } from "./navigation-limits.ts";
import { configPagePath } from "./page-reference.ts";
import { readBanner, readFooter, readNavbar } from "./settings.ts";
import { readModeColor } from "./values.ts";

/** A kind of division: the key holding a list of them, and the key naming each one. */
interface DivisionKey {
  kind: NavDivisionKind;
  /** The key of each entry's name: `tab`, `anchor`, `item`… */
  label: string;
  /** How an entry is called in messages. */
  noun: string;
}

/** The keys that hold divisions. Products are a switcher of their own kind, shown as a dropdown. */
const DIVISIONS: Record<string, DivisionKey> = {
  languages: { kind: "language", label: "language", noun: "language" },
  versions: { kind: "version", label: "version", noun: "version" },
  products: { kind: "dropdown", label: "product", noun: "product" },
  tabs: { kind: "tab", label: "tab", noun: "tab" },
  dropdowns: { kind: "dropdown", label: "dropdown", noun: "dropdown" },
  anchors: { kind: "anchor", label: "anchor", noun: "anchor" },
  menu: { kind: "menu", label: "item", noun: "menu item" },
};

const PAGE_ENTRY_EXPECTED = "a page path (string) or a group object";

/**
 * Reads docs.json `navigation` into the model: any nesting of languages, versions, products,
 * tabs, dropdowns, anchors and menus, with groups and pages inside, plus global links.
 */
export function readNavigation(value: unknown, check: ConfigChecker): Navigation {
  const navigation: Navigation = { root: [], global: { anchors: [], tabs: [] } };
  if (value === undefined || value === null) return navigation;
  const limits = new NavigationLimits();
  if (Array.isArray(value)) {
    // mint.json's shape (a list of groups) in a docs.json: read it, but say what docs.json wants.
    check.warn(
      "navigation",
      'is a list, as in mint.json; docs.json expects an object such as { "groups": [...] }. It is read as its groups and pages',
    );
    navigation.root = readPageList(value, "navigation", check, limits);
    return navigation;
  }
  const object = check.object(
    value,
    "navigation",
    "an object with pages, groups, tabs, anchors, dropdowns, products, versions or languages",
  );
  if (!object) return navigation;
  check.unknownKeys(object, "navigation", NAVIGATION_KEYS);
  const container = readContainer(object, "navigation", check, limits);
  navigation.root = container.children;
  if (container.openapi) navigation.openapi = container.openapi;
  if (container.asyncapi) navigation.asyncapi = container.asyncapi;
  const directory = readDirectory(object.directory, "navigation.directory", check);
  if (directory) navigation.directory = directory;
  if (object.global !== undefined)
    navigation.global = readGlobal(object.global, "navigation.global", check);
  if (!hasContent(navigation.root) && !container.openapi && !container.asyncapi)
    check.warn("navigation", "lists no pages");
  return navigation;
}

/**
 * The children of anything that can hold navigation (the navigation itself, a division, a
 * group), in the order its keys are written, with the container's `openapi` setting.
 */
export function readContainer(
  object: Record<string, unknown>,
  path: string,
  check: ConfigChecker,
  limits: NavigationLimits,
): { children: NavNode[]; openapi?: ApiReference; asyncapi?: ApiReference } {
  const children: NavNode[] = [];
  for (const [key, value] of Object.entries(object)) {
    const division = DIVISIONS[key];
    if (division) {
      check
        .array(value, `${path}.${key}`, `an array of ${division.noun} objects`)
        .forEach((item, index) => {
          const node = readDivision(item, `${path}.${key}[${index}]`, division, check, limits);
          if (node) children.push(node);
        });
    } else if (key === "groups") {
      check.array(value, `${path}.groups`, "an array of group objects").forEach((item, index) => {
        const group = readGroup(item, `${path}.groups[${index}]`, check, limits);
        if (group) children.push(group);
      });
    } else if (key === "pages") {
      const pages = check.array(value, `${path}.pages`, `an array of page paths and groups`);
      // One by one: a list may hold more entries than a call takes arguments.
      for (const node of readPageList(pages, `${path}.pages`, check, limits)) children.push(node);
    }
  }
  const { openapi, asyncapi } = readContainerApi(object, path, check);
  return { children, ...(openapi ? { openapi } : {}), ...(asyncapi ? { asyncapi } : {}) };
}

function readDivision(
  value: unknown,
  path: string,
  division: DivisionKey,
  check: ConfigChecker,
  limits: NavigationLimits,
): NavDivision | undefined {
  if (!limits.enter(path, check)) return undefined;
  try {
    return readDivisionEntered(value, path, division, check, limits);
  } finally {
    limits.leave();
  }
}

function readDivisionEntered(
  value: unknown,
  path: string,
  division: DivisionKey,
  check: ConfigChecker,
  limits: NavigationLimits,
): NavDivision | undefined {
  const object = check.object(
    value,
    path,
    `a ${division.noun} object (with "${division.label}" and its pages or href)`,
  );
  if (!object) return undefined;
  check.unknownKeys(object, path, divisionKeys(division.label));
  const labelPath = `${path}.${division.label}`;
  const expectedLabel =
    division.kind === "language"
      ? 'a language code such as "en" (a string)'
      : `the ${division.noun}'s name (a string)`;
  check.required(object[division.label], labelPath, expectedLabel);
  const label = check.string(object[division.label], labelPath, expectedLabel);
  const node: NavDivision = {
    type: "division",
    kind: division.kind,
    label: label ?? "",
    children: [],
  };
  if (division.kind === "language" && label !== undefined) {
    node.language = label;
    node.label = languageName(label);
  }
  const icon = readIcon(object.icon, `${path}.icon`, check);
  if (icon) node.icon = icon;
  const description = check.string(object.description, `${path}.description`);
  if (description) node.description = description;
  if (check.boolean(object.default, `${path}.default`)) node.isDefault = true;
  if (check.boolean(object.hidden, `${path}.hidden`)) node.hidden = true;
  const href = check.link(object.href, `${path}.href`);
  if (href) node.href = href;
  const tag = check.string(object.tag, `${path}.tag`);
  if (tag) node.tag = tag;
  const color = readModeColor(object.color, `${path}.color`, check);
  if (color) node.color = color;
  if (division.kind === "language") {
    const settings = readLanguageSettings(object, path, check);
    if (settings) node.settings = settings;
  }
  const container = readContainer(object, path, check, limits);
  node.children = container.children;
  if (container.openapi) node.openapi = container.openapi;
  if (container.asyncapi) node.asyncapi = container.asyncapi;
  const directory = readDirectory(object.directory, `${path}.directory`, check);
  if (directory) node.directory = directory;
  if (label === undefined) return undefined;
  if (!href && !hasContent(node.children) && !container.openapi && !container.asyncapi)
    check.warn(path, `the ${division.noun} "${node.label}" has no pages and no href`);
  return node;
}

function readLanguageSettings(
  object: Record<string, unknown>,
  path: string,
  check: ConfigChecker,
): NavDivision["settings"] {
  const settings: NonNullable<NavDivision["settings"]> = {};
  if (object.navbar !== undefined)
    settings.navbar = readNavbar(object.navbar, `${path}.navbar`, check);
  if (object.footer !== undefined)
    settings.footer = readFooter(object.footer, `${path}.footer`, check);
  const banner =
    object.banner !== undefined ? readBanner(object.banner, `${path}.banner`, check) : undefined;
  if (banner) settings.banner = banner;
  return Object.keys(settings).length > 0 ? settings : undefined;
}

/** `directory`: how group root pages below this point list their group's pages. */
function readDirectory(
  value: unknown,
  path: string,
  check: ConfigChecker,
): DirectoryStyle | undefined {
  return check.oneOf(value, path, ["none", "accordion", "card"] as const);
}

/** A group: a titled list of pages and nested groups in the sidebar. */
export function readGroup(
  value: unknown,
  path: string,
  check: ConfigChecker,
  limits: NavigationLimits,
): NavGroup | undefined {
  if (!limits.enter(path, check)) return undefined;
  try {
    return readGroupEntered(value, path, check, limits);
  } finally {
    limits.leave();
  }
}

function readGroupEntered(
  value: unknown,
  path: string,
  check: ConfigChecker,
  limits: NavigationLimits,
): NavGroup | undefined {
  const object = check.object(value, path, 'a group object (with "group" and "pages")');
  if (!object) return undefined;
  check.unknownKeys(object, path, GROUP_KEYS);
  check.required(object.group, `${path}.group`, "the group's title (a string)");
  const title = check.string(object.group, `${path}.group`, "the group's title (a string)");
  const group: NavGroup = { type: "group", title: title ?? "", children: [] };
  const icon = readIcon(object.icon, `${path}.icon`, check);
  if (icon) group.icon = icon;
  const tag = check.string(object.tag, `${path}.tag`);
  if (tag) group.tag = tag;
  const root = check.string(object.root, `${path}.root`, "a page path (a string)");
  if (root !== undefined) {
    const rootPath = readPagePath(root, `${path}.root`, check);
    if (rootPath) group.root = rootPath;
  }
  const expanded = check.boolean(object.expanded, `${path}.expanded`);
  if (expanded !== undefined) group.expanded = expanded;
  if (check.boolean(object.hidden, `${path}.hidden`)) group.hidden = true;
  const container = readContainer(object, path, check, limits);
  group.children = container.children;
  if (container.openapi) group.openapi = container.openapi;
  if (container.asyncapi) group.asyncapi = container.asyncapi;
  const directory = readDirectory(object.directory, `${path}.directory`, check);
  if (directory) group.directory = directory;
  if (title === undefined) return undefined;
  if (!group.root && !hasContent(group.children) && !container.openapi && !container.asyncapi)
    check.warn(path, `the group "${title}" has no pages`);
  return group;
}

/**
 * A `pages` list: page paths, nested groups, links and endpoint entries (`GET /users`), which
 * the export replaces with generated API reference pages.
 */
export function readPageList(
  items: unknown[],
  path: string,
  check: ConfigChecker,
  limits: NavigationLimits,
): NavNode[] {
  const nodes: NavNode[] = [];
  for (const [index, item] of items.entries()) {
    const itemPath = `${path}[${index}]`;
    if (typeof item === "string") {
      // Past the navigation's page limit, nothing more is read.
      if (!limits.page(itemPath, check)) break;
      if (isEndpointEntry(item)) {
        nodes.push({ type: "endpoint", reference: item.trim() });
        continue;
      }
      const pagePath = readPagePath(item, itemPath, check);
      if (pagePath) nodes.push({ type: "page", path: pagePath });
      continue;
    }
    if (item && typeof item === "object" && !Array.isArray(item)) {
      const object = item as Record<string, unknown>;
      if ("group" in object) {
        const group = readGroup(object, itemPath, check, limits);
        if (group) nodes.push(group);
        continue;
      }
      if ("href" in object) {
        const link = readLink(object, itemPath, ["title", "label"], check);
        if (link) nodes.push(link);
        continue;
      }
    }
    check.error(itemPath, PAGE_ENTRY_EXPECTED, item);
  }
  return nodes;
}

/** A page reference as written in navigation, normalized: `/guides/intro.mdx` → `guides/intro`. */
function readPagePath(reference: string, path: string, check: ConfigChecker): string | undefined {
  if (reference.trim() === "") {
    // Mintlify publishes such a file: an empty entry is a slip, not a reason to stop the export.
    check.warn(path, "an empty page entry is skipped");
    return undefined;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(reference.trim())) {
    check.error(
      path,
      "a page path inside the repository (links go in an anchor, a tab or a group entry with href)",
      reference,
    );
    return undefined;
  }
  const pagePath = configPagePath(reference);
  if (pagePath === undefined) check.error(path, "a page path inside the repository", reference);
  return pagePath;
}

/** `navigation.global`: links shown on every page, whatever the division. */
function readGlobal(value: unknown, path: string, check: ConfigChecker): Navigation["global"] {
  const global: Navigation["global"] = { anchors: [], tabs: [] };
  const object = check.object(value, path, "an object with tabs, anchors or dropdowns");
  if (!object) return global;
  check.unknownKeys(
    object,
    path,
    new Set(["tabs", "anchors", "dropdowns", "products", "languages", "versions"]),
  );
  global.tabs = readGlobalLinks(object.tabs, `${path}.tabs`, "tab", check);
  // The model has one list of links beside the sidebar: global dropdowns and products join the anchors.
  global.anchors = [
    ...readGlobalLinks(object.anchors, `${path}.anchors`, "anchor", check),
    ...readGlobalLinks(object.dropdowns, `${path}.dropdowns`, "dropdown", check),
    ...readGlobalLinks(object.products, `${path}.products`, "product", check),
  ];
  for (const key of ["languages", "versions"]) {
    if (object[key] !== undefined)
      check.warn(
        `${path}.${key}`,
        "global language and version links lead to other sites; the export leaves them out",
      );
  }
  return global;
}

function readGlobalLinks(
  value: unknown,
  path: string,
  labelKey: string,
  check: ConfigChecker,
): NavLinkNode[] {
  const links: NavLinkNode[] = [];
  check.array(value, path, `an array of ${labelKey} objects`).forEach((item, index) => {
    const object = check.object(
      item,
      `${path}[${index}]`,
      `a ${labelKey} object with "${labelKey}" and "href"`,
    );
    if (!object) return;
    check.required(object.href, `${path}[${index}].href`, "the link's URL or path (a string)");
    const link = readLink(object, `${path}[${index}]`, [labelKey], check);
    if (link && !check.boolean(object.hidden, `${path}[${index}].hidden`)) links.push(link);
  });
  return links;
}

/** A link entry: a label under one of `labelKeys`, an `href`, an optional icon. */
function readLink(
  object: Record<string, unknown>,
  path: string,
  labelKeys: string[],
  check: ConfigChecker,
): NavLinkNode | undefined {
  const labelKey = labelKeys.find((key) => object[key] !== undefined) ?? labelKeys[0] ?? "label";
  check.required(object[labelKey], `${path}.${labelKey}`, "the link's text (a string)");
  const label = check.string(object[labelKey], `${path}.${labelKey}`);
  const href = check.link(object.href, `${path}.href`);
  if (label === undefined || href === undefined) return undefined;
  const icon = readIcon(object.icon, `${path}.icon`, check);
  return icon ? { type: "link", label, href, icon } : { type: "link", label, href };
}

/**
 * Whether a list of nodes leads to anything: a page, a link, an API reference note, or a
 * division or group holding one.
 */
function hasContent(nodes: NavNode[]): boolean {
  return nodes.some((node) => {
    if (node.type === "page" || node.type === "link" || node.type === "endpoint") return true;
    if (node.openapi || node.asyncapi || (node.type === "division" ? node.href : node.root))
      return true;
    return hasContent(node.children);
  });
}
