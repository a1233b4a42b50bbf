import type { Command } from "commander";
import { ConfigError } from "../domain/errors.ts";
import { print, withDataOptions, withServices } from "./admin-context.ts";

/** Shortens a trace field for the terminal; `--json` keeps it whole. */
function short(text: string | null, length = 160): string {
  if (!text) return "";
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}

/** A stored row with its fields named as everywhere else in `--json`: `input_tokens` → `inputTokens`. */
function camelCaseFields(row: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([name, value]) => [
      name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase()),
      value,
    ]),
  );
}

export function registerJobsCommand(program: Command): void {
  const jobs = program
    .command("jobs")
    .description(
      "Agent jobs as an operator sees them: prompts, outcome and the trace of each run.",
    );
  withDataOptions(
    jobs
      .command("show")
      .description(
        "Show an agent job: its state, its messages, and every step of its runs (model calls, tool calls, checks, git and forge work).",
      )
      .argument("<JOB_ID>")
      .option("--json", "print JSON"),
  ).action(async (jobId: string, flags) => {
    const shown = await withServices(flags, (services) => services.agentJobs.inspect(jobId));
    if (!shown) throw new ConfigError(`no agent job "${jobId}"`);
    const json = {
      job: shown.job,
      projectId: shown.projectId,
      messages: shown.messages.map(camelCaseFields),
      steps: shown.steps.map(camelCaseFields),
    };
    print(flags.json, json, () => {
      const { job } = shown;
      const lines = [
        `Agent job ${job.id} (project ${shown.projectId})`,
        `  status   ${job.status}${job.error ? `: ${job.error}` : ""}`,
        `  branch   ${job.source.ref} of ${job.source.repository}`,
        `  model    ${job.model}`,
        `  pull request ${job.prLink ?? "none"}`,
        `  created  ${job.createdAt}, updated ${job.updatedAt}${job.archivedAt ? `, archived ${job.archivedAt}` : ""}`,
      ];
      if (job.summary) lines.push("", "Summary:", `  ${job.summary.split("\n").join("\n  ")}`);
      for (const message of shown.messages) {
        lines.push("", `Run ${message.seq} (${message.created_at}): ${short(message.prompt, 300)}`);
        const steps = shown.steps.filter((step) => step.run === message.seq);
        if (steps.length === 0) lines.push("  (no steps recorded)");
        for (const step of steps) {
          const tokens =
            step.input_tokens !== null
              ? ` [${step.input_tokens}→${step.output_tokens} tokens]`
              : "";
          const time = step.duration_ms !== null ? ` ${step.duration_ms} ms` : "";
          lines.push(
            `  ${String(step.seq).padStart(3)}. ${step.kind} ${step.name}${tokens}${time}`,
          );
          if (step.input) lines.push(`       in:  ${short(step.input)}`);
          if (step.output) lines.push(`       out: ${short(step.output)}`);
        }
      }
      return lines.join("\n");
    });
  });
}
