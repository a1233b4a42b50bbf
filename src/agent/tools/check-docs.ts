import {
  type FileOverlay,
  formatProblem,
  isPageSource,
  validateSite,
} from "../../exporter/index.ts";
import { MAX_AFFECTED_PAGES, pagesAffectedBy } from "./affected-pages.ts";
import type { ChangeTracker } from "./change-tracker.ts";
import { defineTool } from "./define-tool.ts";
import type { PathGuard } from "./path-guard.ts";
import { walkFiles } from "./repo-walk.ts";
import { plural } from "./text-files.ts";
import type { AgentTool, DocsFinding } from "./tool-types.ts";

const INTRODUCED_SHOWN = 50;
const EXISTING_SHOWN = 15;

export interface ValidateChangesOptions {
  /** The checkout (or any copy of the repository, such as the tree at the start of the run). */
  root: string;
  /** Repository-relative files that changed (written, edited, deleted or moved), or pages to check. */
  files: string[];
  /**
   * The repository in which to find the pages the change affects (the checkout after the
   * change); `root` by default. Validating the tree before the change with the pages found in
   * the tree after it checks the same pages in both, so their findings compare.
   */
  affectedIn?: string;
  /** Validate this state instead of the disk's: files with other content, or absent (null). */
  overlay?: FileOverlay;
  /** Shared body cache of the export, if there is one. */
  cacheDir?: string;
  /** How to validate: `validateSite` in this thread unless given (a process with a memory budget). */
  validate?: SiteValidator;
  maxPages?: number;
  signal?: AbortSignal;
}

/** `validateSite`, or the same run elsewhere (see `openValidationProcess`). */
export type SiteValidator = typeof validateSite;

export interface ChangeValidation {
  /** Errors first, then warnings. */
  findings: DocsFinding[];
  /** Page files rendered and checked. */
  checkedPages: string[];
  /** Pages that may be affected but were not checked (over the limit). */
  omittedPages: number;
}

/**
 * Validates what a change to `files` can affect: the site-wide checks (config, navigation)
 * and a full render of only the affected pages. The run's validation of a change, in the
 * checkout or in the tree at its start.
 */
export async function validateChanges(options: ValidateChangesOptions): Promise<ChangeValidation> {
  const affected = pagesAffectedBy(
    options.affectedIn ?? options.root,
    options.files,
    options.maxPages ?? MAX_AFFECTED_PAGES,
  );
  const result = await (options.validate ?? validateSite)({
    sourceDir: options.root,
    pages: affected.pages,
    overlay: options.overlay,
    cacheDir: options.cacheDir,
    signal: options.signal,
  });
  return {
    findings: result.findings,
    checkedPages: result.checkedPages,
    omittedPages: affected.omitted,
  };
}

/**
 * The findings of `after` that `before` did not have: what a change introduced. Findings
 * match by severity, file, rule and message, ignoring line and column (an edit above a
 * problem moves it without fixing it, and positions quoted inside a message are ignored
 * too); each finding of `before` excuses one of `after`. `renamed` maps a file's current
 * path to its path in `before`, so a moved page keeps the problems it already had.
 * Errors come first; filter on severity if only errors matter.
 */
export function compareFindings(
  before: DocsFinding[],
  after: DocsFinding[],
  options: { renamed?: ReadonlyMap<string, string> } = {},
): DocsFinding[] {
  const currentName = new Map<string, string>();
  for (const [current, previous] of options.renamed ?? []) currentName.set(previous, current);
  const remaining = new Map<string, number>();
  for (const finding of before) {
    const key = findingKey(finding, currentName.get(finding.file) ?? finding.file);
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  const introduced: DocsFinding[] = [];
  for (const finding of after) {
    const key = findingKey(finding, finding.file);
    const count = remaining.get(key) ?? 0;
    if (count > 0) remaining.set(key, count - 1);
    else introduced.push(finding);
  }
  return introduced.sort((a, b) =>
    a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1,
  );
}

function findingKey(finding: DocsFinding, file: string): string {
  const message = finding.message
    .replace(/\(?\b\d+:\d+(?:-\d+:\d+)?\)?/g, "")
    .replace(/\bline \d+(?:, column \d+)?/g, "line");
  return `${finding.severity}\u0000${file}\u0000${finding.rule}\u0000${message}`;
}

export interface DocsCheck {
  /** Every finding of the state now. */
  findings: DocsFinding[];
  /** The findings the run's changes introduced (all of `findings` when nothing was changed). */
  introduced: DocsFinding[];
  checkedPages: string[];
  omittedPages: number;
  /** The report the model reads. */
  text: string;
}

export interface DocsCheckerOptions {
  guard: PathGuard;
  changes: ChangeTracker;
  cacheDir?: string;
  /** How to validate: `validateSite` in this thread unless given. */
  validate?: SiteValidator;
  maxPages?: number;
}

/**
 * `check_docs` behind the tool: validates what the run changed (or the paths asked for), and
 * the same pages in the state before the run's changes, read through an overlay of the
 * files' original contents, so the report can tell what the change introduced from what
 * was already there.
 */
export class DocsChecker {
  private readonly options: DocsCheckerOptions;

  constructor(options: DocsCheckerOptions) {
    this.options = options;
  }

  async check(paths?: string[], signal?: AbortSignal): Promise<DocsCheck> {
    const { guard, changes } = this.options;
    const root = guard.root;
    const changed = changes.changedFiles();
    const files = paths ?? changed;
    const renames = changes.renames();
    const maxPages = this.options.maxPages ?? MAX_AFFECTED_PAGES;
    const affected = pagesAffectedBy(root, files, maxPages);
    // Moved pages are checked where they were too, so their old problems are recognized.
    const pages = [
      ...affected.pages,
      ...affected.pages.flatMap((page) => (renames.has(page) ? [renames.get(page) as string] : [])),
    ];
    const validate = this.options.validate ?? validateSite;
    const after = await validate({
      sourceDir: root,
      pages,
      cacheDir: this.options.cacheDir,
      signal,
    });
    let introduced = after.findings;
    let before: DocsFinding[] | undefined;
    if (changed.length > 0) {
      const start = await validate({
        sourceDir: root,
        pages,
        overlay: changes.startState(),
        cacheDir: this.options.cacheDir,
        signal,
      });
      before = start.findings;
      introduced = compareFindings(before, after.findings, { renamed: renames });
    }
    const text = describeCheck({
      checkedPages: after.checkedPages,
      omittedPages: affected.omitted,
      findings: after.findings,
      introduced,
      compared: before !== undefined,
      asked: paths !== undefined,
    });
    return {
      findings: after.findings,
      introduced,
      checkedPages: after.checkedPages,
      omittedPages: affected.omitted,
      text,
    };
  }
}

export function createCheckDocsTool(checker: DocsChecker, guard: PathGuard): AgentTool {
  return defineTool(
    {
      name: "check_docs",
      description:
        "Validates the documentation with the site's own export engine: MDX syntax errors (file:line:column), unknown components, broken internal links, navigation entries whose page does not exist, pages missing from the navigation, and docs.json errors. Without `paths` it checks everything your changes can affect, and tells the problems your changes introduced apart from those already there. Run it after editing, and fix what it reports.",
      parameters: {
        paths: {
          type: "array",
          items: { type: "string" },
          description:
            'Pages or folders to check instead of what you changed, e.g. ["guides/quickstart.mdx"] or ["guides"].',
        },
      },
      async run(args, signal) {
        let paths: string[] | undefined;
        if (args.paths !== undefined && (args.paths as string[]).length > 0) {
          paths = [];
          for (const input of args.paths as string[]) {
            const resolved = guard.resolve(input, { argument: "paths", allowRoot: true });
            if (!resolved.ok) return resolved;
            if (resolved.kind === "directory") {
              paths.push(
                ...walkFiles(resolved.absolute, resolved.relative)
                  .files.filter((file) => isPageSource(file.relative))
                  .map((file) => file.relative),
              );
            } else if (resolved.kind === "none")
              return {
                ok: false,
                text: `"${resolved.display}" does not exist; check_docs takes pages or folders that exist.`,
              };
            else paths.push(resolved.relative);
          }
        }
        const result = await checker.check(paths, signal);
        return { ok: true, text: result.text };
      },
    },
    guard.root,
  );
}

function describeCheck(report: {
  checkedPages: string[];
  omittedPages: number;
  findings: DocsFinding[];
  introduced: DocsFinding[];
  compared: boolean;
  asked: boolean;
}): string {
  const { checkedPages, findings, introduced } = report;
  const pagesChecked =
    checkedPages.length <= 5
      ? `${plural(checkedPages.length, "page")}${checkedPages.length > 0 ? ` (${checkedPages.join(", ")})` : ""}`
      : plural(checkedPages.length, "page");
  const lines = [`Checked the site configuration and navigation, and ${pagesChecked}.`];
  if (report.omittedPages > 0) {
    lines.push(
      `${plural(report.omittedPages, "more page")} may be affected but ${report.omittedPages === 1 ? "was" : "were"} not checked; check them with check_docs and "paths".`,
    );
  }
  if (!report.asked && !report.compared) {
    lines.push(
      'You have not changed any file yet, so there is nothing of yours to check; pass "paths" to check given pages.',
    );
  }
  if (findings.length === 0) {
    lines.push("No problems found.");
    return lines.join("\n");
  }
  if (report.compared) {
    lines.push(
      introduced.length === 0
        ? "Your changes introduced no problems."
        : `Your changes introduced ${count(introduced)}; fix them:`,
    );
    lines.push(...listFindings(introduced, INTRODUCED_SHOWN));
    const introducedSet = new Set(introduced);
    const existing = findings.filter((finding) => !introducedSet.has(finding));
    if (existing.length > 0) {
      lines.push(
        `Already there before your changes (${count(existing)}; not caused by you, fix them only if the task asks):`,
      );
      lines.push(...listFindings(existing, EXISTING_SHOWN));
    }
  } else {
    lines.push(`Found ${count(findings)}:`);
    lines.push(...listFindings(findings, INTRODUCED_SHOWN));
  }
  return lines.join("\n");
}

function count(findings: DocsFinding[]): string {
  const errors = findings.filter((finding) => finding.severity === "error").length;
  return `${plural(errors, "error")} and ${plural(findings.length - errors, "warning")}`;
}

/** Errors, then warnings, as `file:line:column message [rule]`, at most `max` lines. */
export function listFindings(findings: DocsFinding[], max: number): string[] {
  const errors = findings.filter((finding) => finding.severity === "error");
  const warnings = findings.filter((finding) => finding.severity === "warning");
  const lines: string[] = [];
  let shown = 0;
  for (const [title, group] of [
    ["Errors:", errors],
    ["Warnings:", warnings],
  ] as const) {
    if (group.length === 0 || shown >= max) continue;
    lines.push(title);
    for (const finding of group) {
      if (shown >= max) break;
      lines.push(`  ${formatProblem(finding)} [${finding.rule}]`);
      shown += 1;
    }
  }
  if (findings.length > shown) lines.push(`  … and ${findings.length - shown} more.`);
  return lines;
}
