import type { ApiReference, NavDivision, NavGroup, Navigation, NavNode } from "../types.ts";
import { readApiSources } from "./api-references.ts";
import type { ConfigChecker } from "./checker.ts";
import { readIcon } from "./icons.ts";
import { readGroup } from "./navigation.ts";
import { NavigationLimits } from "./navigation-limits.ts";
import { readHexColor } from "./values.ts";

type Json = Record<string, unknown>;

/** A mint.json group and the version it belongs to (none: every version). */
interface LegacyGroup {
  group: NavGroup;
  version?: string;
  /** The first page it lists: the page that decides which tab or anchor owns it. */
  firstPage?: string;
}

/** A mint.json tab or anchor: a folder whose groups it owns, or an external link. */
interface LegacySection {
  name: string;
  path: string;
  /** The folder (`api-reference`) for an internal section. */
  folder?: string;
  /** The URL of an external section. */
  href?: string;
  icon?: string;
  version?: string;
  hidden: boolean;
  color?: { light: string; dark: string };
  /** The section's own specification: a page per operation, under the section's folder. */
  openapi?: ApiReference;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Turns mint.json's navigation into the model. mint.json lists every group once; tabs and
 * anchors own the groups whose first page lies in their `url` folder, groups outside every
 * tab form the primary tab (`primaryTab.name`), groups outside every anchor the top anchor
 * (`topAnchor.name`); external anchors become global links; each of the `versions` gets the
 * groups marked with it plus those marked with none. Problems name mint.json's own keys.
 */
export function readMintNavigation(mint: Json, check: ConfigChecker): Navigation {
  const navigation: Navigation = { root: [], global: { anchors: [], tabs: [] } };
  const versions = readVersions(mint.versions, check);
  const groups = readLegacyGroups(mint.navigation, versions, check);
  const defaultAnchorColor = readLegacyColor(
    objectOf(mint.colors)?.anchors,
    "colors.anchors",
    check,
  );
  const tabs = readSections(mint.tabs, "tabs", "tab", versions, check);
  const anchors = readSections(mint.anchors, "anchors", "anchor", versions, check).map((anchor) =>
    anchor.color || !defaultAnchorColor ? anchor : { ...anchor, color: defaultAnchorColor },
  );
  const primaryTab = readSectionName(mint.primaryTab, "primaryTab", check) ?? {
    name: "Documentation",
  };
  const topAnchor = readSectionName(mint.topAnchor, "topAnchor", check) ?? {
    name: "Documentation",
  };
  // mint.json's `openapi` is the default specification of endpoint entries and `openapi` pages.
  const openapi = readApiSources(
    mint.openapi ?? mint.openApi,
    mint.openapi !== undefined ? "openapi" : "openApi",
    check,
  );
  if (openapi !== undefined) navigation.openapi = openapi;

  for (const anchor of anchors) {
    if (anchor.href && !anchor.hidden) {
      navigation.global.anchors.push({
        type: "link",
        label: anchor.name,
        href: anchor.href,
        ...(anchor.icon ? { icon: anchor.icon } : {}),
      });
    }
  }
  const used = new Set<LegacySection>();
  const build = (version: string | undefined): NavNode[] => {
    const inVersion = <T extends { version?: string }>(items: T[]): T[] =>
      items.filter(
        (item) => version === undefined || item.version === undefined || item.version === version,
      );
    const partition = new Partition(
      inVersion(anchors).filter((anchor) => anchor.folder),
      topAnchor,
      used,
    );
    return partition.byTabs(inVersion(groups), inVersion(tabs), primaryTab);
  };
  if (versions.length > 0) {
    navigation.root = versions.map((version, index): NavDivision => {
      const children = build(version);
      if (children.length === 0) check.warn("versions", `no group belongs to version "${version}"`);
      return {
        type: "division",
        kind: "version",
        label: version,
        ...(index === 0 ? { isDefault: true } : {}),
        children,
      };
    });
  } else {
    navigation.root = build(undefined);
  }
  for (const section of [...tabs, ...anchors]) {
    if (section.folder !== undefined && !used.has(section)) {
      check.warn(
        section.path,
        `no group's first page is in the "${section.folder}" folder, so "${section.name}" has no pages and is left out`,
      );
    }
  }
  if (groups.length === 0 && openapi === undefined) check.warn("navigation", "lists no pages");
  return navigation;
}

/** Splits groups into tab and anchor divisions by the folder of their first page. */
class Partition {
  private readonly anchors: LegacySection[];
  /** Anchors already given a division in this partition. */
  private readonly placed = new Set<LegacySection>();
  private readonly topAnchor: { name: string; icon?: string };
  private readonly used: Set<LegacySection>;

  constructor(
    anchors: LegacySection[],
    topAnchor: { name: string; icon?: string },
    used: Set<LegacySection>,
  ) {
    this.anchors = anchors;
    this.topAnchor = topAnchor;
    this.used = used;
  }

  byTabs(
    groups: LegacyGroup[],
    tabs: LegacySection[],
    primaryTab: { name: string; icon?: string },
  ): NavNode[] {
    if (tabs.length === 0) return this.byAnchors(groups);
    const owned = this.assign(
      groups,
      tabs.filter((tab) => tab.folder !== undefined),
    );
    const primary = groups.filter((group) => !owned.has(group));
    const nodes: NavNode[] = [];
    if (primary.length > 0) nodes.push(division("tab", primaryTab, this.byAnchors(primary)));
    for (const tab of tabs) {
      if (tab.href) {
        nodes.push({ ...division("tab", tab, []), href: tab.href });
        continue;
      }
      const own = groups.filter((group) => owned.get(group) === tab);
      if (own.length > 0 || tab.openapi) {
        this.used.add(tab);
        nodes.push(division("tab", tab, this.byAnchors(own)));
      }
    }
    // A primary tab left alone (every other tab empty) is no choice: show its content directly.
    const only = nodes[0];
    return nodes.length === 1 && only?.type === "division" && !only.href ? only.children : nodes;
  }

  private byAnchors(groups: LegacyGroup[]): NavNode[] {
    const owned = this.assign(groups, this.anchors);
    // An anchor with a specification and no group of its own shows once: in the first set.
    const specificationOnly = this.anchors.filter(
      (anchor) => anchor.openapi && !this.placed.has(anchor),
    );
    if (owned.size === 0 && specificationOnly.length === 0)
      return groups.map((group) => group.group);
    const rest = groups.filter((group) => !owned.has(group));
    const nodes: NavNode[] = [];
    if (rest.length > 0)
      nodes.push(
        division(
          "anchor",
          this.topAnchor,
          rest.map((group) => group.group),
        ),
      );
    for (const anchor of this.anchors) {
      const own = groups.filter((group) => owned.get(group) === anchor).map((group) => group.group);
      if (own.length > 0 || specificationOnly.includes(anchor)) {
        this.used.add(anchor);
        this.placed.add(anchor);
        nodes.push(division("anchor", anchor, own));
      }
    }
    return nodes;
  }

  /** Each group's owner: the section with the longest folder holding its first page. */
  private assign(
    groups: LegacyGroup[],
    sections: LegacySection[],
  ): Map<LegacyGroup, LegacySection> {
    const owners = new Map<LegacyGroup, LegacySection>();
    for (const group of groups) {
      const page = group.firstPage;
      if (page === undefined) continue;
      let best: LegacySection | undefined;
      for (const section of sections) {
        const folder = section.folder as string;
        const holds = page === folder || page.startsWith(`${folder}/`);
        if (holds && (!best || folder.length > (best.folder as string).length)) best = section;
      }
      if (best) {
        owners.set(group, best);
        this.used.add(best);
      }
    }
    return owners;
  }
}

function division(
  kind: "tab" | "anchor",
  section: {
    name: string;
    icon?: string;
    hidden?: boolean;
    color?: { light: string; dark: string };
    openapi?: ApiReference;
  },
  children: NavNode[],
): NavDivision {
  return {
    type: "division",
    kind,
    label: section.name,
    ...(section.icon ? { icon: section.icon } : {}),
    ...(section.hidden ? { hidden: true } : {}),
    ...(section.color ? { color: section.color } : {}),
    ...(section.openapi ? { openapi: section.openapi } : {}),
    children,
  };
}

/** `versions`: names, or `{ name, url }` objects. */
function readVersions(value: unknown, check: ConfigChecker): string[] {
  const versions: string[] = [];
  check.array(value, "versions", "an array of version names").forEach((item, index) => {
    const name =
      item && typeof item === "object" && !Array.isArray(item) ? (item as Json).name : item;
    const path =
      item && typeof item === "object" && !Array.isArray(item)
        ? `versions[${index}].name`
        : `versions[${index}]`;
    const version = check.string(name, path, "a version name (a string)");
    if (version !== undefined && !versions.includes(version)) versions.push(version);
  });
  return versions;
}

function readLegacyGroups(value: unknown, versions: string[], check: ConfigChecker): LegacyGroup[] {
  const groups: LegacyGroup[] = [];
  const limits = new NavigationLimits();
  check.array(value, "navigation", "an array of groups").forEach((item, index) => {
    const path = `navigation[${index}]`;
    const group = readGroup(item, path, check, limits);
    if (!group) return;
    const version = check.string(
      (item as Json).version,
      `${path}.version`,
      "a version name (a string)",
    );
    const legacy: LegacyGroup = { group };
    const firstPage = firstPageOf(group.children) ?? group.root;
    if (firstPage !== undefined) legacy.firstPage = firstPage;
    if (version !== undefined) {
      if (versions.length === 0) {
        check.warn(
          `${path}.version`,
          `"${version}" is not used: mint.json lists no versions, so the group shows in the one navigation`,
        );
      } else if (!versions.includes(version)) {
        check.warn(
          `${path}.version`,
          `"${version}" is not one of the versions (${versions.map((name) => `"${name}"`).join(", ")}), so the group is left out`,
        );
        return;
      } else {
        legacy.version = version;
      }
    }
    groups.push(legacy);
  });
  return groups;
}

/** `tabs` and `anchors`: `{ name, url, icon, color, version, isDefaultHidden }`. */
function readSections(
  value: unknown,
  key: string,
  noun: string,
  versions: string[],
  check: ConfigChecker,
): LegacySection[] {
  const sections: LegacySection[] = [];
  check.array(value, key, `an array of ${noun} objects`).forEach((item, index) => {
    const path = `${key}[${index}]`;
    const object = check.object(item, path, `a ${noun} object with name and url`);
    if (!object) return;
    check.required(object.name, `${path}.name`, `the ${noun}'s name (a string)`);
    check.required(object.url, `${path}.url`, `the ${noun}'s folder or link (a string)`);
    const name = check.string(object.name, `${path}.name`);
    const url = check.link(object.url, `${path}.url`);
    const version = check.string(object.version, `${path}.version`, "a version name (a string)");
    const hidden = check.boolean(object.isDefaultHidden, `${path}.isDefaultHidden`) ?? false;
    const icon = readIcon(object.icon, `${path}.icon`, check);
    const color = readLegacyColor(object.color, `${path}.color`, check);
    const openapi = readApiSources(object.openapi, `${path}.openapi`, check);
    if (name === undefined || url === undefined) return;
    const section: LegacySection = { name, path, hidden };
    if (EXTERNAL.test(url.trim())) section.href = url.trim();
    else section.folder = url.trim().replace(/^\/+|\/+$/g, "");
    if (openapi && section.folder !== undefined)
      section.openapi = { ...openapi, directory: openapi.directory ?? section.folder };
    if (icon) section.icon = icon;
    if (color) section.color = color;
    if (version !== undefined && versions.includes(version)) section.version = version;
    else if (version !== undefined)
      check.warn(
        `${path}.version`,
        `"${version}" is not one of the versions, so the ${noun} shows in every version`,
      );
    sections.push(section);
  });
  return sections;
}

function readSectionName(
  value: unknown,
  path: string,
  check: ConfigChecker,
): { name: string; icon?: string } | undefined {
  const object = check.object(value, path, "an object with a name");
  const name = check.string(object?.name, `${path}.name`);
  if (name === undefined) return undefined;
  const icon = readIcon(object?.icon, `${path}.icon`, check);
  return icon ? { name, icon } : { name };
}

/** A mint.json anchor colour: a hex code or a gradient `{ from, via, to }`, shown as its first colour. */
function readLegacyColor(
  value: unknown,
  path: string,
  check: ConfigChecker,
): { light: string; dark: string } | undefined {
  if (value === undefined || value === null) return undefined;
  const object = typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
  const color = object
    ? readHexColor(object.from, `${path}.from`, check)
    : readHexColor(value, path, check);
  return color ? { light: color, dark: color } : undefined;
}

function firstPageOf(nodes: NavNode[]): string | undefined {
  for (const node of nodes) {
    if (node.type === "page") return node.path;
    if (node.type === "group") {
      const found = node.root ?? firstPageOf(node.children);
      if (found) return found;
    }
  }
  return undefined;
}

function objectOf(value: unknown): Json | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
}
