/**
 * The API reference step of an export or a validation, for both kinds of specification:
 * OpenAPI operations (openapi/) and AsyncAPI channels (asyncapi/, which builds on openapi/'s
 * schema views). Sites that name neither never load either.
 */
import { type ChannelDoc, prepareChannelPages, usesAsyncApi } from "./asyncapi/index.ts";
import type { ExportFetcher } from "./net/index.ts";
import { decidePlayground, manualUrls, originsOf, usesApiReference } from "./openapi/index.ts";
import type { ApiRenderSetup } from "./openapi/render-api-page.ts";
import type { Problem } from "./problems.ts";
import type { PageMeta } from "./site/page-index.ts";
import type { RepoFiles } from "./site/repo-files.ts";
import type { DeploymentType, SiteConfig } from "./site/types.ts";

/** What the render threads get for API pages: OpenAPI's setup and each channel page's channel. */
export interface ApiPagesSetup extends ApiRenderSetup {
  /** The AsyncAPI channel of each channel page, by page path, parsed at export time. */
  channels: Record<string, ChannelDoc>;
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
}): Promise<{ setup: ApiPagesSetup; specFiles: string[]; connectOrigins: string[] } | undefined> {
  const { config, pages, deployment, problems } = input;
  const openApi = usesApiReference(config, pages);
  const asyncApi = usesAsyncApi(config, pages);
  if (!openApi && !asyncApi) return undefined;
  const setup: ApiPagesSetup = {
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
      import("./openapi/api-reference.ts"),
      import("./openapi/spec-catalogue.ts"),
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
