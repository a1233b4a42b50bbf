import { languageTag, openGraphLocale } from "../../site/language-tags.ts";
import type { PageMeta } from "../../site/page-index.ts";
import { pageUrlPath } from "../../site/paths.ts";
import { escapeHtml } from "../html.ts";
import type { SiteLayoutData } from "../layout-types.ts";
import type { NavigationView } from "../navigation-view.ts";
import type { PageLinks } from "./links.ts";

/** What a page says about itself to search engines and link previews. */
export interface PageIdentity {
  /** The page's one URL (frontmatter `canonical`, else the site URL and the page's path). */
  canonical?: string;
  /** The preview image, absolute where it can be. */
  image?: string;
  /** The image is the export's drawn card, whose size is known. */
  drawnCard?: boolean;
}

/** The drawn card's size (social/card-layout.ts), given so previews need not fetch it first. */
const CARD_SIZE = { width: "1200", height: "630" };

/** Meta tags written as `<meta property>` (Open Graph), the others as `<meta name>`. */
const PROPERTY_PREFIX = "og:";

/**
 * The page's canonical URL and preview image. The canonical URL needs the site's URL (an export
 * option, or docs.json's `seo.metatags.canonical`), unless the page names its own.
 */
export function pageIdentity(
  site: SiteLayoutData,
  page: PageMeta,
  frontmatter: Record<string, unknown>,
): PageIdentity {
  const own = typeof frontmatter.canonical === "string" ? frontmatter.canonical.trim() : "";
  const canonical = /^https?:\/\//i.test(own)
    ? own
    : site.siteUrl && !page.noindex && !page.hidden
      ? absolutePageUrl(site, page.path)
      : undefined;
  const written =
    stringValue(frontmatter["og:image"]) ?? site.config.seo.metatags["og:image"] ?? undefined;
  if (!written && site.socialCard && site.siteUrl)
    return {
      ...(canonical ? { canonical } : {}),
      image: absoluteUrl(site, site.socialCard),
      drawnCard: true,
    };
  const image = written
    ? (absoluteUrl(site, written) ?? written)
    : site.config.thumbnails.background
      ? absoluteUrl(site, site.config.thumbnails.background)
      : undefined;
  return { ...(canonical ? { canonical } : {}), ...(image ? { image } : {}) };
}

/** The page's address on the site: the site URL and the page's path in the export's URL form. */
export function absolutePageUrl(site: SiteLayoutData, pagePath: string): string {
  return `${site.siteUrl}${encodeURI(pageUrlPath(pagePath, site.cleanUrls))}`;
}

/** An absolute http(s) URL as it is; a site file (`/images/og.png`) under the site URL, when known. */
function absoluteUrl(site: SiteLayoutData, value: string): string | undefined {
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith("//")) return `https:${value}`;
  if (!site.siteUrl || /^[a-z][a-z0-9+.-]*:/i.test(value)) return undefined;
  return `${site.siteUrl}${encodeURI(value.replace(/^\/+/, ""))}`;
}

/**
 * `<link rel="canonical">`, the `hreflang` alternates (with `x-default`, the default language's
 * version) and the Open Graph and Twitter tags: the site's defaults, then docs.json's
 * `seo.metatags`, then the page's own, then the page's frontmatter, each over the one before.
 * docs.json's `seo.metatags.canonical` is the site's URL, not a tag of its own.
 */
export function socialTags(
  site: SiteLayoutData,
  page: PageMeta,
  frontmatter: Record<string, unknown>,
  view: NavigationView | undefined,
  links: PageLinks,
): string[] {
  const identity = pageIdentity(site, page, frontmatter);
  const language = view?.language ?? "en";
  const tags = new Map<string, string>([
    ["og:type", "website"],
    ["og:site_name", site.config.name],
    ["og:locale", openGraphLocale(language)],
  ]);
  for (const [name, content] of Object.entries(site.config.seo.metatags))
    if (name !== "canonical") tags.set(name, content);
  tags.set("og:title", page.title);
  if (page.description) tags.set("og:description", page.description);
  if (identity.canonical) tags.set("og:url", identity.canonical);
  if (identity.image) tags.set("og:image", identity.image);
  if (identity.drawnCard) {
    tags.set("og:image:width", CARD_SIZE.width);
    tags.set("og:image:height", CARD_SIZE.height);
  }
  for (const [key, value] of Object.entries(frontmatter)) {
    const text = stringValue(value);
    if (text !== undefined && (key.startsWith(PROPERTY_PREFIX) || key.startsWith("twitter:")))
      tags.set(key, key === "og:image" && identity.image ? identity.image : text);
  }
  if (!tags.has("twitter:card"))
    tags.set("twitter:card", tags.has("og:image") ? "summary_large_image" : "summary");
  // X reads og:image too, but names its own tag first; the drawn card is given under both.
  if (identity.drawnCard && !tags.has("twitter:image"))
    tags.set("twitter:image", identity.image as string);
  const alternates = view?.alternates ?? [];
  const otherLocales = alternates
    .filter((alternate) => alternate.language !== language)
    .map((alternate) => openGraphLocale(alternate.language));
  return [
    ...(identity.canonical
      ? [`<link rel="canonical" href="${escapeHtml(identity.canonical)}">`]
      : []),
    ...alternateLinks(site, page, view, links),
    ...[...tags].map(([name, content]) => {
      const attribute = name.startsWith(PROPERTY_PREFIX) ? "property" : "name";
      return `<meta ${attribute}="${escapeHtml(name)}" content="${escapeHtml(content)}">`;
    }),
    ...[...new Set(otherLocales)].map(
      (locale) => `<meta property="og:locale:alternate" content="${escapeHtml(locale)}">`,
    ),
  ];
}

/**
 * `<link rel="alternate" hreflang>` for each language that has the page, and `x-default` for the
 * default language's: absolute with a known site URL (as search engines want), else relative.
 */
function alternateLinks(
  site: SiteLayoutData,
  page: PageMeta,
  view: NavigationView | undefined,
  links: PageLinks,
): string[] {
  // A translation search engines are told not to index is no alternate either.
  const alternates = (view?.alternates ?? []).filter((alternate) => {
    const meta = site.pages[alternate.target];
    return meta && !meta.noindex && !meta.hidden;
  });
  if (alternates.length < 2 || page.noindex || page.hidden) return [];
  const href = (target: string): string =>
    site.siteUrl ? absolutePageUrl(site, target) : links.url(target);
  const defaultLanguage = view?.defaultLanguage;
  const fallback = alternates.find((alternate) => alternate.language === defaultLanguage);
  return [
    ...alternates.map(
      (alternate) =>
        `<link rel="alternate" hreflang="${escapeHtml(languageTag(alternate.language))}" href="${escapeHtml(href(alternate.target))}">`,
    ),
    ...(fallback
      ? [`<link rel="alternate" hreflang="x-default" href="${escapeHtml(href(fallback.target))}">`]
      : []),
  ];
}

function stringValue(value: unknown): string | undefined {
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}
