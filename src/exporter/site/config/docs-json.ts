import { normalizePagePath } from "../paths.ts";
import type { FooterColumn, NavbarLink, NavbarPrimary, Redirect, SiteConfig, ThemedImage } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";
import { readIcon, readNavigation } from "./navigation.ts";

const DEFAULT_PRIMARY = "#0D9373";
const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Reads a docs.json object into the site model, collecting every problem in `check`. */
export function readDocsJson(raw: Record<string, unknown>, check: ConfigChecker): SiteConfig {
  const name = check.string(raw.name, "name");
  if (name === undefined && raw.name === undefined) check.error("name", "the site's name (text)", undefined);
  if (raw.navigation === undefined) check.error("navigation", "the site's navigation", undefined);

  return {
    name: name ?? "Documentation",
    description: check.string(raw.description, "description"),
    colors: readColors(raw.colors, check),
    logo: readLogo(raw.logo, check),
    favicon: readThemedImage(raw.favicon, "favicon", check),
    appearance: readAppearance(raw.appearance, check),
    navbar: readNavbar(raw.navbar, check),
    footer: readFooter(raw.footer, check),
    banner: readBanner(raw.banner, check),
    redirects: readRedirects(raw.redirects, check),
    seo: readSeo(raw.seo, check),
    icons: { library: check.oneOf(check.object(raw.icons, "icons")?.library, "icons.library", ["fontawesome", "lucide"] as const) ?? "fontawesome" },
    integrations: readIntegrations(raw.integrations, check),
    playground: readPlayground(raw.api, check),
    navigation: readNavigation(raw.navigation ?? {}, check),
    sourceFile: check.file,
  };
}

function readColors(value: unknown, check: ConfigChecker): SiteConfig["colors"] {
  const object = check.object(value, "colors");
  const color = (key: string): string | undefined => {
    const text = check.string(object?.[key], `colors.${key}`);
    if (text !== undefined && !HEX_COLOR.test(text)) {
      check.error(`colors.${key}`, "a hex colour such as #16A34A", text);
      return undefined;
    }
    return text;
  };
  const primary = color("primary") ?? DEFAULT_PRIMARY;
  return { primary, light: color("light") ?? primary, dark: color("dark") ?? primary };
}

function readThemedImage(value: unknown, path: string, check: ConfigChecker): ThemedImage | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return { light: value, dark: value };
  const object = check.object(value, path);
  if (!object) return undefined;
  const light = check.string(object.light, `${path}.light`);
  const dark = check.string(object.dark, `${path}.dark`);
  if (!light && !dark) {
    check.error(path, "a path, or an object with light and dark paths", value);
    return undefined;
  }
  return { light: (light ?? dark) as string, dark: (dark ?? light) as string };
}

function readLogo(value: unknown, check: ConfigChecker): SiteConfig["logo"] {
  const image = readThemedImage(value, "logo", check);
  if (!image) return undefined;
  const href = typeof value === "object" && value ? check.string((value as Record<string, unknown>).href, "logo.href") : undefined;
  return href ? { ...image, href } : image;
}

function readAppearance(value: unknown, check: ConfigChecker): SiteConfig["appearance"] {
  const object = check.object(value, "appearance");
  return {
    default: check.oneOf(object?.default, "appearance.default", ["system", "light", "dark"] as const) ?? "system",
    strict: check.boolean(object?.strict, "appearance.strict") ?? false,
  };
}

function readNavbar(value: unknown, check: ConfigChecker): SiteConfig["navbar"] {
  const object = check.object(value, "navbar");
  const links: NavbarLink[] = [];
  check.array(object?.links, "navbar.links").forEach((item, index) => {
    const link = check.object(item, `navbar.links[${index}]`);
    if (!link) return;
    const label = check.string(link.label, `navbar.links[${index}].label`);
    const href = check.string(link.href, `navbar.links[${index}].href`);
    if (!href) return check.error(`navbar.links[${index}].href`, "a link", link.href);
    links.push({ label: label ?? href, href, icon: readIcon(link.icon, `navbar.links[${index}].icon`, check) });
  });
  let primary: NavbarPrimary | undefined;
  const primaryObject = check.object(object?.primary, "navbar.primary");
  if (primaryObject) {
    const type = check.oneOf(primaryObject.type, "navbar.primary.type", ["button", "github"] as const) ?? "button";
    const href = check.string(primaryObject.href, "navbar.primary.href");
    const label = check.string(primaryObject.label, "navbar.primary.label") ?? (type === "github" ? "GitHub" : "Get started");
    if (href) primary = { type, label, href };
    else check.error("navbar.primary.href", "a link", primaryObject.href);
  }
  return { links, primary };
}

function readFooter(value: unknown, check: ConfigChecker): SiteConfig["footer"] {
  const object = check.object(value, "footer");
  const socials: Record<string, string> = {};
  const socialObject = check.object(object?.socials, "footer.socials");
  for (const [network, url] of Object.entries(socialObject ?? {})) {
    const href = check.string(url, `footer.socials.${network}`);
    if (href) socials[network] = href;
  }
  const links: FooterColumn[] = [];
  check.array(object?.links, "footer.links").forEach((item, index) => {
    const column = check.object(item, `footer.links[${index}]`);
    if (!column) return;
    const items: FooterColumn["items"] = [];
    check.array(column.items, `footer.links[${index}].items`).forEach((entry, entryIndex) => {
      const link = check.object(entry, `footer.links[${index}].items[${entryIndex}]`);
      const label = check.string(link?.label, `footer.links[${index}].items[${entryIndex}].label`);
      const href = check.string(link?.href, `footer.links[${index}].items[${entryIndex}].href`);
      if (label && href) items.push({ label, href });
    });
    links.push({ header: check.string(column.header, `footer.links[${index}].header`), items });
  });
  return { socials, links };
}

function readBanner(value: unknown, check: ConfigChecker): SiteConfig["banner"] {
  const object = check.object(value, "banner");
  const content = check.string(object?.content, "banner.content");
  if (!content) return undefined;
  return { content, dismissible: check.boolean(object?.dismissible, "banner.dismissible") ?? false };
}

function readRedirects(value: unknown, check: ConfigChecker): Redirect[] {
  const redirects: Redirect[] = [];
  check.array(value, "redirects").forEach((item, index) => {
    const object = check.object(item, `redirects[${index}]`);
    if (!object) return;
    const source = check.string(object.source, `redirects[${index}].source`);
    const destination = check.string(object.destination, `redirects[${index}].destination`);
    if (!source || !destination) {
      check.error(`redirects[${index}]`, "an object with source and destination", item);
      return;
    }
    if (/[:*]/.test(source)) check.warn(`redirects[${index}].source`, `"${source}" has a wildcard or parameter; a static bundle can only redirect exact paths, so it is skipped`);
    const isExternal = /^[a-z][a-z0-9+.-]*:/i.test(destination);
    redirects.push({
      source: /[:*]/.test(source) ? source : (normalizePagePath(source) ?? source),
      destination: isExternal ? destination : (normalizePagePath(destination) ?? destination) + (destination.includes("#") ? destination.slice(destination.indexOf("#")) : ""),
      permanent: check.boolean(object.permanent, `redirects[${index}].permanent`) ?? true,
    });
  });
  return redirects;
}

function readSeo(value: unknown, check: ConfigChecker): SiteConfig["seo"] {
  const object = check.object(value, "seo");
  const metatags: Record<string, string> = {};
  for (const [key, tag] of Object.entries(check.object(object?.metatags, "seo.metatags") ?? {})) {
    const text = check.string(tag, `seo.metatags.${key}`);
    if (text !== undefined) metatags[key] = text;
  }
  return { metatags, indexing: check.oneOf(object?.indexing, "seo.indexing", ["navigable", "all"] as const) ?? "navigable" };
}

function readIntegrations(value: unknown, check: ConfigChecker): SiteConfig["integrations"] {
  const object = check.object(value, "integrations");
  const analytics: SiteConfig["integrations"]["analytics"] = {};
  for (const [provider, settings] of Object.entries(object ?? {})) {
    const settingsObject = check.object(settings, `integrations.${provider}`);
    if (settingsObject) analytics[provider] = settingsObject;
  }
  return { analytics };
}

function readPlayground(value: unknown, check: ConfigChecker): SiteConfig["playground"] {
  const api = check.object(value, "api");
  const playground = check.object(api?.playground, "api.playground");
  return check.oneOf(playground?.display, "api.playground.display", ["interactive", "simple", "none", "auth"] as const) === "none" ? "none" : playground?.display === "simple" ? "simple" : "interactive";
}
