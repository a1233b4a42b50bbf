import { pageLocation, pageOutputFile, relativeLinker } from "../../site/paths.ts";
import { isExternalUrl } from "../html.ts";
import type { SiteLayoutData } from "../layout-types.ts";
import { linkTarget } from "../navigation-view.ts";

/** How one page links to everything else; every link is relative to the page. */
export interface PageLinks {
  /** A page path (with a `#fragment`), a bundle file, or an absolute URL (`external`). */
  url(target: string, external?: boolean): string;
  /** A link written in docs.json (navbar, footer, banner): a page of the site or another site. */
  configUrl(href: string): string;
  /** A bundle file, as a URI. */
  asset(file: string): string;
  /**
   * The bundle folder every relative link starts from (`guides/` for `guides/intro`): pages
   * in one folder link alike, so HTML made of links can be shared between them.
   */
  folder?: string;
}

export function pageLinks(site: SiteLayoutData, from: string): PageLinks {
  const clean = site.cleanUrls;
  const location = pageLocation(from, clean);
  const link = relativeLinker(location);
  const url = (target: string, external = false): string => {
    if (external || isExternalUrl(target)) return target;
    const hash = target.indexOf("#");
    if (hash >= 0) return (hash > 0 ? url(target.slice(0, hash)) : "") + target.slice(hash);
    // A config link may name a file of the bundle (`/openapi.json`) rather than a page.
    return link(
      site.pages[target] || !/\.[a-z0-9]+$/i.test(target) ? pageOutputFile(target, clean) : target,
    );
  };
  return {
    url,
    configUrl: (href) => (href.startsWith("#") ? href : url(linkTarget(href, site.pages).target)),
    asset: (file) => encodeURI(link(file)),
    folder: location.slice(0, location.lastIndexOf("/") + 1),
  };
}
