import { mermaidScript } from "../code/mermaid-asset.ts";
import type { ComponentMode } from "../export-options.ts";
import { prepareLayout } from "../export-site.ts";
import type { Problem } from "../problems.ts";
import { readSiteSources } from "../read-site.ts";
import { BodyRenderer } from "../render/body-renderer.ts";
import { engineFingerprint } from "../render/engine-fingerprint.ts";
import { createPageDocumentRenderer, type PageDocumentRenderer } from "../render/page-document.ts";
import { isListedPath } from "../site/discover.ts";
import { collectNavigationPages } from "../site/navigation-pages.ts";
import type { PageMeta } from "../site/page-index.ts";
import type { RepoFiles } from "../site/repo-files.ts";
import { checkNavigationPages } from "../site/site-index.ts";
import type { DeploymentType, SiteConfig } from "../site/types.ts";
import type { SiteLayoutData } from "../theme/layout-types.ts";
import { NavigationModel } from "../theme/navigation-view.ts";

/** How a preview renders: the export's settings that change pages. */
export interface PreviewSettings {
  sourceDir: string;
  deployment: DeploymentType;
  components: ComponentMode;
  /** The export's render cache, shared: a page unchanged since the last export or preview is not rendered again. */
  cacheDir?: string;
  allowHosts?: string[];
}

/**
 * Everything of a site a preview knows before rendering any page, read with the export's own
 * steps: the configuration, the page index (frontmatter only), the API reference, the layout
 * and its files. Reading it is cheap next to rendering pages, so a change to the configuration
 * reads it again whole.
 */
export interface SiteState {
  repo: RepoFiles;
  config: SiteConfig;
  pages: Map<string, PageMeta>;
  /** Files that are not pages (snippets, images, specifications, stylesheets). */
  files: string[];
  layout: SiteLayoutData;
  /** Files Quire makes for the site (theme, site stylesheet, KaTeX, mermaid, components' runtime), by bundle path. */
  generated: Map<string, string | Buffer>;
  /** Repository files the configuration and the specifications publish. */
  siteAssets: Set<string>;
  /** Repository files that shape every page: a change to one reads the site again. */
  siteFiles: Set<string>;
  /** Problems of the site as a whole: configuration and navigation. */
  problems: Problem[];
  /** Whether the export would read a file at this path (not ignored, not in a dot-folder). */
  isListed: (file: string) => boolean;
  bodies: BodyRenderer;
  document: PageDocumentRenderer;
  navigation: NavigationModel;
}

/** Reads the site's state; throws ExportFailedError when the configuration cannot be read. */
export async function readSiteState(settings: PreviewSettings): Promise<SiteState> {
  const { repo, config, ignore, listing, pages, api, problems } = await readSiteSources({
    sourceDir: settings.sourceDir,
    deployment: settings.deployment,
    playgroundOptIn: false,
    allowHosts: settings.allowHosts,
  });
  checkNavigationPages(config, collectNavigationPages(config.navigation), pages, problems);
  const prepared = await prepareLayout(config, settings.deployment, pages, repo, listing.files);
  problems.push(...prepared.problems);
  const { layout } = prepared;
  const generated = new Map<string, string | Buffer>();
  for (const file of [...prepared.themeFiles, ...prepared.katexFiles])
    generated.set(file.path, file.content);
  const mermaid = mermaidScript();
  generated.set(mermaid.path, mermaid.content);
  generated.set(prepared.runtimeFile.path, prepared.runtimeFile.content);
  const specFiles = api?.specFiles ?? [];
  const siteAssets = new Set([...layout.configAssets, ...specFiles]);
  return {
    repo,
    config,
    pages,
    files: listing.files,
    layout,
    generated,
    siteAssets,
    siteFiles: new Set([config.sourceFile, ".mintignore", ...siteAssets]),
    problems,
    isListed: (file) => isListedPath(file, ignore),
    bodies: new BodyRenderer({
      repo,
      pagePaths: [...pages.keys()],
      deployment: settings.deployment,
      iconLibrary: config.icons.library,
      engine: engineFingerprint(),
      cacheDir: settings.cacheDir,
      components: settings.components,
      variables: config.variables,
      ...(api ? { api: api.setup } : {}),
      ...(typeof config.styling.codeblocks === "object"
        ? { codeThemes: config.styling.codeblocks }
        : {}),
    }),
    document: createPageDocumentRenderer(layout),
    navigation: new NavigationModel(config.navigation, layout.pages),
  };
}

/** The state with one page's metadata replaced: its sidebar entry and every page's navigation follow. */
export function withPageMeta(state: SiteState, meta: PageMeta): SiteState {
  state.pages.set(meta.path, meta);
  const layout = { ...state.layout, pages: { ...state.layout.pages, [meta.path]: meta } };
  return {
    ...state,
    layout,
    document: createPageDocumentRenderer(layout),
    navigation: new NavigationModel(state.config.navigation, layout.pages),
  };
}
