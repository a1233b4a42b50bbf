/**
 * API reference pages from OpenAPI specifications: the light checks the export makes for
 * every site. The modules that read specifications load only for sites that name one.
 */
import { prepareChannelPages, usesAsyncApi } from "../asyncapi/index.ts";
import type { ExportFetcher } from "../net/index.ts";
import type { Problem } from "../problems.ts";
import type { PageMeta } from "../site/page-index.ts";
import type { RepoFiles } from "../site/repo-files.ts";
import type { ApiSettings, DeploymentType, NavNode, SiteConfig } from "../site/types.ts";
import type { ApiRenderSetup } from "./render-api-page.ts";
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

/**
 * The API reference step of an export or a validation: for a site that names an OpenAPI
 * specification, the navigation's endpoint entries become pages, generated pages join
 * `pages`, pages with `openapi` frontmatter are tied to their operation; for one that names an
 * AsyncAPI document, its channels become pages (asyncapi/). The render threads get what they
 * need. Undefined for other sites, which never load these modules.
 */
export async function prepareApiReference(input: {
  repo: RepoFiles;
  files: string[];
  config: SiteConfig;
  pages: Map<string, PageMeta>;
  deployment: DeploymentType;
  playgroundOptIn: boolean;
  /** How specifications given as URLs are fetched (the export's network rules). */
  fetcher: ExportFetcher;
  problems: Problem[];
}): Promise<{ setup: ApiRenderSetup; specFiles: string[]; connectOrigins: string[] } | undefined> {
  const { config, pages, deployment, problems } = input;
  const openApi = usesApiReference(config, pages);
  const asyncApi = usesAsyncApi(config, pages);
  if (!openApi && !asyncApi) return undefined;
  const setup: ApiRenderSetup = {
    settings: config.api,
    playground: decidePlayground(config.api, deployment, input.playgroundOptIn),
    allowInteractive: deployment !== "air-gapped" || input.playgroundOptIn,
    remoteSpecs: {},
    channels: {},
  };
  const specFiles: string[] = [];
  let serverUrls: string[] = [];
  if (openApi) {
    const [{ buildApiReference }, { SpecCatalogue }] = await Promise.all([
      import("./api-reference.ts"),
      import("./spec-catalogue.ts"),
    ]);
    const catalogue = new SpecCatalogue(input.repo, input.files, input.fetcher, problems);
    config.navigation = await buildApiReference({ config, pages, catalogue, problems });
    setup.remoteSpecs = await catalogue.remoteTexts();
    specFiles.push(...catalogue.loadedFiles());
    serverUrls = await catalogue.serverUrls();
  }
  if (asyncApi) {
    const { channels, documentFiles } = await prepareChannelPages(input);
    setup.channels = channels;
    specFiles.push(...documentFiles);
  }
  // The hosts the playground may call, for servers whose Content-Security-Policy must allow them.
  const connectOrigins = setup.allowInteractive
    ? [
        ...new Set([
          ...originsOf(serverUrls),
          ...originsOf(config.api.servers),
          ...originsOf(manualUrls(pages)),
        ]),
      ].sort()
    : [];
  return { setup, specFiles, connectOrigins };
}

function originsOf(urls: string[]): string[] {
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
function manualUrls(pages: Map<string, PageMeta>): string[] {
  return [...pages.values()].flatMap((page) =>
    page.manualApi && /^https?:\/\//i.test(page.manualApi.url)
      ? [page.manualApi.url.replace(/[{}]/g, "")]
      : [],
  );
}
