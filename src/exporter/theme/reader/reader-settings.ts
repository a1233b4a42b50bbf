import type { RepositoryLink } from "../../export-options.ts";

/**
 * What the reader-facing extras of every page need from the export rather than from docs.json:
 * all are the operator's settings, or facts found at export time.
 */
export interface ReaderSettings {
  /** Absolute address the site is served from, without a trailing slash. */
  siteUrl?: string;
  /** Each page's last commit date (ISO 8601) by source file, from git. */
  lastModified?: Record<string, string>;
  /** The export's own time: the last-modified date of a page git knows nothing of. */
  exportedAt?: string;
  /** Where "Was this page helpful?" answers are posted: an http(s) URL or a path of the site's server. */
  feedbackUrl?: string;
  repository?: RepositoryLink;
  /** The operator's MCP server, for the menu's MCP options. */
  mcpUrl?: string;
}
