import { existsSync } from "node:fs";
import path from "node:path";
import type { Problem } from "../exporter/index.ts";

/** How `quire check` writes what it found: for people, for programs, or for GitHub Actions. */
export const CHECK_FORMATS = ["text", "json", "github"] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

/** What a check found, and whether it fails. */
export interface CheckOutcome {
  /** The documentation folder as the command line gave it. */
  docsDir: string;
  /** Problems, each with its file relative to the documentation folder. */
  problems: Problem[];
  pageCount: number;
  /** Warnings fail too. */
  strict: boolean;
}

/** The check fails on an error, or on any problem with `--strict`. */
export function checkFails(outcome: CheckOutcome): boolean {
  return outcome.problems.some((problem) => outcome.strict || problem.severity === "error");
}

/** The report in one of the formats, ending with a newline. */
export function formatCheckReport(outcome: CheckOutcome, format: CheckFormat): string {
  if (format === "json") return `${JSON.stringify(jsonReport(outcome), null, 2)}\n`;
  if (format === "github") return githubReport(outcome);
  return textReport(outcome);
}

/** `2 errors, 3 warnings in 4 files`, or what a clean run checked. */
export function checkSummary(outcome: CheckOutcome): string {
  const { errors, warnings, files } = countProblems(outcome.problems);
  if (errors + warnings === 0)
    return `No problems in ${plural(outcome.pageCount, "page")} (${outcome.docsDir})`;
  const summary = `${plural(errors, "error")}, ${plural(warnings, "warning")} in ${plural(files, "file")}`;
  return outcome.strict && errors === 0
    ? `${summary} (--strict: warnings fail the check)`
    : summary;
}

/** Problems grouped under their file (files and problems in order), then the summary. */
function textReport(outcome: CheckOutcome): string {
  const lines: string[] = [];
  for (const [file, problems] of groupByFile(outcome.problems)) {
    lines.push(path.join(outcome.docsDir, file));
    const places = problems.map(place);
    const placeWidth = Math.max(...places.map((where) => where.length));
    problems.forEach((problem, index) => {
      const where = (places[index] as string).padEnd(placeWidth);
      lines.push(`  ${where}  ${problem.severity.padEnd(7)}  ${problem.message}  ${problem.rule}`);
    });
    lines.push("");
  }
  lines.push(checkSummary(outcome));
  return `${lines.join("\n")}\n`;
}

function jsonReport(outcome: CheckOutcome) {
  const { errors, warnings, files } = countProblems(outcome.problems);
  return {
    ok: !checkFails(outcome),
    strict: outcome.strict,
    docsDir: outcome.docsDir,
    pageCount: outcome.pageCount,
    errorCount: errors,
    warningCount: warnings,
    fileCount: files,
    problems: sortProblems(outcome.problems).map((problem) => ({
      severity: problem.severity,
      rule: problem.rule,
      file: problem.file,
      line: problem.line ?? null,
      column: problem.line ? (problem.column ?? null) : null,
      message: problem.message,
    })),
  };
}

/**
 * One workflow command per problem (`::error file=docs/a.mdx,line=3,col=5,title=…::message`),
 * which GitHub Actions shows on the file in a pull request, then the summary. Paths are
 * relative to the repository root, as Actions expects: the folder holding `.git` above the
 * documentation folder, else the current folder.
 */
function githubReport(outcome: CheckOutcome): string {
  const root = repositoryRoot(outcome.docsDir) ?? process.cwd();
  const lines = sortProblems(outcome.problems).map((problem) => {
    const file = path
      .relative(root, path.resolve(outcome.docsDir, problem.file))
      .split(path.sep)
      .join("/");
    const properties = [
      `file=${escapeProperty(file)}`,
      ...(problem.line ? [`line=${problem.line}`] : []),
      ...(problem.line && problem.column ? [`col=${problem.column}`] : []),
      `title=${escapeProperty(`quire ${problem.rule}`)}`,
    ];
    return `::${problem.severity} ${properties.join(",")}::${escapeData(problem.message)}`;
  });
  lines.push(checkSummary(outcome));
  return `${lines.join("\n")}\n`;
}

/** The nearest folder at or above `folder` holding `.git` (a folder, or a worktree's file). */
function repositoryRoot(folder: string): string | undefined {
  let current = path.resolve(folder);
  for (;;) {
    if (existsSync(path.join(current, ".git"))) return current;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** Workflow command data: `%`, carriage returns and newlines are escaped. */
function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Workflow command properties: as data, and `:` and `,` too. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

function place(problem: Problem): string {
  if (!problem.line) return "-";
  return problem.column ? `${problem.line}:${problem.column}` : `${problem.line}`;
}

function groupByFile(problems: Problem[]): Map<string, Problem[]> {
  const groups = new Map<string, Problem[]>();
  for (const problem of sortProblems(problems)) {
    const group = groups.get(problem.file) ?? [];
    group.push(problem);
    groups.set(problem.file, group);
  }
  return groups;
}

/** By file, then line and column (problems without a line first), errors before warnings. */
function sortProblems(problems: Problem[]): Problem[] {
  const rank = (problem: Problem): number => (problem.severity === "error" ? 0 : 1);
  return [...problems].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      rank(a) - rank(b),
  );
}

function countProblems(problems: Problem[]): { errors: number; warnings: number; files: number } {
  const errors = problems.filter((problem) => problem.severity === "error").length;
  return {
    errors,
    warnings: problems.length - errors,
    files: new Set(problems.map((problem) => problem.file)).size,
  };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
