import { readContextual } from "../contextual.ts";
import type { FooterColumn, NavbarLink, NavbarPrimary, SiteBanner, SiteConfig } from "../types.ts";
import { readApiSettings } from "./api-settings.ts";
import { readBackground } from "./background.ts";
import { type ConfigChecker, join } from "./checker.ts";
import { readFonts } from "./fonts.ts";
import { readIcon } from "./icons.ts";
import { reportIgnoredKeys } from "./ignored-keys.ts";
import { readNotFound } from "./not-found.ts";
import { readRedirects } from "./redirects.ts";
import { readSeo, readThumbnails } from "./seo.ts";
import { readStyling } from "./styling.ts";
import { readTheme } from "./theme.ts";
import { readHexColor, readModeColor, readThemedImage } from "./values.ts";

/** Everything of the site model but the navigation, which each file format reads its own way. */
export type SiteSettings = Omit<SiteConfig, "navigation" | "sourceFile">;

const DEFAULT_PRIMARY = "#0D9373";
const HEX_EXPECTED = "a hex colour such as #16A34A";

/**
 * Integrations that configure the hosting service itself rather than a third party; they
 * mean nothing in a static bundle.
 */
const HOSTING_SETTINGS = new Set(["telemetry", "cookies"]);

/**
 * Reads the docs.json settings (`raw` is docs.json-shaped: mint.json is converted first).
 * `requirePrimaryColor` is true for docs.json, whose schema requires `colors.primary`.
 */
export function readSiteSettings(
  raw: Record<string, unknown>,
  check: ConfigChecker,
  options: { requirePrimaryColor: boolean },
): SiteSettings {
  const name = check.string(raw.name, "name");
  check.required(raw.name, "name", "the site's name (a string)");
  return {
    name: name ?? "Documentation",
    description: check.string(raw.description, "description"),
    theme: readTheme(raw.theme, check),
    fonts: readFonts(raw.fonts, check),
    background: readBackground(raw.background, check),
    styling: readStyling(raw.styling, check),
    search: readSearch(raw.search, check),
    interaction: readInteraction(raw.interaction, check),
    errors: { notFound: readNotFound(raw.errors, check) },
    colors: readColors(raw.colors, check, options.requirePrimaryColor),
    logo: readLogo(raw.logo, check),
    favicon: readThemedImage(raw.favicon, "favicon", check),
    appearance: readAppearance(raw.appearance, check),
    navbar: readNavbar(raw.navbar, "navbar", check),
    footer: readFooter(raw.footer, "footer", check),
    banner: readBanner(raw.banner, "banner", check),
    redirects: readRedirects(raw.redirects, check),
    seo: readSeo(raw.seo, check),
    thumbnails: readThumbnails(raw.thumbnails, check),
    icons: readIcons(raw.icons, check),
    integrations: readIntegrations(raw.integrations, check),
    ...readContextualSetting(raw.contextual, check),
    metadata: readMetadata(raw.metadata, check),
    feedback: readFeedback(raw.feedback, check),
    ...readApi(raw.api, check),
  };
}

function readColors(
  value: unknown,
  check: ConfigChecker,
  requirePrimary: boolean,
): SiteConfig["colors"] {
  const object = check.object(value, "colors");
  if (requirePrimary) check.required(object?.primary, "colors.primary", HEX_EXPECTED);
  const primary = readHexColor(object?.primary, "colors.primary", check) ?? DEFAULT_PRIMARY;
  return {
    primary,
    light: readHexColor(object?.light, "colors.light", check) ?? primary,
    dark: readHexColor(object?.dark, "colors.dark", check) ?? primary,
  };
}

function readLogo(value: unknown, check: ConfigChecker): SiteConfig["logo"] {
  const image = readThemedImage(value, "logo", check);
  if (!image) return undefined;
  const href =
    typeof value === "object" && value
      ? check.link((value as Record<string, unknown>).href, "logo.href")
      : undefined;
  return href ? { ...image, href } : image;
}

function readAppearance(value: unknown, check: ConfigChecker): SiteConfig["appearance"] {
  const object = check.object(value, "appearance");
  return {
    default:
      check.oneOf(object?.default, "appearance.default", ["system", "light", "dark"] as const) ??
      "system",
    strict: check.boolean(object?.strict, "appearance.strict") ?? false,
  };
}

const NAVBAR_LINK_LABELS: Record<string, string> = { github: "GitHub", discord: "Discord" };

/** `navbar`: links and the primary button. Also read for each language's own navbar. */
export function readNavbar(
  value: unknown,
  path: string,
  check: ConfigChecker,
): SiteConfig["navbar"] {
  const object = check.object(value, path);
  const links: NavbarLink[] = [];
  check.array(object?.links, `${path}.links`).forEach((item, index) => {
    const linkPath = `${path}.links[${index}]`;
    const link = check.object(item, linkPath, "a link object with label and href");
    if (!link) return;
    const type = navbarLinkType(link.type, `${linkPath}.type`, check);
    const label =
      check.string(link.label, `${linkPath}.label`) ??
      (type ? NAVBAR_LINK_LABELS[type] : undefined);
    const href = check.link(link.href, `${linkPath}.href`);
    if (label === undefined && link.label === undefined)
      check.error(`${linkPath}.label`, "the link's text (a string)", undefined);
    if (href === undefined && link.href === undefined)
      check.error(`${linkPath}.href`, "the link's URL or path (a string)", undefined);
    if (label === undefined || href === undefined) return;
    const icon =
      readIcon(link.icon, `${linkPath}.icon`, check) ??
      (type === "github" || type === "discord" ? type : undefined);
    links.push(icon ? { label, href, icon } : { label, href });
  });
  return { links, primary: readNavbarPrimary(object?.primary, `${path}.primary`, check) };
}

/**
 * A navbar link's `type`: `github` and `discord` give it an icon and a default label. Others
 * that repositories write (`button`, `link`) are shown as plain links, as on Mintlify; an
 * unknown one is a warning, not a reason to stop the export.
 */
function navbarLinkType(
  value: unknown,
  path: string,
  check: ConfigChecker,
): "github" | "discord" | undefined {
  if (value === "github" || value === "discord") return value;
  if (value === undefined || value === "button" || value === "link") return undefined;
  if (typeof value !== "string") {
    check.error(path, '"github", "discord" or "link"', value);
    return undefined;
  }
  check.warn(path, `unknown link type "${value}"; shown as a plain link`);
  return undefined;
}

function readNavbarPrimary(
  value: unknown,
  path: string,
  check: ConfigChecker,
): NavbarPrimary | undefined {
  const object = check.object(value, path, "a button object with type, label and href");
  if (!object) return undefined;
  const type =
    check.oneOf(object.type, `${path}.type`, ["button", "github", "discord"] as const) ?? "button";
  const href = check.link(object.href, `${path}.href`);
  let label = check.string(object.label, `${path}.label`);
  if (label === undefined && object.label === undefined) {
    if (type === "button")
      check.error(
        `${path}.label`,
        'the button\'s text (a string), required when type is "button"',
        undefined,
      );
    label = NAVBAR_LINK_LABELS[type];
  }
  if (href === undefined && object.href === undefined)
    check.error(`${path}.href`, "the button's URL or path (a string)", undefined);
  if (label === undefined || href === undefined) return undefined;
  // The model knows buttons and GitHub buttons; a Discord button is a plain button.
  return { type: type === "github" ? "github" : "button", label, href };
}

/** `footer`: social links by network, and columns of links. Also read per language. */
export function readFooter(
  value: unknown,
  path: string,
  check: ConfigChecker,
): SiteConfig["footer"] {
  const object = check.object(value, path);
  const socials: Record<string, string> = {};
  const socialObject = check.object(
    object?.socials,
    `${path}.socials`,
    "an object of network names and profile URLs",
  );
  for (const [network, url] of Object.entries(socialObject ?? {})) {
    const href = check.link(url, `${path}.socials.${network}`, "link", "a profile URL (a string)");
    if (href) socials[network] = href;
  }
  const links: FooterColumn[] = [];
  check.array(object?.links, `${path}.links`).forEach((item, index) => {
    const columnPath = `${path}.links[${index}]`;
    const column = check.object(item, columnPath, "a column object with header and items");
    if (!column) return;
    const items: FooterColumn["items"] = [];
    check.required(column.items, `${columnPath}.items`, "the column's links (an array)");
    check.array(column.items, `${columnPath}.items`).forEach((entry, entryIndex) => {
      const itemPath = `${columnPath}.items[${entryIndex}]`;
      const link = check.object(entry, itemPath, "a link object with label and href");
      if (!link) return;
      const label = check.string(link.label, `${itemPath}.label`);
      const href = check.link(link.href, `${itemPath}.href`);
      if (link.label === undefined)
        check.error(`${itemPath}.label`, "the link's text (a string)", undefined);
      if (link.href === undefined)
        check.error(`${itemPath}.href`, "the link's URL or path (a string)", undefined);
      if (label !== undefined && href !== undefined) items.push({ label, href });
    });
    const header = check.string(column.header, `${columnPath}.header`);
    links.push(header !== undefined ? { header, items } : { items });
  });
  return { socials, links };
}

const BANNER_KEYS: ReadonlySet<string> = new Set(["content", "dismissible", "type", "color"]);

/** `banner`: Markdown shown above every page, its kind and colour. Also read per language. */
export function readBanner(
  value: unknown,
  path: string,
  check: ConfigChecker,
): SiteBanner | undefined {
  const object = check.object(value, path, "an object with content and dismissible");
  if (!object) return undefined;
  reportIgnoredKeys(object, path, BANNER_KEYS, check);
  check.required(object.content, `${path}.content`, "the banner's text (a Markdown string)");
  const content = check.string(
    object.content,
    `${path}.content`,
    "the banner's text (a Markdown string)",
  );
  const dismissible = check.boolean(object.dismissible, `${path}.dismissible`) ?? false;
  // The banner's links are written as Markdown; the page shows a refused one as plain text.
  for (const [, href] of (content ?? "").matchAll(/\]\(([^)\s]+)\)/g))
    check.link(href, `${path}.content`);
  if (!content) return undefined;
  const banner: SiteBanner = { content, dismissible };
  const type = check.oneOf(object.type, `${path}.type`, ["info", "warning", "critical"] as const);
  if (type) banner.type = type;
  const color = readModeColor(object.color, `${path}.color`, check);
  if (color) banner.color = color;
  return banner;
}

/** `search`: the search button's placeholder. */
function readSearch(value: unknown, check: ConfigChecker): SiteConfig["search"] {
  const object = check.object(value, "search", "an object with prompt");
  if (!object) return {};
  reportIgnoredKeys(object, "search", new Set(["prompt"]), check);
  const prompt = check.string(object.prompt, "search.prompt");
  return prompt?.trim() ? { prompt: prompt.trim() } : {};
}

/** `interaction`: whether a click on a navigation group opens its first page. */
function readInteraction(value: unknown, check: ConfigChecker): SiteConfig["interaction"] {
  const object = check.object(value, "interaction", "an object with drilldown");
  if (!object) return {};
  reportIgnoredKeys(object, "interaction", new Set(["drilldown"]), check);
  const drilldown = check.boolean(object.drilldown, "interaction.drilldown");
  return drilldown === undefined ? {} : { drilldown };
}

function readIcons(value: unknown, check: ConfigChecker): SiteConfig["icons"] {
  const object = check.object(value, "icons");
  const library = check.oneOf(object?.library, "icons.library", [
    "fontawesome",
    "lucide",
    "tabler",
  ] as const);
  if (library === "tabler") {
    // Tabler's outline icons are closest to Lucide's; most names exist in both sets.
    check.warn(
      "icons.library",
      "the Tabler icon set is not bundled; icons are drawn from Lucide, which shares most names",
    );
    return { library: "lucide" };
  }
  return { library: library ?? "fontawesome" };
}

function readIntegrations(value: unknown, check: ConfigChecker): SiteConfig["integrations"] {
  const object = check.object(value, "integrations", "an object of integrations by provider name");
  const analytics: SiteConfig["integrations"]["analytics"] = {};
  for (const [provider, settings] of Object.entries(object ?? {})) {
    const settingsObject = check.object(
      settings,
      join("integrations", provider),
      `the ${provider} settings (an object)`,
    );
    if (settingsObject && !HOSTING_SETTINGS.has(provider)) analytics[provider] = settingsObject;
  }
  return { analytics };
}

/** `contextual`: the page menu's options and place; what cannot be exported is reported. */
function readContextualSetting(
  value: unknown,
  check: ConfigChecker,
): Pick<SiteConfig, "contextual"> {
  const { settings, issues } = readContextual(value, "contextual");
  for (const issue of issues) check.warn(issue.path, issue.message);
  return settings ? { contextual: settings } : {};
}

/** `metadata`: whether pages show their last-modified date. */
function readMetadata(value: unknown, check: ConfigChecker): SiteConfig["metadata"] {
  const object = check.object(value, "metadata", "an object with timestamp");
  if (object) reportIgnoredKeys(object, "metadata", new Set(["timestamp"]), check);
  return { timestamp: check.boolean(object?.timestamp, "metadata.timestamp") ?? false };
}

/** `feedback`: `false` turns off the thumbs, the "Suggest edits" or the "Raise issue" link. */
function readFeedback(value: unknown, check: ConfigChecker): SiteConfig["feedback"] {
  const object = check.object(value, "feedback", "an object with thumbs, edits and issues");
  if (object) reportIgnoredKeys(object, "feedback", new Set(["thumbs", "edits", "issues"]), check);
  return {
    thumbs: check.boolean(object?.thumbs, "feedback.thumbs") ?? true,
    edits: check.boolean(object?.edits, "feedback.edits") ?? true,
    issues: check.boolean(object?.issues, "feedback.issues") ?? true,
  };
}

function readApi(value: unknown, check: ConfigChecker): Pick<SiteConfig, "playground" | "api"> {
  const api = readApiSettings(value, check);
  return { playground: api.playground, api };
}
