/*
 * The exporter's front door: everything the rest of Quire (the CLI, the jobs, the agent, the
 * services and the settings) may use of the engine, and nothing else. Code outside
 * src/exporter/ imports this file only (biome.json's noRestrictedImports keeps it so), and
 * test/exporter/index.test.ts pins the list.
 *
 * Importing it stays cheap: the rendering engine (unified, Shiki, KaTeX, esbuild, the sandbox)
 * loads on the first call of `exportSite` or `validateSite`, so a command that only reads a
 * setting or formats a problem never pays for it.
 */
import type { ExportOptions } from "./export-options.ts";
import type { ExportResult } from "./export-site.ts";
import type { SitePreview, SitePreviewOptions } from "./preview/site-preview.ts";
import type { BundleSearch } from "./search/bundle-search.ts";
import type { SiteValidation, ValidateSiteOptions } from "./validate-site.ts";

/** Exports a documentation repository as a static site, and optionally one `.tar.gz` bundle. */
export async function exportSite(options: ExportOptions): Promise<ExportResult> {
  const engine = await import("./export-site.ts");
  return engine.exportSite(options);
}

/** Checks a repository (or the pages asked for) with the export's own steps, writing nothing. */
export async function validateSite(options: ValidateSiteOptions): Promise<SiteValidation> {
  if (options.memoryLimitMb !== undefined) {
    const { ValidationProcess } = await import("./validate-process.ts");
    const validations = new ValidationProcess(options.memoryLimitMb);
    try {
      return await validations.validate(options);
    } finally {
      await validations.close();
    }
  }
  const engine = await import("./validate-site.ts");
  return engine.validateSite(options);
}

/**
 * Validations one after another in a child process with a memory budget, the engine loaded
 * once: for a caller that validates often (an agent run). `close()` ends the process.
 */
export async function openValidationProcess(memoryLimitMb: number): Promise<{
  validate(options: ValidateSiteOptions): Promise<SiteValidation>;
  close(): Promise<void>;
}> {
  const { ValidationProcess } = await import("./validate-process.ts");
  return new ValidationProcess(memoryLimitMb);
}

/**
 * A site rendered from memory, one page at a time when asked, with the export's own steps:
 * the writers' preview (`quire dev`). It writes nothing and says which pages a changed file touches.
 */
export async function openSitePreview(options: SitePreviewOptions): Promise<SitePreview> {
  const { SitePreview } = await import("./preview/site-preview.ts");
  return SitePreview.open(options);
}

/** The endpoint an export's `--assistant` value names (or what is wrong with it). */
export { assistantEndpoint } from "./assistant-endpoint.ts";
/**
 * A child process with a heap budget (an export job's), how to end it, why it ended, and, in
 * the child, its channel to the parent.
 */
export {
  endProcess,
  forkWithHeapBudget,
  parentChannel,
  whyProcessEnded,
} from "./budgeted-process.ts";
/** What an export is given, and the progress it reports while it runs. */
export type { ExportOptions, ExportProgress } from "./export-options.ts";
/** The values a project's `components` setting takes, and their type. */
export { COMPONENT_MODES, type ComponentMode } from "./export-options.ts";
/** The heap of an export job's threads when QUIRE_EXPORT_MEMORY is not set, in MB. */
export { DEFAULT_EXPORT_MEMORY_MB } from "./limits.ts";
/** What is wrong with one entry of the operator's allowed hosts (undefined when nothing). */
export { allowedHostProblem } from "./net/allowed-hosts.ts";
/**
 * One HTTP exchange under the export's address rules (public addresses only unless the
 * operator allows the host, pinned, the answer size-limited), and why one did not happen:
 * what `quire serve`'s API playground proxy sends with.
 */
export {
  AllowedHosts,
  describeNetworkError,
  type Exchange,
  type ExchangeAnswer,
  type ExchangeOptions,
  exchange,
  FetchError,
  type Resolver,
} from "./net/index.ts";
/** How the API playground and a serving host's proxy talk (`api.playground.proxy`). */
export {
  API_PROXY_PATH,
  PROXY_HEADER,
  type ProxyAnswer,
  type ProxyRequest,
} from "./net/playground-proxy.ts";
/** The bundle an export packed: its file, size and digest. */
export type { ArchiveResult } from "./output/archive.ts";
/** A live preview of a site, what it is given, one page of it, and what a change of files asks. */
export type {
  PreviewChange,
  PreviewPage,
  SitePreview,
  SitePreviewOptions,
} from "./preview/site-preview.ts";
/** A content problem at its file and line, one line of text for it, and a failed export. */
export { ExportFailedError, formatProblem, type Problem } from "./problems.ts";
/** The one rule every URL passes, for a use: what a page may link to or load. */
export { checkUrl } from "./safety/url-policy.ts";
/**
 * A bundle's own search index read on a server (the assistant of `quire serve`), with the
 * query code the page runs; loaded on the first call, like the engine.
 */
export async function openBundleSearch(root: string, entry?: string): Promise<BundleSearch> {
  const search = await import("./search/bundle-search.ts");
  return search.openBundleSearch(root, entry);
}
/** A bundle's search index opened on a server, and how it reads a question. */
export type { BundleSearch } from "./search/bundle-search.ts";
/** One section of a page a search found. */
export type { SearchHit } from "./search/query.ts";
/** Whether a repository file is a page source, and the listing of a repository's pages and files. */
export { isPageSource, listRepository } from "./site/discover.ts";
/** The matcher of `.mintignore` patterns (and the files Mintlify always leaves out). */
export { createIgnoreMatcher } from "./site/ignore.ts";
/** Repository files read with other content, or as absent (null), by a validation. */
export type { FileOverlay } from "./site/overlay-repo-files.ts";
/** A page's path from its file (`guides/a.mdx` → `guides/a`), and a link's page path. */
export { normalizePagePath, pagePathOfFile } from "./site/paths.ts";
/**
 * The redirect forms of docs.json, compiled and followed as the export follows them: what
 * `quire serve` answers a bundle's rules with.
 */
export {
  compileDestination,
  compileSource,
  type DestinationTemplate,
  fillDestination,
  matchSource,
  REDIRECT_LIMITS,
  type SourcePattern,
} from "./site/redirect-pattern.ts";
/** A size in bytes as the export's messages write it (`1.5 KB`). */
export { formatBytes } from "./site/repo-files.ts";
/** What an export may use: `cloud`, `client-hosted` or `air-gapped`. */
export type { DeploymentType } from "./site/types.ts";
