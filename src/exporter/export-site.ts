import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { assistantEndpoint } from "./assistant-endpoint.ts";
import { mermaidScript } from "./code/mermaid-asset.ts";
import { islandsRuntime } from "./custom/runtime-asset.ts";
import { buildTailwindCss, needsTailwindStylesheet, tailwindUtilities } from "./custom/tailwind.ts";
import type {
  ComponentMode,
  ExportOptions,
  ExportPhase,
  ExportProgress,
} from "./export-options.ts";
import { decideAnalytics } from "./integrations/analytics.ts";
import { collectGarbage } from "./memory-budget.ts";
import {
  ArchiveEntryCache,
  type ArchiveResult,
  packDirectory,
  prepareCompressedEntries,
  prepareCompressedEntry,
} from "./output/archive.ts";
import {
  configAssetFiles,
  decidePublishedFile,
  unusedFileProblems,
} from "./output/published-files.ts";
import { feedFileOf, feedItemsOfPage, renderRssFeed } from "./output/rss-feed.ts";
import {
  indexablePages,
  LlmsFullWriter,
  llmsListedPages,
  renderLlmsTxt,
  renderRobots,
  renderSitemap,
} from "./output/site-files.ts";
import { collapseRepeats, ExportFailedError, type Problem } from "./problems.ts";
import { readSiteSources } from "./read-site.ts";
import { homePage } from "./redirects/home-page.ts";
import { planRedirects, type RedirectPlan, redirectPages } from "./redirects/plan.ts";
import {
  fallbackRules,
  REDIRECT_FILES,
  renderNetlifyRedirects,
  renderNginxRedirects,
  renderRulesFile,
} from "./redirects/rule-files.ts";
import { engineFingerprint } from "./render/engine-fingerprint.ts";
import type { PageOutcome, PageTask, RendererSetup } from "./render/page-renderer.ts";
import { renderAllPages } from "./render/pool.ts";
import { buildSearchIndex, SEARCH_ENTRY } from "./search/build-index.ts";
import { SearchIndexCache } from "./search/index-cache.ts";
import { siteSearchDocuments } from "./search/site-documents.ts";
import { SpilledSections } from "./search/spilled-sections.ts";
import { readLastModified } from "./site/last-modified.ts";
import { collectNavigationPages } from "./site/navigation-pages.ts";
import type { PageMeta } from "./site/page-index.ts";
import { pageOutputFile, relativeUrl, siteBase } from "./site/paths.ts";
import type { RepoFiles } from "./site/repo-files.ts";
import { checkLinks, checkNavigationPages } from "./site/site-index.ts";
import type { DeploymentType, SiteConfig } from "./site/types.ts";
import { drawSiteCard, wantsSiteCard } from "./social/index.ts";
import { buildThemeAssets, hashedPath } from "./theme/build-assets.ts";
import {
  NOT_FOUND_BASE_SCRIPT,
  NOT_FOUND_ROOT_SCRIPT,
  REDIRECT_SCRIPT,
  scriptHash,
  THEME_BOOT_SCRIPT,
} from "./theme/inline-scripts.ts";
import { linkPageStylesheet, renderNotFoundPage, renderRedirectPage } from "./theme/layout.ts";
import type { SiteLayoutData } from "./theme/layout-types.ts";
import { NavigationModel } from "./theme/navigation-view.ts";
import { prepareReaderSettings } from "./theme/reader/prepare-reader-settings.ts";
import { buildSidebarScripts } from "./theme/sidebar-script.ts";
import { prepareSiteAssets } from "./theme/site-assets.ts";

export const GENERATOR = "quire";
export const EXPORT_FORMAT_VERSION = 1;

/** The inline scripts of Quire's own pages (the 404 and redirect pages included). */
const QUIRE_INLINE_SCRIPTS = [
  THEME_BOOT_SCRIPT,
  NOT_FOUND_BASE_SCRIPT,
  NOT_FOUND_ROOT_SCRIPT,
  REDIRECT_SCRIPT,
];

/** The manifest written at the bundle root as `quire-export.json` (docs/bundle-format.md). */
export interface ExportManifest {
  formatVersion: 1;
  jobId: string | null;
  domain: string | null;
  version: string | null;
  createdAt: string;
  pageCount: number;
  generator: string;
  deployment: DeploymentType;
  /** Repository React components: the mode, and the pages that carry component code (interactive only). */
  components: { mode: ComponentMode; pages: string[] };
  /**
   * Origins the API playground calls (its specifications' servers): a server's
   * Content-Security-Policy allows them, and `quire serve`'s playground proxy sends to these only.
   */
  connectOrigins?: string[];
  /**
   * The readers' assistant the pages offer (`--assistant`): the endpoint they send questions to.
   * An absolute endpoint's origin is one more a server's policy allows requests to; it is kept
   * out of `connectOrigins`, so the playground proxy never sends there.
   */
  assistant?: { endpoint: string };
  /**
   * The Content-Security-Policy hashes (`sha256-…`) of every inline script Quire wrote into the
   * pages, so a server can allow exactly those instead of inline script in general.
   */
  scriptHashes: string[];
  /**
   * Where the pages post "Was this page helpful?" answers, when they ask (a URL or a path of the
   * site's server). An absolute URL's origin is one more a server's policy allows requests to;
   * it is kept out of `connectOrigins`, which `quire serve`'s playground proxy sends to.
   */
  feedbackUrl?: string;
  /** Origins of scripts the pages load from other hosts (analytics the site configured). */
  scriptOrigins?: string[];
  /** The bundle file holding the site's redirects for a server (`quire serve` reads it). */
  redirectRules: string;
  /** Origins of stylesheets the pages load from other hosts (Google Fonts, in cloud and client-hosted sites). */
  styleOrigins?: string[];
  /** Origins of fonts the pages load from other hosts. */
  fontOrigins?: string[];
  /** The repository's own stylesheets and scripts every page loads: files of the bundle, so `'self'` covers them. */
  customStylesheets?: string[];
  customScripts?: string[];
  warnings: Problem[];
}

export interface ExportResult {
  outputDir: string;
  archive?: ArchiveResult;
  manifest: ExportManifest;
  warnings: Problem[];
  pageCount: number;
  pagesFromCache: number;
  durationMs: number;
}

/**
 * Exports a documentation repository as a static site (and optionally one archive).
 * Reads as the list of its steps; each step is a function of its own below or in a module.
 */
export async function exportSite(options: ExportOptions): Promise<ExportResult> {
  const started = performance.now();
  const deployment = options.deployment ?? "cloud";
  const components = options.components ?? "interactive";
  const assistant =
    options.assistant === undefined ? undefined : assistantEndpoint(options.assistant, deployment);
  if (assistant && "problem" in assistant)
    throw new ExportFailedError(`--assistant ${assistant.problem}`, [
      { severity: "error", rule: "options", file: "--assistant", message: assistant.problem },
    ]);
  const progress = createProgressReporter(options.onProgress);
  progress("reading", 0, 0);

  const {
    repo,
    config,
    listing,
    pages: allPages,
    api,
    problems,
  } = await readSiteSources({
    sourceDir: options.sourceDir,
    deployment,
    playgroundOptIn: options.playground === true,
    allowHosts: options.allowHosts,
    signal: options.signal,
  });
  const navigationPaths = collectNavigationPages(config.navigation);
  checkNavigationPages(config, navigationPaths, allPages, problems);
  const selected = selectPages(allPages, options.paths);
  failOnErrors(problems, "the site configuration or pages could not be read");

  const outputExisted =
    options.outputDir !== undefined && existsSync(path.resolve(options.outputDir));
  const outputDir = prepareOutputDir(options.outputDir);
  const discardOutput = outputDiscarder(outputDir, outputExisted);
  const {
    layout,
    themeFiles,
    katexFiles,
    mermaidFile,
    runtimeFile,
    siteOrigins,
    problems: layoutProblems,
  } = await prepareLayout(
    config,
    deployment,
    allPages,
    repo,
    listing.files,
    options.cleanUrls ?? DEFAULT_CLEAN_URLS,
    assistant?.endpoint,
  );
  problems.push(...layoutProblems);
  layout.siteUrl = resolveSiteUrl(options.siteUrl, config);
  // og:image must be absolute: without the site's URL no page could name a drawn card.
  if (layout.siteUrl && wantsSiteCard(config)) {
    const { card, problems: cardProblems } = await drawSiteCard(config, repo, options.cacheDir);
    problems.push(...cardProblems);
    writeFiles(outputDir, [card]);
    layout.socialCard = card.path;
  }
  // One pass over the git history for every page: the sitemap's lastmod, the structured data
  // and the "Last modified" line all read it.
  const history = await readLastModified(
    repo.root,
    [...allPages.values()].map((page) => page.file),
    options.signal,
  );
  layout.lastModified = pageDates(allPages, history.dates);
  layout.reader = await prepareReaderSettings(
    // The site's address as the pages' own links have it: the option, else docs.json's canonical.
    { ...options, siteUrl: layout.siteUrl },
    config,
    deployment,
    allPages,
    history,
    problems,
  );
  writeFiles(outputDir, themeFiles);
  const tasks: PageTask[] = [...selected.values()]
    .filter((page) => !page.url || page.file)
    .map((page) => ({ file: page.file, pagePath: page.path }));

  options.signal?.throwIfAborted();
  progress("rendering", 0, tasks.length);
  let pagesDone = 0;
  const archiveCacheDir =
    options.cacheDir && options.archiveFile ? path.join(options.cacheDir, "archive") : undefined;
  // Only an archive is asked for: the output folder is scratch, and a page's files whose
  // compressed entries the render threads prepare in the cache are packed from there alone.
  const archiveOnly = archiveCacheDir !== undefined && options.outputDir === undefined;
  const setup: RendererSetup = {
    sourceDir: repo.root,
    outputDir,
    cacheDir: options.cacheDir,
    archiveCacheDir,
    ...(archiveOnly ? { archiveOnly } : {}),
    deployment,
    engine: engineFingerprint(),
    layout,
    components,
    ...(api ? { api: api.setup } : {}),
  };
  const exportedPages = tasks.map((task) => allPages.get(task.pagePath) as PageMeta);
  const llmsFull = new LlmsFullWriter(
    path.join(outputDir, "llms-full.txt"),
    config,
    llmsListedPages(exportedPages),
  );
  // Until the search index is built, on disk: every page's would be most of this heap.
  const searchSections = new SpilledSections();
  let outcomes: PageOutcome[];
  try {
    outcomes = await renderAllPages(setup, tasks, {
      concurrency: options.concurrency,
      memoryLimitMb: options.memoryLimitMb,
      signal: options.signal,
      onPageDone: (outcome) => {
        progress("rendering", ++pagesDone, tasks.length);
        // Handed over: nothing after rendering reads a page's Markdown or sections from its outcome.
        llmsFull.add(outcome.pagePath, outcome.markdown);
        outcome.markdown = "";
        searchSections.add(outcome.pagePath, outcome.searchSections);
        outcome.searchSections = new Uint8Array(0);
      },
    });
  } catch (error) {
    llmsFull.close();
    searchSections.close();
    discardOutput();
    throw error;
  }
  llmsFull.close();
  // One by one: a page may carry more problems than a call takes arguments.
  for (const outcome of outcomes) for (const problem of outcome.problems) problems.push(problem);
  try {
    const errors = countErrors(problems);
    failOnErrors(problems, `${errors} ${errors === 1 ? "error" : "errors"} in the pages`);
  } catch (error) {
    searchSections.close();
    discardOutput();
    throw error;
  }

  progress("writing", tasks.length, tasks.length);
  // KaTeX and mermaid are large: the bundle carries them only when a page needs them.
  const latex = config.styling.latex;
  if (latex ?? outcomes.some((outcome) => outcome.features.math)) writeFiles(outputDir, katexFiles);
  if (outcomes.some((outcome) => outcome.features.mermaid)) writeFiles(outputDir, [mermaidFile]);
  // So is the components' runtime: only pages with interactive components load it.
  const islandPages = outcomes
    .filter((outcome) => outcome.hasIslands && layout.pages[outcome.pagePath])
    .map((outcome) => outcome.pagePath)
    .sort();
  if (islandPages.length > 0) writeFiles(outputDir, [runtimeFile]);
  // The main thread's reader and writer of the archive's cache (each render thread has its own).
  const archiveCache = archiveCacheDir ? new ArchiveEntryCache(archiveCacheDir) : undefined;
  await addTailwindStylesheet(outputDir, layout, outcomes, options.cacheDir, archiveCache);
  checkLinks(outcomes, allPages, config.redirects, problems);
  // Specifications are published beside the pages, at their path, as Mintlify does.
  const usedAssets = copyPageAssets(
    repo,
    outputDir,
    outcomes,
    [...layout.configAssets, ...(api?.specFiles ?? [])],
    problems,
  );
  problems.push(...unusedFileProblems(listing.files, usedAssets));
  const navigation = new NavigationModel(config.navigation, layout.pages);
  // Only an archive is asked for: the search files, most of what is written now, go straight
  // to their compressed entries (on libuv's threads) instead of through the scratch folder.
  const staged: StagedEntries | undefined =
    archiveOnly && archiveCache && options.cacheDir
      ? { cache: archiveCache, keys: new Map(), indexes: new SearchIndexCache(options.cacheDir) }
      : undefined;
  try {
    await writeSearchIndex(outputDir, outcomes, searchSections, allPages, navigation, staged);
  } finally {
    searchSections.close();
  }
  const redirects = planRedirects({
    redirects: config.redirects,
    pages: allPages,
    home: homePage(selected, navigation, navigationPaths),
    configFile: config.sourceFile,
    linkTargets: outcomes.flatMap((outcome) => outcome.links.map((link) => link.target)),
  });
  problems.push(...redirects.problems);
  if (options.strict) {
    const found = collapseRepeats(problems);
    if (found.length > 0) {
      discardOutput();
      throw new ExportFailedError(
        `export failed (strict): ${found.length} warning${found.length === 1 ? "" : "s"}`,
        found,
      );
    }
  }
  writeSiteFiles(outputDir, layout, exportedPages, navigationPaths);
  writeRedirects(outputDir, layout, redirects);
  await writeRssFeeds(outputDir, exportedPages, config, layout.reader, layout.cleanUrls === true);

  const warnings = collapseRepeats(problems.filter((problem) => problem.severity === "warning"));
  const manifest: ExportManifest = {
    formatVersion: EXPORT_FORMAT_VERSION,
    jobId: options.jobId ?? null,
    domain: options.domain ?? null,
    version: options.version ?? null,
    createdAt: options.createdAt ?? new Date().toISOString(),
    pageCount: tasks.length,
    generator: `${GENERATOR} ${engineFingerprint()}`,
    deployment,
    components: { mode: components, pages: islandPages },
    ...connectOriginsField(api?.connectOrigins ?? []),
    ...(assistant ? { assistant: { endpoint: assistant.endpoint } } : {}),
    ...(layout.reader?.feedbackUrl ? { feedbackUrl: layout.reader.feedbackUrl } : {}),
    scriptHashes: [...QUIRE_INLINE_SCRIPTS, ...layout.inlineScripts].map(scriptHash),
    ...(layout.scriptOrigins.length > 0 ? { scriptOrigins: layout.scriptOrigins } : {}),
    redirectRules: REDIRECT_FILES.rules,
    ...siteManifestFields(layout, siteOrigins),
    warnings,
  };
  writeFileSync(
    path.join(outputDir, "quire-export.json"),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );

  let archive: ArchiveResult | undefined;
  if (options.archiveFile) {
    progress("packing", tasks.length, tasks.length);
    mkdirSync(path.dirname(path.resolve(options.archiveFile)), { recursive: true });
    const prepared = new Map([
      ...outcomes.flatMap((outcome) => outcome.archiveEntries),
      ...(staged?.keys ?? []),
    ]);
    archive = await packDirectory(outputDir, path.resolve(options.archiveFile), {
      cacheDir: archiveCacheDir,
      prepared,
    });
    if (!options.outputDir) rmSync(outputDir, { recursive: true, force: true });
  }
  progress("done", tasks.length, tasks.length);
  return {
    outputDir,
    archive,
    manifest,
    warnings,
    pageCount: tasks.length,
    pagesFromCache: outcomes.filter((outcome) => outcome.fromCache).length,
    durationMs: Math.round(performance.now() - started),
  };
}

/** Pages as `<path>.html` unless asked otherwise: see docs/decisions.md. */
const DEFAULT_CLEAN_URLS = false;

/**
 * The site's root URL: the export's option, else docs.json's `seo.metatags.canonical` (Mintlify
 * appends each page's path to it), with one final slash; none when neither is an http(s) URL.
 */
function resolveSiteUrl(option: string | undefined, config: SiteConfig): string | undefined {
  const url = option ?? config.seo.metatags.canonical;
  return url && /^https?:\/\/[^/\s]+/i.test(url.trim()) ? siteBase(url.trim()) : undefined;
}

/** Page path → the date its source file last changed, for the pages git knows. */
function pageDates(
  pages: Map<string, PageMeta>,
  files: Map<string, string>,
): Record<string, string> {
  const dates: Record<string, string> = {};
  for (const [pagePath, page] of pages) {
    const date = files.get(page.file);
    if (date) dates[pagePath] = date;
  }
  return dates;
}

/** The manifest's `connectOrigins`, each once; absent when there are none. */
function connectOriginsField(origins: string[]): { connectOrigins?: string[] } {
  return origins.length > 0 ? { connectOrigins: [...new Set(origins)] } : {};
}

/** The pages to export: all, or those matching `paths` (exact page paths or folder prefixes). */
function selectPages(
  pages: Map<string, PageMeta>,
  filters: string[] | undefined,
): Map<string, PageMeta> {
  if (!filters || filters.length === 0) return pages;
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const filter of filters) {
    const cleaned = filter
      .trim()
      .replace(/^\/+/, "")
      .replace(/\.(mdx|md|html)$/, "");
    if (cleaned === "" || cleaned === "*" || cleaned === "**") return pages;
    if (/\/\*{0,2}$/.test(cleaned)) prefixes.push(cleaned.replace(/\*+$/, ""));
    else exact.add(cleaned);
  }
  const selected = new Map<string, PageMeta>();
  for (const [pagePath, page] of pages) {
    if (exact.has(pagePath) || prefixes.some((prefix) => pagePath.startsWith(prefix)))
      selected.set(pagePath, page);
  }
  if (selected.size === 0) {
    throw new ExportFailedError("no page matches the requested paths", [
      {
        severity: "error",
        rule: "paths",
        file: "paths",
        message: `no page matches ${filters.map((filter) => `"${filter}"`).join(", ")}`,
      },
    ]);
  }
  return selected;
}

function prepareOutputDir(outputDir: string | undefined): string {
  if (!outputDir) return mkdtempSync(path.join(os.tmpdir(), "quire-export-"));
  const resolved = path.resolve(outputDir);
  if (existsSync(resolved) && readdirSync(resolved).length > 0) {
    throw new ExportFailedError(`output folder "${outputDir}" is not empty`, [
      {
        severity: "error",
        rule: "output",
        file: outputDir,
        message: "the output folder must be empty or not exist yet",
      },
    ]);
  }
  mkdirSync(resolved, { recursive: true });
  return resolved;
}

/**
 * Removes what a failed export wrote: its temporary folder, or the output folder it was given
 * (removed when the export created it, emptied when it was there: it had to be empty).
 */
function outputDiscarder(outputDir: string, existedBefore: boolean): () => void {
  return () => {
    if (!existedBefore) {
      rmSync(outputDir, { recursive: true, force: true });
      return;
    }
    for (const entry of readdirSync(outputDir))
      rmSync(path.join(outputDir, entry), { recursive: true, force: true });
  };
}

/** Everything of the site around its pages: the layout data, theme and site files (the live preview's too). */
export async function prepareLayout(
  config: SiteConfig,
  deployment: DeploymentType,
  pages: Map<string, PageMeta>,
  repo: RepoFiles,
  files: readonly string[],
  cleanUrls = DEFAULT_CLEAN_URLS,
  assistant?: string,
) {
  const problems: Problem[] = [];
  const [theme, runtime, site] = await Promise.all([
    buildThemeAssets(),
    islandsRuntime(),
    prepareSiteAssets(config, deployment, repo, files, problems),
  ]);
  const mermaid = mermaidScript();
  const configAssets = configAssetFiles(config, site.assets, repo);
  const analytics = decideAnalytics(config, deployment);
  const layout: SiteLayoutData = {
    config,
    deployment,
    pages: Object.fromEntries(pages),
    assets: {
      ...theme.paths,
      siteCss: site.siteCss,
      mermaidScript: mermaid.path,
      searchIndex: SEARCH_ENTRY,
      islandsRuntime: runtime.path,
    },
    configAssets,
    headHtml: analytics.headHtml,
    inlineScripts: analytics.inlineScripts,
    scriptOrigins: analytics.scriptOrigins,
    externalStylesheets: site.externalStylesheets,
    customStylesheets: site.customStylesheets,
    customScripts: site.customScripts,
    // Set before the shared sidebar scripts are built: their links follow it.
    cleanUrls,
    ...(assistant ? { assistant } : {}),
  };
  const sidebars = buildSidebarScripts(
    layout,
    new NavigationModel(config.navigation, layout.pages),
  );
  layout.assets.sidebarScripts = sidebars.paths;
  return {
    layout,
    themeFiles: [...theme.files, ...site.files, ...sidebars.files],
    siteOrigins: { style: site.styleOrigins, font: site.fontOrigins },
    katexFiles: theme.katexFiles,
    mermaidFile: { path: mermaid.path, content: mermaid.content },
    runtimeFile: runtime,
    problems: [...problems, ...analytics.problems],
  };
}

/** The manifest's fields about the site's look: other hosts its styles load from, its own files. */
function siteManifestFields(
  layout: SiteLayoutData,
  origins: { style: string[]; font: string[] },
): Partial<ExportManifest> {
  return {
    ...(origins.style.length > 0 ? { styleOrigins: origins.style } : {}),
    ...(origins.font.length > 0 ? { fontOrigins: origins.font } : {}),
    ...(layout.customStylesheets.length > 0 ? { customStylesheets: layout.customStylesheets } : {}),
    ...(layout.customScripts.length > 0 ? { customScripts: layout.customScripts } : {}),
  };
}

/**
 * The Tailwind utilities the pages use, as one hashed stylesheet under `_quire/`, linked by the
 * pages that use one (their HTML is already written: the link goes in after the theme's).
 * Nothing is written, and no page changes, when no page uses a utility. With a cache, what the
 * compiler answered is kept there (class names, stylesheets), as rendered bodies are.
 */
async function addTailwindStylesheet(
  outputDir: string,
  layout: SiteLayoutData,
  outcomes: PageOutcome[],
  cacheDir: string | undefined,
  archiveCache: ArchiveEntryCache | undefined,
): Promise<string | undefined> {
  const utilities = new Set(
    await tailwindUtilities(
      outcomes.flatMap((outcome) => outcome.classes),
      cacheDir,
    ),
  );
  if (utilities.size === 0) return undefined;
  const users = outcomes.filter(
    (outcome) =>
      layout.pages[outcome.pagePath] &&
      needsTailwindStylesheet(outcome.classes.filter((name) => utilities.has(name))),
  );
  if (users.length === 0) return undefined;
  const css = await buildTailwindCss(
    users.flatMap((outcome) => outcome.classes.filter((name) => utilities.has(name))),
    cacheDir,
  );
  if (!css) return undefined;
  const file = hashedPath("_quire/tailwind", "css", css);
  writeFiles(outputDir, [{ path: file, content: css }]);
  const linkPage = async (outcome: PageOutcome): Promise<void> => {
    const htmlFile = pageOutputFile(outcome.pagePath, layout.cleanUrls);
    const target = path.join(outputDir, htmlFile);
    if (!existsSync(target)) return;
    const html = linkPageStylesheet(await readFile(target), layout, outcome.pagePath, file);
    await writeFile(target, html);
    if (!archiveCache) return;
    const key = await prepareCompressedEntry(archiveCache, htmlFile, html);
    outcome.archiveEntries = [
      ...outcome.archiveEntries.filter(([entry]) => entry !== htmlFile),
      [htmlFile, key],
    ];
  };
  // Several pages at once: reading, writing and compressing run on libuv's threads.
  for (let index = 0; index < users.length; index += 16)
    await Promise.all(users.slice(index, index + 16).map(linkPage));
  return file;
}

/**
 * Publishes the repository files the pages and the configuration use, as the asset policy says
 * (safety/asset-policy.ts): most are copied, an SVG loses what could run script (with a
 * warning), an HTML or XML document is not published (with a warning).
 */
function copyPageAssets(
  repo: RepoFiles,
  outputDir: string,
  outcomes: PageOutcome[],
  configAssets: string[],
  problems: Problem[],
): Set<string> {
  const used = new Set<string>(configAssets);
  for (const outcome of outcomes) for (const asset of outcome.assets) used.add(asset);
  for (const asset of used) {
    const { decision, problem } = decidePublishedFile(repo, asset);
    if (problem) problems.push(problem);
    if (decision.action === "refuse") continue;
    const target = path.join(outputDir, asset);
    mkdirSync(path.dirname(target), { recursive: true });
    if (decision.action === "copy") copyFileSync(repo.resolve(asset), target);
    else writeFileSync(target, decision.content);
  }
  return used;
}

/**
 * The site's search index: one per language on a site with languages (a page searches its own
 * language's pages only), else one.
 */
async function writeSearchIndex(
  outputDir: string,
  outcomes: PageOutcome[],
  searchSections: SpilledSections,
  pages: Map<string, PageMeta>,
  navigation: NavigationModel,
  staged: StagedEntries | undefined,
): Promise<void> {
  // A page's language picks the index; its breadcrumb came with its layout (a page laid out
  // nowhere gets its navigation view here).
  const breadcrumbs = new Map(
    outcomes.map((outcome) => [
      outcome.pagePath,
      outcome.breadcrumb ?? navigation.view(outcome.pagePath).breadcrumb,
    ]),
  );
  const byLanguage = new Map<string | undefined, PageOutcome[]>();
  for (const outcome of outcomes) {
    const language = navigation.languageOf(outcome.pagePath);
    const rendered = byLanguage.get(language) ?? [];
    byLanguage.set(language, rendered);
    rendered.push(outcome);
  }
  // Every language a page may search has an index, if only an empty one.
  for (const language of navigation.languages.codes)
    if (!byLanguage.has(language)) byLanguage.set(language, []);
  if (byLanguage.size === 0) byLanguage.set(undefined, []);
  let built = 0;
  const breadcrumbOf = (pagePath: string): string[] | undefined => breadcrumbs.get(pagePath);
  for (const [language, rendered] of byLanguage) {
    const key = staged
      ? searchIndexKey(language, rendered, pages, breadcrumbOf, searchSections)
      : "";
    if (staged && reuseSearchIndex(staged, key)) continue;
    // Each language's index leaves its building behind: given back before the next is built.
    if (built++ > 0) collectGarbage();
    // Read back one language at a time: only its pages' sections are in memory at once.
    const documents = siteSearchDocuments(
      rendered.map(({ pagePath }) => ({ pagePath, sections: searchSections.sectionsOf(pagePath) })),
      pages,
      breadcrumbOf,
    );
    const { files } = buildSearchIndex(documents, language);
    // Each language's files are let go before the next is built, as when written.
    if (!staged) {
      writeFiles(outputDir, files);
      continue;
    }
    await prepareCompressedEntries(staged.cache, files, staged.keys);
    staged.indexes.remember(
      key,
      files.map((file) => ({
        path: file.path,
        entry: staged.keys.get(file.path) as string,
        size: Buffer.byteLength(file.content),
      })),
    );
  }
}

/**
 * What a language's search index is built from, hashed: the engine, V8's version (the sections'
 * packing is V8's), the language, and each search document, its fields and then its sections
 * as the render thread packed them (read back without unpacking them).
 */
function searchIndexKey(
  language: string | undefined,
  rendered: PageOutcome[],
  pages: Map<string, PageMeta>,
  breadcrumbOf: (pagePath: string) => string[] | undefined,
  sections: SpilledSections,
): string {
  const documents = siteSearchDocuments(
    rendered.map(({ pagePath }) => ({ pagePath, sections: [] })),
    pages,
    breadcrumbOf,
  );
  return SearchIndexCache.keyOf([
    engineFingerprint(),
    process.versions.v8,
    language ?? "",
    ...documents.flatMap((document) => [
      JSON.stringify(document),
      sections.packedOf(document.path) ?? new Uint8Array(0),
    ]),
  ]);
}

/**
 * Takes the files of an index an earlier export built from the same documents, if the archive's
 * cache still holds every one's entry; false when the index must be built.
 */
function reuseSearchIndex(staged: StagedEntries, key: string): boolean {
  const files = staged.indexes.lookUp(key);
  if (!files?.every((file) => staged.cache.has(file.entry, file.size))) return false;
  for (const file of files) staged.keys.set(file.path, file.entry);
  return true;
}

/** Bundle files packed from their compressed entries alone: file → cache key. */
interface StagedEntries {
  cache: ArchiveEntryCache;
  keys: Map<string, string>;
  /** The search indexes of earlier exports. */
  indexes: SearchIndexCache;
}

function writeSiteFiles(
  outputDir: string,
  layout: SiteLayoutData,
  pages: PageMeta[],
  navigationPaths: ReadonlySet<string>,
): void {
  const { config, siteUrl } = layout;
  const indexable = indexablePages(pages, config, navigationPaths);
  writeFileSync(
    path.join(outputDir, "sitemap.xml"),
    renderSitemap(indexable, {
      siteUrl,
      cleanUrls: layout.cleanUrls,
      lastModified: layout.lastModified,
    }),
  );
  writeFileSync(
    path.join(outputDir, "robots.txt"),
    renderRobots(
      pages.filter((page) => page.noindex),
      siteUrl,
      layout.cleanUrls,
    ),
  );
  writeFileSync(path.join(outputDir, "llms.txt"), renderLlmsTxt(config, llmsListedPages(pages)));
}

/**
 * The RSS feed of each page whose frontmatter says `rss: true`, from the `<Update>`s of its
 * written page. Links are absolute when the export knows the site's address, else relative to
 * the feed.
 */
async function writeRssFeeds(
  outputDir: string,
  pages: PageMeta[],
  config: SiteConfig,
  reader: SiteLayoutData["reader"],
  cleanUrls: boolean,
): Promise<void> {
  for (const page of pages) {
    if (!page.rss) continue;
    const htmlFile = pageOutputFile(page.path, cleanUrls);
    const target = path.join(outputDir, htmlFile);
    if (!existsSync(target)) continue;
    const feedFile = feedFileOf(page.path);
    const pageUrl = reader?.siteUrl
      ? `${reader.siteUrl}/${encodeURI(htmlFile)}`
      : encodeURI(relativeUrl(feedFile.replace(/\.xml$/, ""), htmlFile));
    writeFiles(outputDir, [
      {
        path: feedFile,
        content: renderRssFeed({
          title: `${page.title} - ${config.name}`,
          description: page.description,
          pageUrl,
          ...(reader?.siteUrl ? { feedUrl: `${reader.siteUrl}/${encodeURI(feedFile)}` } : {}),
          builtAt: reader?.exportedAt ?? new Date().toISOString(),
          items: feedItemsOfPage(await readFile(target, "utf8")),
        }),
      },
    ]);
  }
}

/**
 * The site's redirects: a small page for each fixed source (the index page's, for a site
 * without one, included) and each linked path a pattern redirects, the rule files for servers,
 * and the 404 page with its fallback.
 */
function writeRedirects(
  outputDir: string,
  layout: SiteLayoutData,
  { redirects, linked }: RedirectPlan,
): void {
  writeFileSync(
    path.join(outputDir, "404.html"),
    renderNotFoundPage(layout, JSON.stringify(fallbackRules(redirects, layout.cleanUrls))),
  );
  // A linked path's redirect is a fixed one for servers too: its redirect page is a file.
  const fixedToo = [...redirects, ...linked];
  for (const page of redirectPages(fixedToo, layout.cleanUrls)) {
    const target = path.join(outputDir, pageOutputFile(page.pagePath, layout.cleanUrls));
    mkdirSync(path.dirname(target), { recursive: true });
    const shown = page.pagePath === "index" ? "/" : page.pagePath;
    writeFileSync(target, renderRedirectPage(layout, shown, page.href));
  }
  writeFiles(outputDir, [
    { path: REDIRECT_FILES.rules, content: renderRulesFile(fixedToo) },
    { path: REDIRECT_FILES.netlify, content: renderNetlifyRedirects(fixedToo) },
    { path: REDIRECT_FILES.nginx, content: renderNginxRedirects(fixedToo) },
  ]);
}

function writeFiles(
  outputDir: string,
  files: { path: string; content: string | Uint8Array }[],
): void {
  for (const file of files) {
    const target = path.join(outputDir, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
}

function failOnErrors(problems: Problem[], summary: string): void {
  const errors = problems.filter((problem) => problem.severity === "error");
  if (errors.length > 0) throw new ExportFailedError(`export failed: ${summary}`, errors);
}

function countErrors(problems: Problem[]): number {
  return problems.filter((problem) => problem.severity === "error").length;
}

/** Progress as a never-decreasing percentage: rendering is 5–90 %, writing to 95 %, packing to 100 %. */
function createProgressReporter(callback: ((progress: ExportProgress) => void) | undefined) {
  let last = 0;
  return (phase: ExportPhase, pagesDone: number, pagesTotal: number): void => {
    if (!callback) return;
    const span: Record<ExportPhase, [number, number]> = {
      reading: [0, 5],
      rendering: [5, 90],
      writing: [90, 95],
      packing: [95, 99],
      done: [100, 100],
    };
    const [from, to] = span[phase];
    const fraction = phase === "rendering" && pagesTotal > 0 ? pagesDone / pagesTotal : 0;
    last = Math.max(last, Math.round((from + (to - from) * fraction) * 10) / 10);
    callback({ phase, pagesDone, pagesTotal, percent: last });
  };
}
