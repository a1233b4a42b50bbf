import type { SearchSection } from "../mdx/rendered-page.ts";
import type { PageMeta } from "../site/page-index.ts";
import type { SearchDocument } from "./build-index.ts";

/**
 * The pages of a site as its search sees them: the export's rendered pages, or a live
 * preview's. Like search engines, the site's own search leaves out noindex and hidden pages,
 * and `searchable: false` ones.
 */
export function siteSearchDocuments(
  rendered: readonly { pagePath: string; sections: SearchSection[] }[],
  pages: ReadonlyMap<string, PageMeta>,
  /** Titles of the navigation groups above a page, outermost first. */
  breadcrumbOf: (pagePath: string) => string[] | undefined,
): SearchDocument[] {
  return rendered.flatMap((outcome) => {
    const meta = pages.get(outcome.pagePath);
    if (!meta || meta.noindex || meta.hidden || meta.unsearchable) return [];
    return [
      {
        path: meta.path,
        title: meta.title,
        description: meta.description,
        breadcrumb: breadcrumbOf(meta.path),
        sections: outcome.sections,
        ...(meta.boost ? { boost: meta.boost } : {}),
      },
    ];
  });
}
