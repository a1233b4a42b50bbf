import { prepareApiReference } from "./api-pages.ts";
import { closeSharedTwoslashThread } from "./code/twoslash/twoslash-thread.ts";
import { decideAnalytics } from "./integrations/analytics.ts";
import type { PageLink } from "./mdx/rendered-page.ts";
import { ExportFetcher } from "./net/index.ts";
import {
  configAssetFiles,
  decidePublishedFile,
  unusedFileProblems,
} from "./output/published-files.ts";
import { collapseRepeats, ExportFailedError, type Problem } from "./problems.ts";
import { homePage } from "./redirects/home-page.ts";
import { planRedirects } from "./redirects/plan.ts";
import { BodyRenderer } from "./render/body-renderer.ts";
import { engineFingerprint } from "./render/engine-fingerprint.ts";
import { bodyTaskOf } from "./render/page-renderer.ts";
import { listRepository } from "./site/discover.ts";
import { createIgnoreMatcher } from "./site/ignore.ts";
import { loadSiteConfig } from "./site/load-config.ts";
import { collectNavigationPages } from "./site/navigation-pages.ts";
import { type FileOverlay, OverlayRepoFiles } from "./site/overlay-repo-files.ts";
import type { PageMeta } from "./site/page-index.ts";
import { pagePathOfFile } from "./site/paths.ts";
import type { RepoFiles } from "./site/repo-files.ts";
import {
  checkLinks,
  checkNavigationPages,
  openRepository,
  packIds,
  readPageIndex,
} from "./site/site-index.ts";
import type { DeploymentType, SiteConfig } from "./site/types.ts";
import { NavigationModel } from "./theme/navigation-view.ts";
import { prepareSiteAssets } from "./theme/site-assets.ts";

export interface ValidateSiteOptions {
  /** The documentation repository (the folder holding docs.json or mint.json). */
  sourceDir: string;
  /**
   * Render and check only these pages: page files (`guides/intro.mdx`), page paths
   * (`guides/intro`) or folders (`guides/`); entries that are not pages are skipped. Every
   * page when absent. The checks of the site as a whole (docs.json, navigation entries
   * without a page, pages missing from the navigation) always cover the whole site: they
   * read only config and frontmatter.
   */
  pages?: string[];
  /** Cache of rendered page bodies, shared with the export's. No cache when absent. */
  cacheDir?: string;
  /** What the export may use (docs/deployment-types.md); `cloud` by default. */
  deployment?: DeploymentType;
  /** Private hosts specifications given as URLs may be fetched from, as the export's `allowHosts`. */
  allowHosts?: string[];
  /**
   * Validate another state of the repository than the one on disk: these files read as the
   * given content, or as absent when null (e.g. the state before an agent's edits).
   */
  overlay?: FileOverlay;
  /**
   * Run in a worker thread with this heap, in MB: a repository that would need more fails the
   * validation with a message instead of growing the calling process. In the calling thread
   * when absent.
   */
  memoryLimitMb?: number;
  /**
   * Report what an export of the whole site reports, no more and no less: the checks of what
   * the bundle publishes are added (the site's look, analytics, unsafe and unused files,
   * redirects), pages render with interactive components as the export's do, and pages left
   * out of the navigation are not reported (the export publishes them). Ignored with `pages`.
   */
  matchExport?: boolean;
  /** Called after each page is rendered and checked (in the calling thread only). */
  onPageChecked?: (checked: number, total: number) => void;
  signal?: AbortSignal;
}

export interface SiteValidation {
  /** Errors first, then warnings; each by file, line and column. */
  findings: Problem[];
  /** The page files rendered and checked. */
  checkedPages: string[];
  /** Pages in the site. */
  pageCount: number;
}

/**
 * Validates a documentation repository with the export's own steps, writing nothing: the
 * configuration, the page index, the navigation against the pages, and (for the pages asked
 * for) the full MDX render with its problems and links. What the export would report for a
 * page, this reports for it too.
 */
export async function validateSite(options: ValidateSiteOptions): Promise<SiteValidation> {
  const opened = openRepository(options.sourceDir);
  const repo = options.overlay ? new OverlayRepoFiles(opened.root, options.overlay) : opened;
  const findings: Problem[] = [];
  const config = readConfig(repo, findings);

  const ignore = createIgnoreMatcher(
    repo.exists(".mintignore") ? repo.readText(".mintignore") : "",
  );
  let listing = listRepository(repo.root, ignore);
  if (repo instanceof OverlayRepoFiles) listing = repo.applyToListing(listing, ignore);
  const indexProblems: Problem[] = [];
  const allPages = readPageIndex(repo, listing.pages, indexProblems, config?.variables);
  // API reference pages are checked like the export renders them (before the navigation check, which sees their pages).
  const api = config
    ? await prepareApiReference({
        repo,
        files: listing.files,
        config,
        pages: allPages,
        deployment: options.deployment ?? "cloud",
        playgroundOptIn: false,
        fetcher: new ExportFetcher({
          offline: options.deployment === "air-gapped",
          allowHosts: options.allowHosts,
          signal: options.signal,
        }),
        problems: findings,
      })
    : undefined;
  const selected = selectPages(allPages, options.pages);
  const selectedFiles = new Set(
    [...selected].map((pagePath) => (allPages.get(pagePath) as PageMeta).file),
  );
  findings.push(
    ...(options.pages
      ? indexProblems.filter((problem) => selectedFiles.has(problem.file))
      : indexProblems),
  );
  const matchExport = options.matchExport === true && !options.pages;
  if (config) checkNavigation(repo, config, allPages, findings, !matchExport);

  const renderer = new BodyRenderer({
    repo,
    pagePaths: [...allPages.keys()],
    deployment: options.deployment ?? "cloud",
    iconLibrary: config?.icons.library ?? "fontawesome",
    variables: config?.variables,
    ...(matchExport ? { components: "interactive" as const } : {}),
    ...(typeof config?.styling.codeblocks === "object"
      ? { codeThemes: config.styling.codeblocks }
      : {}),
    engine: options.cacheDir ? engineFingerprint() : "",
    cacheDir: options.cacheDir,
    ...(api ? { api: api.setup } : {}),
  });
  const rendered: RenderedPage[] = [];
  // Bodies are rendered in their page's language, as the export renders them: they share its cache.
  const navigation = config
    ? new NavigationModel(config.navigation, Object.fromEntries(allPages))
    : undefined;
  for (const pagePath of selected) {
    options.signal?.throwIfAborted();
    const page = allPages.get(pagePath) as PageMeta;
    const { body } = await renderer.render(
      bodyTaskOf({ file: page.file, pagePath }, page, navigation?.languageOf(pagePath)),
    );
    for (const problem of body.problems) findings.push(problem);
    rendered.push({ pagePath, links: body.links, ids: packIds(body.ids), assets: body.assets });
    options.onPageChecked?.(rendered.length, selected.length);
  }
  // The type-checking thread of twoslash blocks, if a page started it, is not needed past here.
  await closeSharedTwoslashThread();
  checkLinks(rendered, allPages, config?.redirects ?? [], findings);
  if (matchExport && config) {
    const published = await checkPublishedFiles({
      repo,
      config,
      deployment: options.deployment ?? "cloud",
      files: listing.files,
      pages: allPages,
      rendered,
      specFiles: api?.specFiles ?? [],
    });
    findings.push(...published);
  }

  // The export shows a warning repeated in one file once, with its count: so does a check like it.
  const reported = matchExport
    ? [
        ...findings.filter((finding) => finding.severity === "error"),
        ...collapseRepeats(findings.filter((finding) => finding.severity === "warning")),
      ]
    : findings;
  return {
    findings: sortFindings(reported),
    checkedPages: [...selectedFiles].sort(),
    pageCount: allPages.size,
  };
}

/** What the site check keeps of a rendered page. */
interface RenderedPage {
  pagePath: string;
  links: PageLink[];
  /** `packIds` of the body's ids. */
  ids: string;
  assets: string[];
}

/**
 * The export's checks of what the bundle publishes, without writing it: the site's look
 * (fonts, background images, custom CSS and scripts) and analytics for the deployment, the
 * files pages and the configuration use (unsafe ones) and those nothing uses, and the
 * redirects against the pages.
 */
async function checkPublishedFiles(input: {
  repo: RepoFiles;
  config: SiteConfig;
  deployment: DeploymentType;
  files: string[];
  pages: Map<string, PageMeta>;
  rendered: RenderedPage[];
  specFiles: string[];
}): Promise<Problem[]> {
  const { repo, config, pages } = input;
  const problems: Problem[] = [];
  const site = await prepareSiteAssets(config, input.deployment, repo, input.files, problems);
  problems.push(...decideAnalytics(config, input.deployment).problems);
  const used = new Set([...configAssetFiles(config, site.assets, repo), ...input.specFiles]);
  for (const page of input.rendered) for (const asset of page.assets) used.add(asset);
  for (const asset of used) {
    const { problem } = decidePublishedFile(repo, asset);
    if (problem) problems.push(problem);
  }
  problems.push(...unusedFileProblems(input.files, used));
  const navigationPaths = collectNavigationPages(config.navigation);
  const navigation = new NavigationModel(config.navigation, Object.fromEntries(pages));
  const redirects = planRedirects({
    redirects: config.redirects,
    pages,
    home: homePage(pages, navigation, navigationPaths),
    configFile: config.sourceFile,
    linkTargets: input.rendered.flatMap((page) => page.links.map((link) => link.target)),
  });
  problems.push(...redirects.problems);
  return problems;
}

/** The site configuration, or undefined when it cannot be read (its errors become findings). */
function readConfig(repo: RepoFiles, findings: Problem[]): SiteConfig | undefined {
  try {
    const { config, problems } = loadSiteConfig(repo);
    findings.push(...problems);
    return config;
  } catch (error) {
    if (!(error instanceof ExportFailedError)) throw error;
    findings.push(...error.problems);
    return undefined;
  }
}

/** Navigation entries without a page (at their line in the config), and pages the navigation leaves out. */
function checkNavigation(
  repo: RepoFiles,
  config: SiteConfig,
  pages: Map<string, PageMeta>,
  findings: Problem[],
  reportLeftOut: boolean,
): void {
  const navigationPaths = collectNavigationPages(config.navigation);
  let configText: string | undefined;
  checkNavigationPages(config, navigationPaths, pages, findings, (pagePath) => {
    configText ??= repo.readText(config.sourceFile);
    return locateEntry(configText, pagePath);
  });
  if (!reportLeftOut) return;
  for (const page of pages.values()) {
    if (navigationPaths.has(page.path) || page.hidden) continue;
    findings.push({
      severity: "warning",
      rule: "not-in-navigation",
      file: page.file,
      message: `page "${page.path}" is not in the navigation of ${config.sourceFile}: add it to a group's pages (or set "hidden: true" in its frontmatter if it is meant to be reached only by links)`,
    });
  }
}

/** Where a navigation entry for a page is written in the config text (`"guides/intro"` or `"/guides/intro"`). */
function locateEntry(text: string, pagePath: string): { line?: number; column?: number } {
  for (const written of [`"${pagePath}"`, `"/${pagePath}"`]) {
    const offset = text.indexOf(written);
    if (offset === -1) continue;
    const before = text.slice(0, offset);
    const line = before.split("\n").length;
    return { line, column: offset - before.lastIndexOf("\n") };
  }
  return {};
}

/** Page paths to render: all, or those the filters name (page files, page paths, folders). */
function selectPages(pages: Map<string, PageMeta>, filters: string[] | undefined): string[] {
  if (!filters) return [...pages.keys()].sort();
  const selected = new Set<string>();
  for (const filter of filters) {
    const cleaned = filter
      .trim()
      .replace(/\\/g, "/")
      .replace(/^(\.\/|\/)+/, "");
    if (cleaned === "" || cleaned === "." || cleaned === "**") return [...pages.keys()].sort();
    const pagePath = pagePathOfFile(cleaned);
    if (pages.has(pagePath)) {
      selected.add(pagePath);
      continue;
    }
    const folder = `${cleaned.replace(/\/?\**$/, "")}/`;
    for (const candidate of pages.keys()) if (candidate.startsWith(folder)) selected.add(candidate);
  }
  return [...selected].sort();
}

function sortFindings(findings: Problem[]): Problem[] {
  const rank = (problem: Problem): number => (problem.severity === "error" ? 0 : 1);
  return findings.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0),
  );
}
