import { languageTag } from "../../site/language-tags.ts";
import type { PageMeta } from "../../site/page-index.ts";
import type { SiteLayoutData } from "../layout-types.ts";
import type { NavigationView } from "../navigation-view.ts";
import type { PageIdentity } from "./social-tags.ts";

type Entity = Record<string, unknown>;

/**
 * The page's schema.org description for search engines, as one JSON-LD `@graph`: the publisher
 * (docs.json `seo.organization`, else the site's name, logo and URL), the site, the page, its
 * place under the home page, and the article itself (`APIReference` for an API page,
 * `TechArticle` otherwise). Written only for an indexable page with a canonical URL: every
 * `@id` is an absolute URL. A data block, not a script: no browser runs it.
 */
export function structuredDataHtml(
  site: SiteLayoutData,
  page: PageMeta,
  view: NavigationView | undefined,
  identity: PageIdentity,
): string {
  const home = site.siteUrl;
  const url = identity.canonical;
  if (!home || !url || page.noindex || page.hidden) return "";
  const config = site.config;
  const given = config.seo.organization ?? {};
  const organizationId = given.id ?? `${new URL(home).origin}/#organization`;
  const websiteId = `${home}#website`;
  const language = languageTag(view?.language ?? "en");
  const modified = site.lastModified?.[page.path];
  const logo = given.logo ?? siteLogo(site);
  const organization: Entity = compact({
    "@type": "Organization",
    "@id": organizationId,
    name: given.name ?? config.name,
    legalName: given.legalName,
    url: given.url ?? home,
    logo,
    sameAs: given.sameAs,
  });
  const website: Entity = compact({
    "@type": "WebSite",
    "@id": websiteId,
    url: home,
    name: config.name,
    description: config.description,
    publisher: { "@id": organizationId },
    inLanguage: language,
  });
  const isHome = url === home;
  const webpage: Entity = compact({
    "@type": "WebPage",
    "@id": url,
    url,
    name: page.title,
    description: page.description,
    isPartOf: { "@id": websiteId },
    inLanguage: language,
    dateModified: modified,
    primaryImageOfPage: identity.image
      ? { "@type": "ImageObject", url: identity.image }
      : undefined,
    breadcrumb: isHome ? undefined : { "@id": `${url}#breadcrumb` },
  });
  const breadcrumb: Entity | undefined = isHome
    ? undefined
    : {
        "@type": "BreadcrumbList",
        "@id": `${url}#breadcrumb`,
        itemListElement: [
          { "@type": "ListItem", position: 1, name: config.name, item: home },
          { "@type": "ListItem", position: 2, name: page.title, item: url },
        ],
      };
  const article: Entity = compact({
    "@type": page.api ? "APIReference" : "TechArticle",
    "@id": `${url}#article`,
    headline: page.title,
    description: page.description,
    keywords: page.keywords.length > 0 ? page.keywords.join(", ") : undefined,
    articleSection: view?.breadcrumb.at(-1),
    inLanguage: language,
    dateModified: modified,
    image: identity.image,
    mainEntityOfPage: { "@id": url },
    isPartOf: { "@id": websiteId },
    publisher: { "@id": organizationId },
  });
  const graph = [organization, website, webpage, ...(breadcrumb ? [breadcrumb] : []), article];
  return `<script type="application/ld+json">${jsonForHtml({ "@context": "https://schema.org", "@graph": graph })}</script>`;
}

/** The site's logo as an absolute URL: an external one as it is, a bundle file under the site URL. */
function siteLogo(site: SiteLayoutData): string | undefined {
  const file = site.config.logo?.light;
  if (!file) return undefined;
  if (/^https?:\/\//i.test(file)) return file;
  const local = file.replace(/^\/+/, "");
  return site.configAssets.includes(local) ? `${site.siteUrl}${encodeURI(local)}` : undefined;
}

/** JSON that cannot end its `<script>` element early nor open a comment there. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026");
}

function compact(entity: Entity): Entity {
  return Object.fromEntries(Object.entries(entity).filter(([, value]) => value !== undefined));
}
