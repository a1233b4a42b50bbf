/**
 * Content problems found while exporting. Every stage collects them instead of throwing, so a
 * user sees every problem of a repository in one run (errors fail the export, warnings do not).
 */
export type ProblemSeverity = "error" | "warning";

export interface Problem {
  severity: ProblemSeverity;
  /** Stable rule name, e.g. `mdx-syntax`, `unknown-component`, `broken-link`. */
  rule: string;
  /** Repository-relative file, forward slashes. */
  file: string;
  line?: number;
  column?: number;
  message: string;
}

export function formatProblem(problem: Problem): string {
  const where = [problem.file, problem.line, problem.line ? problem.column : undefined]
    .filter((part) => part !== undefined)
    .join(":");
  return `${where} ${problem.message}`;
}

/** Thrown when an export cannot produce a bundle; `problems` lists every error found. */
export class ExportFailedError extends Error {
  readonly problems: Problem[];
  constructor(message: string, problems: Problem[], options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ExportFailedError";
    this.problems = problems;
  }
}

/**
 * Collapses repeats of the same problem in the same file (a generated page can reference one
 * missing file a thousand times) into its first occurrence, counting the rest.
 */
export function collapseRepeats(problems: Problem[]): Problem[] {
  const seen = new Map<string, { problem: Problem; count: number }>();
  for (const problem of problems) {
    const key = `${problem.severity}\u0000${problem.rule}\u0000${problem.file}\u0000${problem.message}`;
    const entry = seen.get(key);
    if (entry) entry.count += 1;
    else seen.set(key, { problem, count: 1 });
  }
  return [...seen.values()].map(({ problem, count }) =>
    count === 1
      ? problem
      : { ...problem, message: `${problem.message} (${count} times in this file)` },
  );
}
