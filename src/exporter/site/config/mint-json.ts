import type { ConfigChecker } from "./checker.ts";

type Json = Record<string, unknown>;

/**
 * Converts a legacy `mint.json` to the docs.json shape, so one reader handles both.
 * Legacy tabs and anchors own the groups whose pages live under their `url` folder;
 * external anchors become global anchors; string versions split groups by their `version`.
 */
export function convertMintJson(mint: Json, check: ConfigChecker): Json {
  const docs: Json = {
    name: mint.name,
    description: (mint.metadata as Json | undefined)?.description ?? mint.description,
    logo: mint.logo,
    favicon: mint.favicon,
    colors: mint.colors && typeof mint.colors === "object" ? { primary: (mint.colors as Json).primary, light: (mint.colors as Json).light, dark: (mint.colors as Json).dark } : undefined,
    redirects: mint.redirects,
    seo: mint.metadata && typeof mint.metadata === "object" ? { metatags: mint.metadata } : undefined,
    integrations: mint.analytics,
  };
  const modeToggle = check.object(mint.modeToggle, "modeToggle");
  if (modeToggle) docs.appearance = { default: modeToggle.default ?? "system", strict: modeToggle.isHidden === true };
  docs.navbar = convertNavbar(mint, check);
  docs.footer = { socials: convertSocials(mint.footerSocials, check) };
  const playgroundMode = check.object(check.object(mint.api, "api")?.playground, "api.playground")?.mode;
  if (playgroundMode !== undefined) docs.api = { playground: { display: playgroundMode === "hide" ? "none" : playgroundMode === "simple" ? "simple" : "interactive" } };
  docs.navigation = convertNavigation(mint, check);
  return docs;
}

function convertNavbar(mint: Json, check: ConfigChecker): Json {
  const links = check.array(mint.topbarLinks, "topbarLinks").flatMap((item, index) => {
    const link = check.object(item, `topbarLinks[${index}]`);
    if (!link) return [];
    return [{ label: link.name ?? (link.type === "github" ? "GitHub" : link.url), href: link.url }];
  });
  const cta = check.object(mint.topbarCtaButton, "topbarCtaButton");
  const primary = cta ? { type: cta.type === "github" ? "github" : "button", label: cta.name ?? (cta.type === "github" ? "GitHub" : "Get started"), href: cta.url } : undefined;
  return { links, primary };
}

function convertSocials(value: unknown, check: ConfigChecker): Json {
  if (Array.isArray(value)) {
    const socials: Json = {};
    value.forEach((item, index) => {
      const entry = check.object(item, `footerSocials[${index}]`);
      if (entry && typeof entry.type === "string") socials[entry.type] = entry.url;
    });
    return socials;
  }
  return check.object(value, "footerSocials") ?? {};
}

interface LegacySection {
  name: string;
  url: string;
  icon?: unknown;
}

function convertNavigation(mint: Json, check: ConfigChecker): Json {
  const groups = check.array(mint.navigation, "navigation").filter((group): group is Json => Boolean(group) && typeof group === "object");
  const tabs = readSections(mint.tabs, "tabs", check);
  const anchors = readSections(mint.anchors, "anchors", check);
  const internalAnchors = anchors.filter((anchor) => !/^[a-z]+:/i.test(anchor.url));
  const externalAnchors = anchors.filter((anchor) => /^[a-z]+:/i.test(anchor.url)).map((anchor) => ({ anchor: anchor.name, href: anchor.url, icon: anchor.icon }));
  const primaryTab = (check.object(mint.primaryTab, "primaryTab")?.name as string | undefined) ?? "Documentation";

  const versions = check.array(mint.versions, "versions").map((version) => (typeof version === "object" && version ? (version as Json).name : version)).filter((version): version is string => typeof version === "string");
  const contentFor = (version: string | undefined): Json => {
    const own = groups.filter((group) => version === undefined || group.version === undefined || group.version === version).map(stripVersion);
    return partition(own, tabs, internalAnchors, primaryTab);
  };
  const navigation: Json = versions.length > 0 ? { versions: versions.map((version, index) => ({ version, default: index === 0 ? true : undefined, ...contentFor(version) })) } : contentFor(undefined);
  if (externalAnchors.length > 0) navigation.global = { anchors: externalAnchors };
  return navigation;
}

function stripVersion(group: Json): Json {
  const { version: _version, ...rest } = group;
  return rest;
}

/** Splits groups by the tab (then anchor) whose url folder holds their first page. */
function partition(groups: Json[], tabs: LegacySection[], anchors: LegacySection[], primaryTab: string): Json {
  const owner = (sections: LegacySection[], group: Json): LegacySection | undefined => {
    const first = firstPage(group);
    return first === undefined ? undefined : sections.find((section) => first === section.url || first.startsWith(`${section.url.replace(/^\/+|\/+$/g, "")}/`));
  };
  const withAnchors = (own: Json[]): Json => {
    if (anchors.length === 0) return { groups: own };
    const rest = own.filter((group) => !owner(anchors, group));
    const anchorDivisions = anchors
      .map((anchor) => ({ anchor: anchor.name, icon: anchor.icon, groups: own.filter((group) => owner(anchors, group) === anchor) }))
      .filter((anchor) => anchor.groups.length > 0);
    return anchorDivisions.length > 0 ? { anchors: [{ anchor: primaryTab, groups: rest }, ...anchorDivisions] } : { groups: rest };
  };
  if (tabs.length === 0) return withAnchors(groups);
  const primary = groups.filter((group) => !owner(tabs, group));
  const tabDivisions = tabs.map((tab) => ({ tab: tab.name, ...(/^[a-z]+:/i.test(tab.url) ? { href: tab.url } : withAnchors(groups.filter((group) => owner(tabs, group) === tab))) }));
  return { tabs: [{ tab: primaryTab, ...withAnchors(primary) }, ...tabDivisions] };
}

function firstPage(group: Json): string | undefined {
  for (const page of Array.isArray(group.pages) ? group.pages : []) {
    if (typeof page === "string") return page.replace(/^\/+/, "");
    if (page && typeof page === "object") {
      const nested = firstPage(page as Json);
      if (nested) return nested;
    }
  }
  return undefined;
}

function readSections(value: unknown, path: string, check: ConfigChecker): LegacySection[] {
  return check.array(value, path).flatMap((item, index) => {
    const object = check.object(item, `${path}[${index}]`);
    const name = check.string(object?.name, `${path}[${index}].name`);
    const url = check.string(object?.url, `${path}[${index}].url`);
    return name && url ? [{ name, url: url.replace(/^\/+/, ""), icon: object?.icon }] : [];
  });
}
