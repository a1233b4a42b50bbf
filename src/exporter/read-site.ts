import { prepareApiReference } from "./api-pages.ts";
import { ExportFetcher } from "./net/index.ts";
import type { Problem } from "./problems.ts";
import { listRepository, type RepositoryListing } from "./site/discover.ts";
import { createIgnoreMatcher, type IgnoreMatcher } from "./site/ignore.ts";
import { loadSiteConfig } from "./site/load-config.ts";
import type { PageMeta } from "./site/page-index.ts";
import type { RepoFiles } from "./site/repo-files.ts";
import { openRepository, readPageIndex } from "./site/site-index.ts";
import type { DeploymentType, SiteConfig } from "./site/types.ts";

/** A repository as the export and the live preview first read it, before any page renders. */
export interface SiteSources {
  repo: RepoFiles;
  config: SiteConfig;
  ignore: IgnoreMatcher;
  listing: RepositoryListing;
  /** Every page by path, from frontmatter; API reference pages included. */
  pages: Map<string, PageMeta>;
  api: Awaited<ReturnType<typeof prepareApiReference>>;
  /** The configuration's and the page index's problems (errors included). */
  problems: Problem[];
}

/**
 * The first steps of an export and of a preview: open the repository, load docs.json (throws
 * ExportFailedError when it cannot be read), list the files `.mintignore` leaves, read every
 * page's frontmatter, and resolve the API reference (its pages and navigation).
 */
export async function readSiteSources(options: {
  sourceDir: string;
  deployment: DeploymentType;
  playgroundOptIn: boolean;
  allowHosts?: string[];
  signal?: AbortSignal;
}): Promise<SiteSources> {
  const repo = openRepository(options.sourceDir);
  const { config, problems: configProblems } = loadSiteConfig(repo);
  const problems: Problem[] = [...configProblems];
  const ignore = createIgnoreMatcher(
    repo.exists(".mintignore") ? repo.readText(".mintignore") : "",
  );
  const listing = listRepository(repo.root, ignore);
  const pages = readPageIndex(repo, listing.pages, problems, config.variables);
  const api = await prepareApiReference({
    repo,
    files: listing.files,
    config,
    pages,
    deployment: options.deployment,
    playgroundOptIn: options.playgroundOptIn,
    fetcher: new ExportFetcher({
      offline: options.deployment === "air-gapped",
      allowHosts: options.allowHosts,
      signal: options.signal,
    }),
    problems,
  });
  return { repo, config, ignore, listing, pages, api, problems };
}
