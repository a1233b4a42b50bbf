import type { Logger } from "pino";
import { executeAgentJob } from "../agent/execute-job.ts";
import type { Config } from "../config/settings.ts";
import { updateAgentJob } from "../db/agent-jobs.ts";
import type { Db } from "../db/database.ts";
import { AGENT_MAX_ATTEMPTS, AGENT_QUEUE } from "../domain/job-queues.ts";
import type { JobHandler } from "./handler.ts";

export interface AgentHandlerOptions {
  db: Db;
  config: Config;
  logger: Logger;
  forgeTokenKey: Buffer;
  concurrency: number;
}

/**
 * Runs agent jobs. A run talks to a model and pushes to a forge, so it is never replayed: a
 * second attempt (after a crash or a shutdown) only opens the pull request of a run that had
 * already pushed, and otherwise ends the job `failed` as interrupted.
 */
export function createAgentHandler(options: AgentHandlerOptions): JobHandler {
  return {
    kind: AGENT_QUEUE,
    concurrency: options.concurrency,
    maxAttempts: AGENT_MAX_ATTEMPTS,
    handBackCountsAttempt: true,
    run: ({ subjectId, attempt, signal }) =>
      executeAgentJob(options, { jobId: subjectId, attempt, signal }),
    giveUp: async (jobId, reason) => {
      await updateAgentJob(options.db, jobId, ["active"], {
        status: "failed",
        error: reason,
        updated_at: new Date().toISOString(),
      });
    },
  };
}
