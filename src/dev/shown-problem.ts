import { readFileSync } from "node:fs";
import { formatProblem, type Problem } from "../exporter/index.ts";
import { confine } from "../files/confine.ts";
import { codeFrame } from "./code-frame.ts";

/** A problem as the terminal and the overlay show it: where, what, and the source around it. */
export interface ShownProblem {
  severity: Problem["severity"];
  /** `guides/intro.mdx:12:3` */
  where: string;
  message: string;
  /** The numbered lines around the problem; empty when it has no line. */
  frame: string;
}

/** Problems with their code frames, each source file read once. */
export function showProblems(root: string, problems: readonly Problem[]): ShownProblem[] {
  const sources = new Map<string, string | undefined>();
  const sourceOf = (file: string): string | undefined => {
    if (!sources.has(file)) {
      const absolute = confine(root, file);
      let text: string | undefined;
      try {
        text = absolute ? readFileSync(absolute, "utf8") : undefined;
      } catch {
        text = undefined;
      }
      sources.set(file, text);
    }
    return sources.get(file);
  };
  return problems.map((problem) => {
    const formatted = formatProblem(problem);
    const where = formatted.slice(0, formatted.length - problem.message.length - 1);
    const text = problem.line ? sourceOf(problem.file) : undefined;
    return {
      severity: problem.severity,
      where,
      message: problem.message,
      frame: text && problem.line ? codeFrame(text, problem.line, problem.column) : "",
    };
  });
}
