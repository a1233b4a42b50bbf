import { existsSync, statSync } from "node:fs";
import { ExportFailedError, type Problem } from "../problems.ts";
import { protectVariables, restoreVariables } from "./config/variable-text.ts";
import type { Variables } from "./config/variables.ts";
import { readFrontmatterOnly } from "./frontmatter.ts";
import type { PageMeta } from "./page-index.ts";
import { pageMetaFromFrontmatter } from "./page-meta.ts";
import { pagePathOfFile } from "./paths.ts";
import { compileSource, isPattern, matchSource } from "./redirect-pattern.ts";
import { RepoFileError, RepoFiles } from "./repo-files.ts";
import type { Redirect, SiteConfig } from "./types.ts";

/**
 * The steps shared by the export and the site validation that look at the site as a whole:
 * opening the repository, the page index from frontmatter, and the checks across pages
 * (navigation entries without a page, links to no page).
 */
export function openRepository(sourceDir: string): RepoFiles {
  if (!existsSync(sourceDir) || !statSync(sourceDir).isDirectory()) {
    throw new ExportFailedError(`"${sourceDir}" is not a folder`, [
      {
        severity: "error",
        rule: "source",
        file: sourceDir,
        message: "the documentation folder does not exist",
      },
    ]);
  }
  return new RepoFiles(sourceDir);
}

/**
 * Reads every page's frontmatter (cheaply: no body parse) into the page index, with docs.json
 * `variables` in place of `{{name}}` (a title naming a version); the render reports undefined ones.
 */
export function readPageIndex(
  repo: RepoFiles,
  files: string[],
  problems: Problem[],
  variables?: Variables,
): Map<string, PageMeta> {
  const pages = new Map<string, PageMeta>();
  for (const file of files) {
    const pagePath = pagePathOfFile(file);
    const existing = pages.get(pagePath);
    if (existing) {
      // Both `x.md` and `x.mdx`: MDX wins, as in Mintlify.
      const keep = existing.file.endsWith(".mdx") ? existing.file : file;
      problems.push({
        severity: "warning",
        rule: "duplicate-page",
        file,
        message: `"${existing.file}" and "${file}" are the same page; "${keep}" is used`,
      });
      if (keep === existing.file) continue;
    }
    let text: string;
    try {
      text = repo.readText(file);
    } catch (error) {
      if (!(error instanceof RepoFileError)) throw error;
      problems.push({ severity: "error", rule: "unreadable-file", file, message: error.message });
      continue;
    }
    const source = protectVariables(text, variables);
    const frontmatter = readFrontmatterOnly(source?.text ?? text);
    if (source) restoreVariables(frontmatter, source);
    pages.set(pagePath, pageMetaFromFrontmatter(file, frontmatter, problems));
  }
  return pages;
}

/** Navigation entries naming a page that does not exist; `locate` finds where an entry is written, when it can. */
export function checkNavigationPages(
  config: SiteConfig,
  navigationPaths: ReadonlySet<string>,
  pages: Map<string, PageMeta>,
  problems: Problem[],
  locate?: (pagePath: string) => { line?: number; column?: number },
): void {
  for (const pagePath of navigationPaths) {
    if (!pages.has(pagePath)) {
      problems.push({
        severity: "warning",
        rule: "missing-page",
        file: config.sourceFile,
        ...locate?.(pagePath),
        message: `navigation lists page "${pagePath}", but no ${pagePath}.mdx or ${pagePath}.md exists`,
      });
    }
  }
}

/**
 * A page's element ids as one string, each between NUL characters (no HTML id holds one): what
 * the link check keeps of every page until all are rendered. One string a page takes about a
 * third of the memory of an array of strings; CrewAI's 24,667 pages have 12 MB of ids as JSON.
 */
export function packIds(ids: readonly string[]): string {
  return ids.length === 0 ? "" : `\0${ids.join("\0")}\0`;
}

/** Whether packed ids (`packIds`) hold this one. */
export function hasId(packed: string, id: string): boolean {
  return !id.includes("\0") && packed.includes(`\0${id}\0`);
}

/**
 * Links of rendered pages to no page (nor a path a redirect, or a redirect pattern, covers),
 * and `#anchor` links to an id the target page does not have (checked when that page was
 * rendered in the same run: its ids are known).
 */
export function checkLinks(
  rendered: {
    pagePath: string;
    /** A page's links, as the render records them (mdx/rendered-page.ts `PageLink`). */
    links: { target: string; anchor?: string; line?: number; column?: number }[];
    /** The page's element ids (`packIds`); a page without them is not checked for anchors. */
    ids?: string;
  }[],
  pages: Map<string, PageMeta>,
  redirects: Redirect[],
  problems: Problem[],
): void {
  const redirectSources = new Set(redirects.map((redirect) => redirect.source));
  const patterns = redirects.flatMap((redirect) => {
    if (!isPattern(redirect.source)) return [];
    const compiled = compileSource(`/${redirect.source}`);
    return compiled.ok ? [compiled.value] : [];
  });
  const redirected = (target: string): boolean =>
    redirectSources.has(target) ||
    patterns.some((pattern) => matchSource(pattern, `/${target}`) !== null);
  const idsOf = new Map<string, string>();
  for (const outcome of rendered)
    if (outcome.ids !== undefined) idsOf.set(outcome.pagePath, outcome.ids);
  for (const outcome of rendered) {
    const file = pages.get(outcome.pagePath)?.file ?? outcome.pagePath;
    for (const link of outcome.links) {
      if (pages.has(link.target) || redirected(link.target)) {
        const ids = idsOf.get(link.target);
        if (link.anchor === undefined || ids === undefined || hasId(ids, link.anchor)) continue;
        const sameOrOther =
          link.target === outcome.pagePath
            ? `"#${link.anchor}" points to no heading or element on this page`
            : `"/${link.target}#${link.anchor}" points to no heading or element on that page`;
        problems.push({
          severity: "warning",
          rule: "missing-anchor",
          file,
          line: link.line,
          column: link.column,
          message: `link to ${sameOrOther}`,
        });
        continue;
      }
      problems.push({
        severity: "warning",
        rule: "broken-link",
        file,
        line: link.line,
        column: link.column,
        message: `link to "/${link.target}" points to no page`,
      });
    }
  }
}
