import path from "node:path";
import type { ModelMessage } from "ai";
import type { Logger } from "pino";
import { missingAgentSetting } from "../config/agent-settings.ts";
import type { Config } from "../config/settings.ts";
import { findAgentJobById, listAgentMessages, updateAgentJob } from "../db/agent-jobs.ts";
import type { Db } from "../db/database.ts";
import { findProjectById } from "../db/projects.ts";
import type { AgentJobsTable, ProjectsTable } from "../db/schema.ts";
import type { Forge as ForgeKind } from "../domain/project.ts";
import { openSecret } from "../domain/secret-box.ts";
import { forgeCredentials, GitError, redactUrl } from "../git/index.ts";
import type { Forge } from "./forges/forge.ts";
import { createForge } from "./forges/index.ts";
import { createModel } from "./model.ts";
import { publish, RunStoppedError, runAgent } from "./run.ts";
import { createToolbox } from "./toolbox.ts";
import { TraceRecorder } from "./trace.ts";
import { Workspace } from "./workspace.ts";

/** One run of an agent job: its latest message, answered in a checkout of its own. */
export interface AgentJobRun {
  jobId: string;
  /** 1 on the first run of the message; more when an earlier run of it was interrupted. */
  attempt: number;
  /** Aborted when the job is archived or the process stops: the run stops at once. */
  signal: AbortSignal;
}

export interface AgentJobDependencies {
  db: Db;
  config: Config;
  logger: Logger;
  forgeTokenKey: Buffer;
}

/**
 * Runs the agent for an active job's latest message and records the outcome on the job. A run
 * that died after pushing its branch is resumed only to open the pull request; any other
 * interrupted run ends `failed` as interrupted (the model's work cannot be replayed safely).
 */
export async function executeAgentJob(deps: AgentJobDependencies, run: AgentJobRun): Promise<void> {
  const { db, config, logger } = deps;
  const job = await findAgentJobById(db, run.jobId);
  if (!job || job.status !== "active") return;
  const project = await findProjectById(db, job.project_id);
  const finish = (changes: Parameters<typeof updateAgentJob>[3]) =>
    updateAgentJob(db, job.id, ["active"], { ...changes, updated_at: new Date().toISOString() });
  if (!project)
    return void (await finish({ status: "failed", error: "the job's project no longer exists" }));
  // A second attempt only finishes a run that pushed; any other was interrupted mid-work.
  const resumingPublish = run.attempt > 1 && job.pushed_commit !== null && job.pr_link === null;
  if (run.attempt > 1 && !resumingPublish) {
    return void (await finish({
      status: "failed",
      error:
        "interrupted: the process running this job stopped before it finished; send a follow-up message to try again",
    }));
  }
  const missing = missingAgentSetting(config);
  if (missing) return void (await finish({ status: "failed", error: missing }));

  const messages = await listAgentMessages(db, job.id);
  const current = messages.at(-1);
  if (!current) return void (await finish({ status: "failed", error: "the job has no prompt" }));
  const token = project.forge_token_sealed
    ? openSecret(deps.forgeTokenKey, project.forge_token_sealed)
    : null;
  const forge = forgeOf(project, token);
  const trace = new TraceRecorder(db, job.id, current.seq);
  const log = logger.child({ agentJob: job.id, run: current.seq });

  let workspace: Workspace | undefined;
  try {
    const cloneStarted = performance.now();
    workspace = await Workspace.open({
      repository: project.repository,
      baseRef: project.ref,
      branch: job.ref,
      credentials: forgeCredentials(project.forge as ForgeKind | null, token),
      author: config.agentGitAuthor,
      signal: run.signal,
    });
    await trace.record({
      kind: "git",
      name: "clone",
      input: `${redactUrl(project.repository)} ${workspace.startedFrom}`,
      durationMs: performance.now() - cloneStarted,
    });
    const common = {
      workspace,
      forge,
      draft: project.pull_request_draft === 1,
      trace,
      prompt: current.prompt,
      jobId: job.id,
      signal: run.signal,
      stillWanted: async () =>
        (await findAgentJobById(db, job.id))?.status === "active" && !run.signal.aborted,
      onPushed: async (commit: string, summary: string) => {
        await updateAgentJob(db, job.id, ["active"], {
          pushed_commit: commit,
          summary: summary || null,
          updated_at: new Date().toISOString(),
        });
      },
    };
    if (resumingPublish) {
      log.info("resuming an interrupted run: opening its pull request");
      const prLink = await publish(common, job.summary ?? "", []);
      await finish({ status: "completed", pr_link: prLink, pushed_commit: null, error: null });
      return;
    }
    // Validations run in a process with the export's memory budget: the repository may be hostile.
    const toolbox = createToolbox(workspace.root, {
      cacheDir: path.join(config.dataDirPath, "cache", "export"),
      memoryLimitMb: config.exportMemoryMb,
    });
    let outcome: Awaited<ReturnType<typeof runAgent>>;
    try {
      outcome = await runAgent({
        ...common,
        history: parseHistory(job),
        model: createModel(config),
        toolbox,
        limits: {
          maxSteps: config.agentMaxSteps,
          modelRetries: config.agentModelRetries,
          timeoutMs: config.agentTimeoutSeconds * 1000,
          tokenBudget: config.agentTokenBudget,
          fixRounds: config.agentFixRounds,
        },
        logger: log,
        existingPrLink: job.pr_link,
      });
    } finally {
      await toolbox.close?.();
    }
    const conversation = JSON.stringify(outcome.history);
    if (outcome.status === "completed") {
      await finish({
        status: "completed",
        pr_link: outcome.prLink,
        summary: outcome.summary,
        error: null,
        conversation,
        pushed_commit: null,
      });
      log.info({ prLink: outcome.prLink }, "agent run completed");
    } else {
      await finish({
        status: "failed",
        error: outcome.error,
        summary: outcome.summary,
        conversation,
      });
      log.info({ error: outcome.error }, "agent run failed");
    }
  } catch (error) {
    if (error instanceof RunStoppedError || run.signal.aborted) {
      log.info(
        { reason: error instanceof Error ? error.message : String(error) },
        "agent run stopped",
      );
      if (run.signal.aborted) throw error;
      return;
    }
    if (error instanceof GitError || (error instanceof Error && error.name === "ForgeError")) {
      await finish({ status: "failed", error: error.message });
      return;
    }
    // Anything else is a fault of ours, not of the request: the job says so instead of retrying.
    log.error({ err: error }, "agent run failed unexpectedly");
    await finish({
      status: "failed",
      error: `internal error: ${error instanceof Error ? error.message : String(error)}`,
    });
  } finally {
    workspace?.dispose();
  }
}

/** The project's forge, when it names one and has a token. */
function forgeOf(project: ProjectsTable, token: string | null): Forge | null {
  if (!project.forge || !token) return null;
  return createForge({
    kind: project.forge as ForgeKind,
    repository: project.repository,
    apiUrl: project.forge_api_url,
    token,
  });
}

function parseHistory(job: AgentJobsTable): ModelMessage[] {
  if (!job.conversation) return [];
  try {
    const parsed = JSON.parse(job.conversation);
    return Array.isArray(parsed) ? (parsed as ModelMessage[]) : [];
  } catch {
    return [];
  }
}
