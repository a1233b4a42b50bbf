import type { RenderedBody } from "../mdx/rendered-page.ts";
import type { PageMeta } from "../site/page-index.ts";
import { renderPage } from "../theme/layout.ts";
import type { SiteLayoutData } from "../theme/layout-types.ts";
import { NavigationModel } from "../theme/navigation-view.ts";

export interface PageDocument {
  html: string;
  /** Titles of the navigation groups above the page, outermost first (its search breadcrumb). */
  breadcrumb: string[];
}

export interface PageDocumentRenderer {
  render(page: PageMeta, body: RenderedBody): PageDocument;
  /** The docs.json code of the page's language, which its body is rendered in too. */
  languageOf(pagePath: string): string | undefined;
}

/** Wraps rendered bodies in the site layout; the navigation model is built once per thread. */
export function createPageDocumentRenderer(site: SiteLayoutData): PageDocumentRenderer {
  const navigation = new NavigationModel(site.config.navigation, site.pages);
  return {
    render: (page, body) => {
      const view = navigation.view(page.path);
      return { html: renderPage(site, { page, body }, view), breadcrumb: view.breadcrumb };
    },
    languageOf: (pagePath) => navigation.languageOf(pagePath),
  };
}
