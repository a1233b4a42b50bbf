import { addAbortSignal } from "node:stream";
import type { Command } from "commander";
import type { AgentJob, AgentJobStatus } from "../../../client/src/index.ts";
import { print, table } from "../admin-context.ts";
import { UsageError } from "../usage-error.ts";
import { describeAgentJob } from "./describe.ts";
import { waitOptions, withRemoteOptions } from "./options.ts";
import { parseTimeout, REMOTE_EXIT, type RemoteFlags, runRemote, type Session } from "./session.ts";

const AGENT_STATUSES: readonly AgentJobStatus[] = ["active", "completed", "archived", "failed"];

interface ListFlags extends RemoteFlags {
  status?: string;
  limit?: string;
  cursor?: string;
  all?: boolean;
}

/** `quire remote agent create|get|list|message|archive`, one function per command. */
export function registerAgentCommands(agent: Command): void {
  createCommand(agent);
  getCommand(agent);
  listCommand(agent);
  messageCommand(agent);
  archiveCommand(agent);
}

/** `create`: a new job on a prompt, followed with --wait. */
function createCommand(agent: Command): void {
  withRemoteOptions(
    waitOptions(
      agent
        .command("create")
        .description("Start an agent job on a prompt; with --wait, follow it to its end.")
        .argument("<PROJECT_ID>", "the project, from the dashboard's API keys page")
        .argument("<PROMPT>", "the instruction for the agent, or - to read it from stdin"),
    ),
    `quire remote agent create prj_123 "Fix the typos in the quick start" --wait --timeout 1800
  git diff | quire remote agent create prj_123 - --json`,
  ).action(async (projectId: string, prompt: string, flags: RemoteFlags) => {
    process.exitCode = await runRemote(flags, async (session) => {
      const text = await readPrompt(prompt, session.signal);
      const job = await session.client.agent.create(projectId, text, { signal: session.signal });
      return finishAgentJob(session, projectId, job, flags);
    });
  });
}

/** `get`: a job as it is, or followed to its end with --wait. */
function getCommand(agent: Command): void {
  withRemoteOptions(
    waitOptions(
      agent
        .command("get")
        .description("Show an agent job; with --wait, follow it to its end.")
        .argument("<PROJECT_ID>")
        .argument("<JOB_ID>"),
    ),
    "quire remote agent get prj_123 job_456 --json\n  quire remote agent get prj_123 job_456 --wait",
  ).action(async (projectId: string, jobId: string, flags: RemoteFlags) => {
    process.exitCode = await runRemote(flags, async (session) => {
      const job = await session.client.agent.get(projectId, jobId, { signal: session.signal });
      return finishAgentJob(session, projectId, job, flags);
    });
  });
}

/** `list`: a project's jobs, one page or --all of them. */
function listCommand(agent: Command): void {
  withRemoteOptions(
    agent
      .command("list")
      .description("List a project's agent jobs, newest first.")
      .argument("<PROJECT_ID>")
      .option("--status <STATUS>", `only jobs with this status: ${AGENT_STATUSES.join(", ")}`)
      .option("--limit <N>", "jobs per page, 1 to 100 (default 20)")
      .option("--cursor <CURSOR>", "the page after this one (nextCursor of the previous page)")
      .option("--all", "every page, not just the first"),
    "quire remote agent list prj_123 --status active\n  quire remote agent list prj_123 --all --json",
  ).action(async (projectId: string, flags: ListFlags) => {
    const status = flags.status;
    if (status !== undefined && !AGENT_STATUSES.includes(status as AgentJobStatus))
      throw new UsageError(
        `--status must be one of ${AGENT_STATUSES.join(", ")}, not "${flags.status}"`,
      );
    const limit = flags.limit === undefined ? undefined : Number(flags.limit);
    if (limit !== undefined && (!/^\d+$/.test(flags.limit ?? "") || limit < 1 || limit > 100))
      throw new UsageError(`--limit must be a whole number from 1 to 100, not "${flags.limit}"`);
    if (flags.all && flags.cursor !== undefined)
      throw new UsageError(
        "--all and --cursor cannot be used together: --all starts at the first page",
      );
    process.exitCode = await runRemote(flags, async (session) => {
      const query = { limit, status: status as AgentJobStatus | undefined };
      const options = { signal: session.signal };
      let jobs: AgentJob[] = [];
      let nextCursor: string | null = null;
      if (flags.all) {
        for await (const job of session.client.agent.listAll(projectId, query, options))
          jobs.push(job);
      } else {
        ({ jobs, nextCursor } = await session.client.agent.list(
          projectId,
          { ...query, cursor: flags.cursor },
          options,
        ));
      }
      print(Boolean(flags.json), { jobs, nextCursor }, () => {
        const rows = jobs.map((job) => [
          job.id,
          job.status,
          job.createdAt,
          job.prLink ?? job.error?.split("\n")[0]?.slice(0, 60) ?? "",
        ]);
        const more = nextCursor ? `\nMore: --cursor ${nextCursor} (or --all)` : "";
        return `${table(["ID", "STATUS", "CREATED", "PULL REQUEST / ERROR"], rows)}${more}`;
      });
      return REMOTE_EXIT.completed;
    });
  });
}

/** `message`: a follow-up prompt to a finished job, followed with --wait. */
function messageCommand(agent: Command): void {
  withRemoteOptions(
    waitOptions(
      agent
        .command("message")
        .description(
          "Send a follow-up prompt to a completed or failed job, which becomes active again on the same branch; with --wait, follow it.",
        )
        .argument("<PROJECT_ID>")
        .argument("<JOB_ID>")
        .argument("<PROMPT>", "the follow-up instruction, or - to read it from stdin"),
    ),
    'quire remote agent message prj_123 job_456 "Also update the changelog" --wait',
  ).action(async (projectId: string, jobId: string, prompt: string, flags: RemoteFlags) => {
    process.exitCode = await runRemote(flags, async (session) => {
      const text = await readPrompt(prompt, session.signal);
      const job = await session.client.agent.message(projectId, jobId, text, {
        signal: session.signal,
      });
      return finishAgentJob(session, projectId, job, flags);
    });
  });
}

/** `archive`: the job archived (an active one stopped first). */
function archiveCommand(agent: Command): void {
  withRemoteOptions(
    agent
      .command("archive")
      .description("Archive an agent job (an active one is stopped first). Idempotent.")
      .argument("<PROJECT_ID>")
      .argument("<JOB_ID>"),
    "quire remote agent archive prj_123 job_456",
  ).action(async (projectId: string, jobId: string, flags: RemoteFlags) => {
    process.exitCode = await runRemote(flags, async (session) => {
      const job = await session.client.agent.archive(projectId, jobId, { signal: session.signal });
      print(Boolean(flags.json), job, () => describeAgentJob(job));
      return REMOTE_EXIT.completed;
    });
  });
}

async function readPrompt(prompt: string, signal: AbortSignal): Promise<string> {
  let text = prompt;
  if (prompt === "-") {
    const chunks: Buffer[] = [];
    // Ctrl-C while the prompt is still being typed or piped in stops the read too.
    for await (const chunk of addAbortSignal(signal, process.stdin)) chunks.push(chunk as Buffer);
    text = Buffer.concat(chunks).toString("utf8");
  }
  if (text.trim() === "") throw new UsageError("PROMPT is empty: say what the agent should do");
  return text;
}

/** Prints an agent job, or follows it first with `--wait`; the exit code says how it ended. */
async function finishAgentJob(
  session: Session,
  projectId: string,
  job: AgentJob,
  flags: RemoteFlags,
): Promise<number> {
  if (!flags.wait) {
    print(session.json, job, () => describeAgentJob(job));
    return REMOTE_EXIT.completed;
  }
  session.following = `agent job ${job.id} (see it with: quire remote agent get ${projectId} ${job.id})`;
  session.followingJob = job;
  const final = await session.client.waitForAgentJob(projectId, job.id, {
    signal: session.signal,
    timeout: parseTimeout(flags.timeout),
    onUpdate: (current) => session.progress.line(`agent job ${current.id}: ${current.status}`),
  });
  print(session.json, final, () => describeAgentJob(final));
  if (final.status === "completed") return REMOTE_EXIT.completed;
  if (!session.json)
    process.stderr.write(
      final.status === "failed"
        ? `quire: agent job ${final.id} failed: ${final.error ?? "no reason given"}\n`
        : `quire: agent job ${final.id} was archived\n`,
    );
  return REMOTE_EXIT.failed;
}
