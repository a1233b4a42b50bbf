import { normalizePagePath } from "../paths.ts";
import type { NavDivision, NavDivisionKind, NavGroup, Navigation, NavLinkNode, NavNode } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";

/** The keys that hold children of a division, in the order they are read, and the label key of each child. */
const DIVISION_KEYS: { key: string; kind: NavDivisionKind; label: string }[] = [
  { key: "languages", kind: "language", label: "language" },
  { key: "versions", kind: "version", label: "version" },
  { key: "products", kind: "dropdown", label: "product" },
  { key: "tabs", kind: "tab", label: "tab" },
  { key: "dropdowns", kind: "dropdown", label: "dropdown" },
  { key: "anchors", kind: "anchor", label: "anchor" },
  { key: "menu", kind: "menu", label: "item" },
];

const LANGUAGE_NAMES: Record<string, string> = {
  en: "English", fr: "Français", de: "Deutsch", es: "Español", it: "Italiano", pt: "Português", "pt-BR": "Português (Brasil)",
  ja: "日本語", ko: "한국어", zh: "中文", "zh-Hans": "简体中文", "zh-Hant": "繁體中文", ru: "Русский", nl: "Nederlands",
  sv: "Svenska", pl: "Polski", tr: "Türkçe", ar: "العربية", he: "עברית", hi: "हिन्दी", id: "Bahasa Indonesia", vi: "Tiếng Việt",
  uk: "Українська", cs: "Čeština", da: "Dansk", fi: "Suomi", no: "Norsk", ro: "Română", th: "ไทย",
};

/** Reads docs.json `navigation` (any nesting of divisions, groups and pages) into the model. */
export function readNavigation(value: unknown, check: ConfigChecker): Navigation {
  const navigation: Navigation = { root: [], global: { anchors: [], tabs: [] } };
  if (Array.isArray(value)) {
    // A bare list of groups/pages, as some hand-written configs have.
    navigation.root = readPageList(value, "navigation", check);
    return navigation;
  }
  const object = check.object(value, "navigation");
  if (!object) {
    check.error("navigation", "an object with pages, groups, tabs, anchors, dropdowns, versions or languages", value);
    return navigation;
  }
  navigation.root = readContainer(object, "navigation", check);
  const global = check.object(object.global, "navigation.global");
  if (global) {
    navigation.global.anchors = readGlobalLinks(global.anchors, "navigation.global.anchors", "anchor", check);
    navigation.global.tabs = readGlobalLinks(global.tabs, "navigation.global.tabs", "tab", check);
  }
  return navigation;
}

/** The children of anything that can hold navigation: divisions first, then groups, then pages. */
function readContainer(object: Record<string, unknown>, path: string, check: ConfigChecker): NavNode[] {
  const nodes: NavNode[] = [];
  for (const { key, kind, label } of DIVISION_KEYS) {
    if (object[key] === undefined) continue;
    check.array(object[key], `${path}.${key}`).forEach((item, index) => {
      const division = readDivision(item, `${path}.${key}[${index}]`, kind, label, check);
      if (division) nodes.push(division);
    });
  }
  if (object.groups !== undefined) {
    check.array(object.groups, `${path}.groups`).forEach((item, index) => {
      const group = readGroup(item, `${path}.groups[${index}]`, check);
      if (group) nodes.push(group);
    });
  }
  if (object.pages !== undefined) nodes.push(...readPageList(check.array(object.pages, `${path}.pages`), `${path}.pages`, check));
  if (object.openapi !== undefined || object.asyncapi !== undefined) {
    check.warn(`${path}.${object.openapi !== undefined ? "openapi" : "asyncapi"}`, "API reference pages generated from an OpenAPI/AsyncAPI file are not exported yet; the section has only its MDX pages");
  }
  return nodes;
}

function readDivision(value: unknown, path: string, kind: NavDivisionKind, labelKey: string, check: ConfigChecker): NavDivision | undefined {
  const object = check.object(value, path);
  if (!object) return undefined;
  const rawLabel = object[labelKey];
  const label = check.string(rawLabel, `${path}.${labelKey}`);
  if (label === undefined && rawLabel === undefined) {
    check.error(`${path}.${labelKey}`, `the ${labelKey}'s name`, undefined);
    return undefined;
  }
  const division: NavDivision = { type: "division", kind, label: label ?? "", children: [] };
  if (kind === "language") {
    division.language = label;
    division.label = (label && LANGUAGE_NAMES[label]) ?? label ?? "";
  }
  const icon = readIcon(object.icon, `${path}.icon`, check);
  if (icon) division.icon = icon;
  const description = check.string(object.description, `${path}.description`);
  if (description) division.description = description;
  if (check.boolean(object.default, `${path}.default`)) division.isDefault = true;
  if (check.boolean(object.hidden, `${path}.hidden`)) division.hidden = true;
  const href = check.string(object.href, `${path}.href`);
  if (href) division.href = href;
  division.children = readContainer(object, path, check);
  if (!href && division.children.length === 0 && object.openapi === undefined) {
    check.warn(path, `"${division.label}" has no pages`);
  }
  return division;
}

function readGroup(value: unknown, path: string, check: ConfigChecker): NavGroup | undefined {
  const object = check.object(value, path);
  if (!object) return undefined;
  const title = check.string(object.group, `${path}.group`);
  if (title === undefined) {
    if (object.group === undefined) check.error(`${path}.group`, "the group's title", undefined);
    return undefined;
  }
  const group: NavGroup = { type: "group", title, children: [] };
  const icon = readIcon(object.icon, `${path}.icon`, check);
  if (icon) group.icon = icon;
  const tag = check.string(object.tag, `${path}.tag`);
  if (tag) group.tag = tag;
  const root = check.string(object.root, `${path}.root`);
  if (root) group.root = normalizePagePath(root);
  const expanded = check.boolean(object.expanded, `${path}.expanded`);
  if (expanded !== undefined) group.expanded = expanded;
  if (check.boolean(object.hidden, `${path}.hidden`)) group.hidden = true;
  group.children = readContainer(object, path, check);
  return group;
}

/** A `pages` list: page paths, nested groups, and (warned) API endpoint entries. */
function readPageList(items: unknown[], path: string, check: ConfigChecker): NavNode[] {
  const nodes: NavNode[] = [];
  items.forEach((item, index) => {
    const itemPath = `${path}[${index}]`;
    if (typeof item === "string") {
      if (/^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|WEBHOOK)\s+\S/i.test(item.trim()) || /\.(json|ya?ml)\s+(GET|POST|PUT|PATCH|DELETE)\s/i.test(item)) {
        check.warn(itemPath, `"${item}" is an OpenAPI endpoint; API reference pages are not exported yet`);
        return;
      }
      const pagePath = normalizePagePath(item);
      if (pagePath === undefined) check.error(itemPath, "a page path inside the repository", item);
      else nodes.push({ type: "page", path: pagePath });
    } else if (item && typeof item === "object" && !Array.isArray(item) && "group" in item) {
      const group = readGroup(item, itemPath, check);
      if (group) nodes.push(group);
    } else if (item && typeof item === "object" && !Array.isArray(item) && "href" in item) {
      const object = item as Record<string, unknown>;
      const href = check.string(object.href, `${itemPath}.href`);
      const label = check.string(object.title ?? object.label ?? object.page, `${itemPath}.title`) ?? href;
      if (href && label) nodes.push({ type: "link", label, href, icon: readIcon(object.icon, `${itemPath}.icon`, check) });
    } else {
      check.error(itemPath, "a page path (text) or a group object", item);
    }
  });
  return nodes;
}

function readGlobalLinks(value: unknown, path: string, labelKey: string, check: ConfigChecker): NavLinkNode[] {
  const links: NavLinkNode[] = [];
  check.array(value, path).forEach((item, index) => {
    const object = check.object(item, `${path}[${index}]`);
    if (!object) return;
    const label = check.string(object[labelKey] ?? object.name, `${path}[${index}].${labelKey}`);
    const href = check.string(object.href, `${path}[${index}].href`);
    if (!label || !href) {
      if (!href) check.error(`${path}[${index}].href`, "a link", object.href);
      return;
    }
    links.push({ type: "link", label, href, icon: readIcon(object.icon, `${path}[${index}].icon`, check) });
  });
  return links;
}

/** Icons are a name (or path/URL), or `{ name, style }`; Quire keeps the name. */
export function readIcon(value: unknown, path: string, check: ConfigChecker): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  const object = check.object(value, path);
  return object ? check.string(object.name, `${path}.name`) : undefined;
}
