import type { DeploymentType } from "./site/types.ts";

/** The documentation repository on its forge, for "Suggest edits" and "Raise issue" links. */
export interface RepositoryLink {
  /** The repository's web address, `https://github.com/acme/docs`. */
  url: string;
  /** The branch edits are suggested on; the forge's default branch when absent. */
  ref?: string;
  /** How the forge spells its edit and new-issue addresses; told by the host when absent. */
  forge?: "github" | "gitlab" | "gitea";
  /** The docs folder inside the repository (`docs`), `""` at its root. */
  folder?: string;
}

/**
 * What becomes of a repository's own React components (`export const X = () => ...`,
 * `snippets/*.jsx`): `interactive` renders them to HTML in the sandbox and ships their code
 * with a small Preact runtime that makes them work in the page; `static` ships the HTML only;
 * `off` leaves an empty placeholder.
 */
export type ComponentMode = "interactive" | "static" | "off";

export const COMPONENT_MODES: readonly ComponentMode[] = ["interactive", "static", "off"];

export type ExportPhase = "reading" | "rendering" | "writing" | "packing" | "done";

export interface ExportProgress {
  phase: ExportPhase;
  pagesDone: number;
  pagesTotal: number;
  /** Overall progress, 0–100, never decreasing. */
  percent: number;
}

export interface ExportOptions {
  /** The documentation repository (the folder holding docs.json or mint.json). */
  sourceDir: string;
  /** Write the site here (created; must be empty if it exists). A temporary folder when absent. */
  outputDir?: string;
  /** Also pack the site into this `.tar.gz`. */
  archiveFile?: string;
  /** What the export may use (docs/deployment-types.md); `cloud` by default. */
  deployment?: DeploymentType;
  /** Turns the API playground on in an air-gapped export (off there unless the project turns it on). */
  playground?: boolean;
  /**
   * Hosts the export may fetch from although they are not public (OpenAPI specifications given
   * as URLs): host names, IP addresses or CIDR ranges. Public hosts only when absent or empty;
   * nothing at all in an air-gapped export.
   */
  allowHosts?: string[];
  /**
   * Where readers' questions go (`same-origin`: `quire serve`'s assistant beside the pages; or
   * an absolute URL): pages offer "Ask AI" when it answers. No assistant when absent.
   */
  assistant?: string;
  /** Repository React components; `interactive` by default. */
  components?: ComponentMode;
  /** Export only these pages: page paths, or folder prefixes ending in `/` or `/*`. */
  paths?: string[];
  /** Cache of rendered pages; re-exports of unchanged pages skip rendering. No cache when absent. */
  cacheDir?: string;
  /** Render threads; 0 renders in the calling thread. Defaults to all cores for large sites. */
  concurrency?: number;
  /**
   * Heap of each thread of the export, in MB: the render threads (at most 768, their default)
   * and, when the export runs in a thread of its own (`quire api`), that thread. One that runs
   * out fails the export with "the export ran out of its memory budget of N MB".
   */
  memoryLimitMb?: number;
  /**
   * Warnings fail the export as errors do (`ExportFailedError` listing them), after every
   * page is checked; nothing is left of what it wrote.
   */
  strict?: boolean;
  /**
   * Absolute URL the site will be served from (`https://docs.example.com`): canonical URLs,
   * `og:url`, structured data and sitemap.xml need it. docs.json's `seo.metatags.canonical`
   * when absent; without either, pages carry none of these.
   */
  siteUrl?: string;
  /**
   * Where the pages' "Was this page helpful?" answers are posted: an http(s) URL, or a path of
   * the server the site is served from (`/_quire/feedback`, which `quire serve` answers). The
   * pages ask nothing when absent.
   */
  feedbackUrl?: string;
  /** The docs repository on its forge: pages link to "Suggest edits" and "Raise issue" there. */
  repository?: RepositoryLink;
  /** The operator's MCP server, for the page menu's MCP options (`mcp`, `cursor`, `vscode`…). */
  mcpUrl?: string;
  /**
   * Write each page as `<path>/index.html`, served at `/<path>/` by any static host, instead of
   * `<path>.html` (docs/decisions.md says which is the default and why).
   */
  cleanUrls?: boolean;
  /** Written into quire-export.json. */
  jobId?: string;
  /** The manifest's `createdAt` (ISO 8601); the clock's time when absent. */
  createdAt?: string;
  domain?: string;
  version?: string;
  onProgress?: (progress: ExportProgress) => void;
  signal?: AbortSignal;
}
