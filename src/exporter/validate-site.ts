import { ExportFetcher } from "./net/index.ts";
import { prepareApiReference } from "./openapi/index.ts";
import { ExportFailedError, type Problem } from "./problems.ts";
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
  readPageIndex,
} from "./site/site-index.ts";
import type { DeploymentType, SiteConfig } from "./site/types.ts";

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
  const allPages = readPageIndex(repo, listing.pages, indexProblems);
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
  if (config) checkNavigation(repo, config, allPages, findings);

  const renderer = new BodyRenderer({
    repo,
    pagePaths: [...allPages.keys()],
    deployment: options.deployment ?? "cloud",
    iconLibrary: config?.icons.library ?? "fontawesome",
    engine: options.cacheDir ? engineFingerprint() : "",
    cacheDir: options.cacheDir,
    ...(api ? { api: api.setup } : {}),
  });
  const rendered: {
    pagePath: string;
    links: { target: string; line?: number; column?: number }[];
  }[] = [];
  for (const pagePath of selected) {
    options.signal?.throwIfAborted();
    const page = allPages.get(pagePath) as PageMeta;
    const { body } = await renderer.render(bodyTaskOf({ file: page.file, pagePath }, page));
    for (const problem of body.problems) findings.push(problem);
    rendered.push({ pagePath, links: body.links });
  }
  checkLinks(rendered, allPages, config?.redirects ?? [], findings);

  return {
    findings: sortFindings(findings),
    checkedPages: [...selectedFiles].sort(),
    pageCount: allPages.size,
  };
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
): void {
  const navigationPaths = collectNavigationPages(config.navigation);
  let configText: string | undefined;
  checkNavigationPages(config, navigationPaths, pages, findings, (pagePath) => {
    configText ??= repo.readText(config.sourceFile);
    return locateEntry(configText, pagePath);
  });
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
