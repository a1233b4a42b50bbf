import type { Problem } from "../exporter/index.ts";
import { type ShownProblem, showProblems } from "./shown-problem.ts";

/**
 * What the terminal says about problems: a page's (or the site's) when they change, with the
 * source around each error, and a line when a page that had problems has none left. The same
 * problems shown again (a page reloaded) are not printed twice.
 */
export class ProblemReport {
  private readonly root: string;
  private readonly write: (text: string) => void;
  /** What was last printed for each page (and `""` for the site), to print changes only. */
  private readonly printed = new Map<string, string>();

  constructor(root: string, write: (text: string) => void) {
    this.root = root;
    this.write = write;
  }

  /** Reports the problems of one page (a page path), or of the site as a whole (`""`). */
  report(subject: string, problems: readonly Problem[]): void {
    const shown = showProblems(this.root, problems);
    const signature = JSON.stringify(shown);
    const before = this.printed.get(subject);
    if (before === signature || (before === undefined && shown.length === 0)) return;
    this.printed.set(subject, signature);
    const name = subject === "" ? "the site" : subject;
    if (shown.length === 0) {
      this.write(`✓ ${name}: no problems left\n`);
      return;
    }
    this.write(shown.map(formatShown).join(""));
  }
}

function formatShown(problem: ShownProblem): string {
  const mark = problem.severity === "error" ? "error" : "warning";
  const frame = problem.severity === "error" && problem.frame ? `${problem.frame}\n` : "";
  return `${mark} ${problem.where} ${problem.message}\n${frame}`;
}
