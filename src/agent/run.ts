import {
  generateText,
  jsonSchema,
  type LanguageModel,
  type ModelMessage,
  type StopCondition,
  stepCountIs,
  type ToolSet,
  tool,
} from "ai";
import type { Logger } from "pino";
import { plural } from "../common/plural.ts";
import { CodedError } from "../domain/errors.ts";
import type { Forge } from "./forges/forge.ts";
import { systemPrompt } from "./system-prompt.ts";
import type { AgentTool, DocsFinding } from "./tools/tool-types.ts";
import type { TraceRecorder } from "./trace.ts";
import type { Workspace } from "./workspace.ts";

/** Limits of one run (the QUIRE_AGENT_* settings), each ending the job `failed` with its name when hit. */
export interface RunLimits {
  maxSteps: number;
  timeoutMs: number;
  /** Retries of a failed model call (the AI SDK backs off exponentially between them). */
  modelRetries: number;
  tokenBudget: number;
  fixRounds: number;
}

/** What the run needs from the docs tooling: the model's tools, and validation of files. */
export interface Toolbox {
  tools: AgentTool[];
  /** Findings for these repository files (and the site configuration), in the checkout at `root`. */
  validate(root: string, files: string[]): Promise<DocsFinding[]>;
  /** Ends what the tools keep between calls; the run's owner calls it once the run is over. */
  close?(): Promise<void>;
}

export interface AgentRunInput {
  jobId: string;
  /** The prompt this run answers. */
  prompt: string;
  /** The conversation so far (a follow-up continues it), or none. */
  history: ModelMessage[];
  workspace: Workspace;
  model: LanguageModel;
  toolbox: Toolbox;
  forge: Forge | null;
  draft: boolean;
  limits: RunLimits;
  trace: TraceRecorder;
  logger: Logger;
  signal: AbortSignal;
  /** Checked before anything leaves the machine: an archived job pushes and opens nothing. */
  stillWanted: () => Promise<boolean>;
  /** Saves the pushed commit, so a run interrupted before its pull request can open it on restart. */
  onPushed: (commit: string, summary: string) => Promise<void>;
  /** The job's pull request from an earlier run, if any. */
  existingPrLink: string | null;
}

export type AgentRunOutcome =
  | { status: "completed"; prLink: string | null; summary: string; history: ModelMessage[] }
  | { status: "failed"; error: string; summary: string | null; history: ModelMessage[] };

/** A limit of the run was hit. */
export class RunLimitError extends CodedError {
  constructor(message: string) {
    super("QUIRE_ERR_AGENT_RUN_LIMIT", message);
  }
}

/** The job was archived or its worker is stopping: nothing more may happen. */
export class RunStoppedError extends CodedError {
  constructor(message?: string) {
    super("QUIRE_ERR_AGENT_RUN_STOPPED", message);
  }
}

const ERRORS_SHOWN = 30;

/**
 * One agent run: the model works with its tools on the checkout until it is done; its change
 * is validated with the export engine and, if it introduced errors, the model is shown them and
 * gets to fix them; a clean change is committed, pushed, and proposed as a pull request.
 */
export async function runAgent(input: AgentRunInput): Promise<AgentRunOutcome> {
  const { workspace, limits, trace } = input;
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = AbortSignal.any([input.signal, timeout]);
  const history: ModelMessage[] = [...input.history, { role: "user", content: input.prompt }];
  const usage = { steps: 0, tokens: 0 };
  const tools = wrapTools(input.toolbox.tools, trace);
  const system = systemPrompt({
    repositoryLayout: await layoutOf(input.toolbox),
    configFile: null,
  });

  let summary = "";
  let warnings: DocsFinding[] = [];
  try {
    for (let round = 0; ; round++) {
      summary = (await converse(input, { system, tools, history, usage, signal })) || summary;
      const changed = await workspace.changedFiles();
      if (changed.length === 0) break;
      const started = performance.now();
      const found = await checkChange(input, changed);
      const introduced = found.introduced;
      warnings = found.warnings;
      await trace.record({
        kind: "check",
        name: "check_docs",
        input: changed,
        output: introduced.length === 0 ? "no new errors" : introduced.map(formatFinding),
        durationMs: performance.now() - started,
      });
      if (introduced.length === 0) break;
      if (round >= limits.fixRounds) {
        return {
          status: "failed",
          error: `the change introduces ${plural(introduced.length, "error")} that remained after ${plural(limits.fixRounds, "attempt")} to fix them, so no pull request was opened:\n${listFindings(introduced)}`,
          summary: summary || null,
          history,
        };
      }
      history.push({
        role: "user",
        content: `check_docs found errors that your change introduced. Fix each of them, run check_docs again, then summarize:\n${listFindings(introduced)}`,
      });
    }
  } catch (error) {
    if (input.signal.aborted) throw new RunStoppedError(String(input.signal.reason ?? "stopped"));
    if (timeout.aborted)
      return {
        status: "failed",
        error: `the time limit of ${Math.round(limits.timeoutMs / 1000)} s was reached (QUIRE_AGENT_TIMEOUT)`,
        summary: summary || null,
        history,
      };
    if (error instanceof RunLimitError)
      return { status: "failed", error: error.message, summary: summary || null, history };
    return {
      status: "failed",
      error: `the model failed: ${describeModelError(error)}`,
      summary: summary || null,
      history,
    };
  }

  const commit = await workspace.commitAll(commitMessage(input.prompt, input.jobId));
  if (!commit && !(await workspace.hasNewCommits())) {
    const why = summary || "The request needed no change to the documentation.";
    return { status: "completed", prLink: input.existingPrLink, summary: why, history };
  }
  const prLink = await publish(input, summary, warnings);
  return { status: "completed", prLink, summary: summary || "Changes committed.", history };
}

/**
 * Pushes the branch and opens (or finds) its pull request. Also the whole work of a run resumed
 * after its process died between the push and the pull request.
 */
export async function publish(
  input: Pick<
    AgentRunInput,
    | "workspace"
    | "forge"
    | "draft"
    | "trace"
    | "stillWanted"
    | "onPushed"
    | "prompt"
    | "jobId"
    | "signal"
  >,
  summary: string,
  warnings: DocsFinding[],
): Promise<string | null> {
  const { workspace, trace } = input;
  if (!(await input.stillWanted()))
    throw new RunStoppedError("the job was archived before its change was pushed");
  let started = performance.now();
  await workspace.push();
  const commit = (await workspace.git(["rev-parse", "HEAD"])).trim();
  await input.onPushed(commit, summary);
  await trace.record({
    kind: "git",
    name: "push",
    input: workspace.options.branch,
    output: commit,
    durationMs: performance.now() - started,
  });
  if (!input.forge) return null;
  if (!(await input.stillWanted()))
    throw new RunStoppedError("the job was archived before its pull request was opened");
  started = performance.now();
  const base = workspace.baseRef;
  const existing = await input.forge.findPullRequest(workspace.options.branch, base, input.signal);
  const pullRequest =
    existing ??
    (await input.forge.openPullRequest(
      {
        head: workspace.options.branch,
        base,
        title: pullRequestTitle(input.prompt),
        body: await pullRequestBody(input.prompt, summary, workspace, warnings),
        draft: input.draft,
      },
      input.signal,
    ));
  await trace.record({
    kind: "forge",
    name: existing ? "find pull request" : "open pull request",
    input: { head: workspace.options.branch, base },
    output: pullRequest.url,
    durationMs: performance.now() - started,
  });
  return pullRequest.url;
}

interface Conversation {
  system: string;
  tools: ToolSet;
  history: ModelMessage[];
  usage: { steps: number; tokens: number };
  signal: AbortSignal;
}

/** One stretch of model work until it stops calling tools or hits a limit; returns its final text. */
async function converse(input: AgentRunInput, conversation: Conversation): Promise<string> {
  const { limits, trace } = input;
  const { usage } = conversation;
  const stepsLeft = limits.maxSteps - usage.steps;
  if (stepsLeft <= 0)
    throw new RunLimitError(
      `the step limit of ${limits.maxSteps} model steps was reached (QUIRE_AGENT_MAX_STEPS)`,
    );
  const overBudget: StopCondition<ToolSet> = ({ steps }) =>
    usage.tokens + steps.reduce((sum, step) => sum + (step.usage.totalTokens ?? 0), 0) >=
    limits.tokenBudget;
  let stepStarted = performance.now();
  const result = await generateText({
    model: input.model,
    system: conversation.system,
    messages: conversation.history,
    tools: conversation.tools,
    stopWhen: [stepCountIs(stepsLeft), overBudget],
    maxRetries: limits.modelRetries,
    abortSignal: conversation.signal,
    onStepFinish: async (step) => {
      await trace.record({
        kind: "model",
        name: step.finishReason,
        output:
          step.text ||
          step.toolCalls
            .map((call) => `${call.toolName}(${JSON.stringify(call.input)})`)
            .join("\n"),
        inputTokens: step.usage.inputTokens,
        outputTokens: step.usage.outputTokens,
        durationMs: performance.now() - stepStarted,
      });
      stepStarted = performance.now();
    },
  });
  conversation.history.push(...(result.response.messages as ModelMessage[]));
  usage.steps += result.steps.length;
  usage.tokens += result.steps.reduce((sum, step) => sum + (step.usage.totalTokens ?? 0), 0);
  const unfinished = result.finishReason === "tool-calls";
  if (unfinished && usage.tokens >= limits.tokenBudget)
    throw new RunLimitError(
      `the token budget of ${limits.tokenBudget.toLocaleString("en-US")} tokens was used up (QUIRE_AGENT_TOKEN_BUDGET)`,
    );
  if (unfinished && usage.steps >= limits.maxSteps)
    throw new RunLimitError(
      `the step limit of ${limits.maxSteps} model steps was reached (QUIRE_AGENT_MAX_STEPS)`,
    );
  return result.text.trim().slice(0, 4000);
}

/** The model's tools, each call traced; a failing tool answers the model with its error. */
function wrapTools(agentTools: AgentTool[], trace: TraceRecorder): ToolSet {
  const set: ToolSet = {};
  for (const agentTool of agentTools) {
    set[agentTool.name] = tool({
      description: agentTool.description,
      inputSchema: jsonSchema<Record<string, unknown>>(agentTool.parameters as never),
      execute: async (args: Record<string, unknown>, options) => {
        const started = performance.now();
        let text: string;
        try {
          const result = await agentTool.execute(args ?? {}, options.abortSignal);
          text = result.ok ? result.text : `Error: ${result.text}`;
        } catch (error) {
          if (options.abortSignal?.aborted) throw error;
          text = `Error: ${error instanceof Error ? error.message : String(error)}`;
        }
        await trace.record({
          kind: "tool",
          name: agentTool.name,
          input: args,
          output: text,
          durationMs: performance.now() - started,
        });
        return text;
      },
    });
  }
  return set;
}

/** Errors in the changed files that were not there before the change, and their warnings. */
async function checkChange(
  input: AgentRunInput,
  changed: string[],
): Promise<{ introduced: DocsFinding[]; warnings: DocsFinding[] }> {
  const findings = await input.toolbox.validate(input.workspace.root, changed);
  const warnings = findings.filter((finding) => finding.severity === "warning");
  const after = findings.filter((finding) => finding.severity === "error");
  if (after.length === 0) return { introduced: [], warnings };
  const before = await input.workspace.withStartTree((root) =>
    input.toolbox.validate(root, changed),
  );
  const key = (finding: DocsFinding) =>
    `${finding.file}\u0000${finding.rule}\u0000${finding.message}`;
  const existed = new Map<string, number>();
  for (const finding of before.filter((item) => item.severity === "error"))
    existed.set(key(finding), (existed.get(key(finding)) ?? 0) + 1);
  const introduced = after.filter((finding) => {
    const count = existed.get(key(finding)) ?? 0;
    if (count === 0) return true;
    existed.set(key(finding), count - 1);
    return false;
  });
  return { introduced, warnings };
}

async function layoutOf(toolbox: Toolbox): Promise<string> {
  const lister = toolbox.tools.find((candidate) => candidate.name === "list_files");
  if (!lister) return "(unknown)";
  const result = await lister.execute({ pattern: "*" });
  return result.ok ? result.text.split("\n").slice(0, 60).join("\n") : "(unknown)";
}

export function formatFinding(finding: DocsFinding): string {
  const where = [finding.file, finding.line, finding.line ? finding.column : undefined]
    .filter((part) => part !== undefined)
    .join(":");
  return `${where} ${finding.message}`;
}

function listFindings(findings: DocsFinding[]): string {
  const lines = findings.slice(0, ERRORS_SHOWN).map((finding) => `- ${formatFinding(finding)}`);
  if (findings.length > ERRORS_SHOWN) lines.push(`- … and ${findings.length - ERRORS_SHOWN} more`);
  return lines.join("\n");
}

function firstLine(prompt: string, length: number): string {
  const line = prompt.trim().split("\n")[0]?.trim() ?? "";
  return line.length > length ? `${line.slice(0, length - 1).trimEnd()}…` : line;
}

function commitMessage(prompt: string, jobId: string): string {
  return `docs: ${firstLine(prompt, 66)}\n\nRequested in Quire agent job ${jobId}.`;
}

function pullRequestTitle(prompt: string): string {
  return `Docs: ${firstLine(prompt, 66)}`;
}

async function pullRequestBody(
  prompt: string,
  summary: string,
  workspace: Workspace,
  warnings: DocsFinding[],
): Promise<string> {
  const quoted = prompt
    .trim()
    .slice(0, 3000)
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const stat = await workspace.diffStat();
  const checks =
    warnings.length === 0
      ? "check_docs found no errors in the changed files."
      : `check_docs found no errors; ${plural(warnings.length, "warning")}:\n${warnings
          .slice(0, 20)
          .map((warning) => `- ${formatFinding(warning)}`)
          .join("\n")}`;
  return [
    `## Request\n\n${quoted}`,
    `## Summary\n\n${summary || "(no summary)"}`,
    `## Files changed\n\n\`\`\`\n${stat}\n\`\`\``,
    `## Validation\n\n${checks}`,
    "---\nOpened by the Quire documentation agent.",
  ].join("\n\n");
}

function describeModelError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { lastError?: unknown }).lastError;
  const message = cause instanceof Error ? cause.message : error.message;
  return message.replace(/\s+/g, " ").slice(0, 500);
}
