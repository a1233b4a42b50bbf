import { GitError, runGit } from "../../../git/index.ts";
import type { ExportOptions } from "../../export-options.ts";
import type { Problem } from "../../problems.ts";
import type { LastModified } from "../../site/last-modified.ts";
import type { PageMeta } from "../../site/page-index.ts";
import type { DeploymentType, SiteConfig } from "../../site/types.ts";
import { optionUnavailable } from "./page-menu.ts";
import type { ReaderSettings } from "./reader-settings.ts";

/**
 * The reader extras' settings for one export: the operator's (site address, feedback collector,
 * repository, MCP server) and, when a page shows its last-modified date, every page source's last
 * commit date from one pass over the git history. Menu options docs.json names that this export
 * cannot offer are reported once here, with the reason.
 */
export async function prepareReaderSettings(
  options: Pick<
    ExportOptions,
    "sourceDir" | "siteUrl" | "feedbackUrl" | "repository" | "mcpUrl" | "signal" | "createdAt"
  >,
  config: SiteConfig,
  deployment: DeploymentType,
  pages: ReadonlyMap<string, PageMeta>,
  /** Every page source's last commit date, read once for the whole export. */
  history: LastModified,
  problems: Problem[],
): Promise<ReaderSettings> {
  // The manifest's time (the content's, for quire export), so dates shown and feeds stay the same
  // bytes from one export of the same content to the next.
  const reader: ReaderSettings = { exportedAt: options.createdAt ?? new Date().toISOString() };
  if (options.siteUrl) reader.siteUrl = options.siteUrl.replace(/\/+$/, "");
  if (options.feedbackUrl) reader.feedbackUrl = options.feedbackUrl;
  if (options.repository)
    reader.repository =
      options.repository.folder === undefined
        ? { ...options.repository, folder: await folderInRepository(options.sourceDir) }
        : options.repository;
  if (options.mcpUrl) reader.mcpUrl = options.mcpUrl;

  (config.contextual?.options ?? []).forEach((option, index) => {
    const reason = optionUnavailable(option, deployment, reader);
    if (reason)
      problems.push({
        severity: "warning",
        rule: "config",
        file: config.sourceFile,
        message: `contextual.options[${index}] (${typeof option === "string" ? `"${option}"` : option.title}) is left out of the page menu: ${reason}`,
      });
  });

  const dated = [...pages.values()].filter(
    (page) => (page.timestamp ?? config.metadata.timestamp) && !page.lastUpdatedDate,
  );
  if (dated.length > 0) {
    reader.lastModified = Object.fromEntries(
      dated.flatMap((page) => {
        const date = history.dates.get(page.file);
        return date ? [[page.file, date]] : [];
      }),
    );
    if (history.incomplete)
      problems.push({
        severity: "warning",
        rule: "config",
        file: config.sourceFile,
        message: `last-modified dates: ${history.incomplete}; pages without a date from git show the export's date`,
      });
  }
  return reader;
}

/** Where the docs folder sits in its git repository (`docs`), `""` at its root or outside git. */
async function folderInRepository(docsDir: string): Promise<string> {
  try {
    return (await runGit(["rev-parse", "--show-prefix"], { cwd: docsDir, timeoutMs: 10_000 }))
      .trim()
      .replace(/\/+$/, "");
  } catch (error) {
    if (error instanceof GitError) return "";
    throw error;
  }
}
