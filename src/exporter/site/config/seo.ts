import type { SeoOrganization, SiteConfig } from "../types.ts";
import type { ConfigChecker } from "./checker.ts";
import { reportIgnoredKeys } from "./ignored-keys.ts";

const ORGANIZATION_KEYS = new Set(["id", "name", "legalName", "url", "logo", "sameAs"]);

/** `seo`: meta tags for every page, which pages search engines index, the publisher's details. */
export function readSeo(value: unknown, check: ConfigChecker): SiteConfig["seo"] {
  const object = check.object(value, "seo");
  if (object)
    reportIgnoredKeys(object, "seo", new Set(["metatags", "indexing", "organization"]), check);
  const metatags: Record<string, string> = {};
  const tags = check.object(
    object?.metatags,
    "seo.metatags",
    "an object of meta tag names and values",
  );
  for (const [name, content] of Object.entries(tags ?? {})) {
    const text =
      typeof content === "boolean"
        ? String(content)
        : check.string(content, `seo.metatags.${name}`);
    if (text !== undefined) metatags[name] = text;
  }
  const indexing =
    check.oneOf(object?.indexing, "seo.indexing", ["navigable", "all"] as const) ?? "navigable";
  const organization = readOrganization(object?.organization, check);
  return { metatags, indexing, ...(organization ? { organization } : {}) };
}

/** `seo.organization`: the publisher of the site's structured data; every field optional. */
function readOrganization(value: unknown, check: ConfigChecker): SeoOrganization | undefined {
  const object = check.object(value, "seo.organization");
  if (!object) return undefined;
  reportIgnoredKeys(object, "seo.organization", ORGANIZATION_KEYS, check);
  const absolute = (entry: unknown, path: string): string | undefined => {
    const text = check.string(entry, path, "an absolute URL");
    if (text === undefined || /^https?:\/\/[^/\s]+/i.test(text)) return text;
    check.warn(path, `"${text}" is left out: structured data needs an absolute http(s) URL`);
    return undefined;
  };
  const organization: SeoOrganization = {};
  const id = absolute(object.id, "seo.organization.id");
  const name = check.string(object.name, "seo.organization.name");
  const legalName = check.string(object.legalName, "seo.organization.legalName");
  const home = absolute(object.url, "seo.organization.url");
  const logo = absolute(object.logo, "seo.organization.logo");
  const sameAs = check
    .array(object.sameAs, "seo.organization.sameAs", "an array of URLs")
    .map((entry, index) => absolute(entry, `seo.organization.sameAs[${index}]`))
    .filter((entry): entry is string => entry !== undefined);
  if (id) organization.id = id;
  if (name) organization.name = name;
  if (legalName) organization.legalName = legalName;
  if (home) organization.url = home;
  if (logo) organization.logo = logo;
  if (sameAs.length > 0) organization.sameAs = sameAs;
  return organization;
}

/**
 * `thumbnails`: how the social preview card is drawn (`appearance`, and `background`, a picture
 * behind its words). A `background` on another host cannot be drawn on without the network, so
 * it is every page's image as it is, unless a page or `seo.metatags` names its own.
 */
export function readThumbnails(value: unknown, check: ConfigChecker): SiteConfig["thumbnails"] {
  const object = check.object(value, "thumbnails");
  if (!object) return {};
  reportIgnoredKeys(object, "thumbnails", new Set(["background", "appearance"]), check);
  const background = check.link(object.background, "thumbnails.background", "image");
  const appearance = check.oneOf(object.appearance, "thumbnails.appearance", [
    "light",
    "dark",
  ] as const);
  return { ...(background ? { background } : {}), ...(appearance ? { appearance } : {}) };
}
