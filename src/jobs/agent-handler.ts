import type { Logger } from "pino";
import { missingAgentSetting } from "../config/agent-settings.ts";
import type { Config } from "../config/settings.ts";
import { findAgentJobById, updateAgentJob } from "../db/agent-jobs.ts";
import type { Db } from "../db/database.ts";
import { AGENT_QUEUE } from "../services/agent-jobs.ts";
import type { JobContext, JobHandler } from "./handler.ts";

export interface AgentHandlerOptions {
  db: Db;
  config: Config;
  logger: Logger;
  concurrency: number;
}

/**
 * Runs one agent job. A run talks to a model and pushes to a forge, so it is never rerun on
 * its own after a crash (`maxAttempts` 1): an interrupted run ends `failed` as interrupted.
 */
export function createAgentHandler(options: AgentHandlerOptions): JobHandler {
  const fail = async (jobId: string, message: string) => {
    const now = new Date().toISOString();
    await updateAgentJob(options.db, jobId, ["active"], {
      status: "failed",
      error: message,
      updated_at: now,
    });
  };
  return {
    kind: AGENT_QUEUE,
    concurrency: options.concurrency,
    maxAttempts: 1,
    run: (context) => runAgentJob(options, context, fail),
    giveUp: fail,
  };
}

async function runAgentJob(
  options: AgentHandlerOptions,
  context: JobContext,
  fail: (jobId: string, message: string) => Promise<void>,
): Promise<void> {
  const job = await findAgentJobById(options.db, context.subjectId);
  if (!job || job.status !== "active") return;
  const missing = missingAgentSetting(options.config);
  if (missing) return fail(job.id, missing);
  // The model loop, workspace and pull request come with the documentation agent.
  return fail(
    job.id,
    "this Quire build cannot run agent jobs yet: the documentation agent is not installed",
  );
}
