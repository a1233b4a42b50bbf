/**
 * API reference pages from OpenAPI specifications: the light checks the export makes for
 * every site (the step itself is ../api-pages.ts). The modules that read specifications load
 * only for sites that name one.
 */
import type { PageMeta } from "../site/page-index.ts";
import type { ApiSettings, DeploymentType, NavNode, SiteConfig } from "../site/types.ts";
import type { PlaygroundMode } from "./render-operation.ts";

/** Whether the site names an OpenAPI specification anywhere: navigation, `api.openapi` or a page's frontmatter. */
export function usesApiReference(config: SiteConfig, pages: Map<string, PageMeta>): boolean {
  for (const page of pages.values()) if (page.manualApi) return true;
  const inNodes = (nodes: NavNode[]): boolean =>
    nodes.some(
      (node) =>
        node.type === "endpoint" ||
        ((node.type === "group" || node.type === "division") &&
          (Boolean(node.openapi) || inNodes(node.children))),
    );
  if (config.api.openapi || config.navigation.openapi || inNodes(config.navigation.root))
    return true;
  for (const page of pages.values()) if (page.openapi) return true;
  return false;
}

/**
 * The playground an export shows (docs/deployment-types.md): as docs.json's `api.playground.display` says in
 * cloud and client-hosted deployments; in an air-gapped one, off unless the project turns it on.
 */
export function decidePlayground(
  settings: ApiSettings,
  deployment: DeploymentType,
  airGappedOptIn: boolean,
): PlaygroundMode {
  if (settings.playground !== "interactive") return settings.playground;
  if (deployment === "air-gapped" && !airGappedOptIn) return "simple";
  return "interactive";
}

export function originsOf(urls: string[]): string[] {
  return urls.flatMap((url) => {
    try {
      const parsed = new URL(url);
      return parsed.protocol === "https:" || parsed.protocol === "http:" ? [parsed.origin] : [];
    } catch {
      return [];
    }
  });
}

/** The full URLs of pages that document an endpoint by hand (`api: "GET https://…"`). */
export function manualUrls(pages: Map<string, PageMeta>): string[] {
  return [...pages.values()].flatMap((page) =>
    page.manualApi && /^https?:\/\//i.test(page.manualApi.url)
      ? [page.manualApi.url.replace(/[{}]/g, "")]
      : [],
  );
}
