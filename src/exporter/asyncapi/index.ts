/**
 * WebSocket reference pages from AsyncAPI documents: the light check every export makes. The
 * parser and the modules that read documents load only for sites that name one.
 */
import type { ExportFetcher } from "../net/index.ts";
import type { Problem } from "../problems.ts";
import type { PageMeta } from "../site/page-index.ts";
import type { RepoFiles } from "../site/repo-files.ts";
import type { NavNode, SiteConfig } from "../site/types.ts";
import type { ChannelDoc } from "./types.ts";

export type { ChannelDoc } from "./types.ts";

/** Whether the site names an AsyncAPI document: in its navigation or a page's frontmatter. */
export function usesAsyncApi(config: SiteConfig, pages: Map<string, PageMeta>): boolean {
  const inNodes = (nodes: NavNode[]): boolean =>
    nodes.some(
      (node) =>
        (node.type === "group" || node.type === "division") &&
        (Boolean(node.asyncapi) || inNodes(node.children)),
    );
  if (config.navigation.asyncapi || inNodes(config.navigation.root)) return true;
  for (const page of pages.values()) if (page.asyncapi) return true;
  return false;
}

/**
 * The AsyncAPI step of an export or a validation: channel pages join the navigation and
 * `pages`, pages with `asyncapi` frontmatter are tied to their channel. Returns each channel
 * page's channel (plain data for the render threads) and the documents read from the repository.
 */
export async function prepareChannelPages(input: {
  repo: RepoFiles;
  config: SiteConfig;
  pages: Map<string, PageMeta>;
  fetcher: ExportFetcher;
  problems: Problem[];
}): Promise<{ channels: Record<string, ChannelDoc>; documentFiles: string[] }> {
  const [{ AsyncApiCatalogue }, { buildChannelPages }] = await Promise.all([
    import("./catalogue.ts"),
    import("./channel-pages.ts"),
  ]);
  const catalogue = new AsyncApiCatalogue(input.repo, input.fetcher, input.problems);
  const { navigation, channels } = await buildChannelPages({ ...input, catalogue });
  input.config.navigation = navigation;
  return { channels, documentFiles: catalogue.loadedFiles() };
}
