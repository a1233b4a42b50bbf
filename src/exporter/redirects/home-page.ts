import type { PageMeta } from "../site/page-index.ts";
import type { NavigationModel } from "../theme/navigation-view.ts";

/**
 * The page `/` leads to when the export writes no index page: the first page of the default
 * language, version and tab, as Mintlify serves at `/`; when that page is not exported (an export
 * of some paths), the first exported page of the navigation, else the first exported page.
 * Undefined when the index page is exported.
 */
export function homePage(
  exported: ReadonlyMap<string, PageMeta>,
  navigation: NavigationModel,
  navigationPaths: Iterable<string>,
): string | undefined {
  const written = (pagePath: string | undefined): pagePath is string => {
    const meta = pagePath === undefined ? undefined : exported.get(pagePath);
    return meta !== undefined && (!meta.url || Boolean(meta.file));
  };
  if (written("index")) return undefined;
  const first = navigation.homePage();
  if (written(first)) return first;
  for (const pagePath of navigationPaths) if (written(pagePath)) return pagePath;
  return [...exported.keys()].filter(written).sort()[0];
}
