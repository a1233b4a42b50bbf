import { JOB_KINDS, type JobKind } from "../domain/job-queues.ts";
import type { QuireContext } from "../services/context.ts";
import { createAgentHandler } from "./agent-handler.ts";
import { createExportHandler } from "./export-handler.ts";
import type { JobHandler } from "./handler.ts";
import { JobRunner } from "./runner.ts";

/**
 * The background workers of one process, for the kinds it runs. Once started, work queued by
 * this process wakes them at once; work queued elsewhere is found by polling.
 */
export function createRunner(
  context: QuireContext,
  options: { kinds?: readonly JobKind[]; concurrency?: number } = {},
): JobRunner {
  const { config, logger } = context;
  const { db } = context.database;
  const kinds = options.kinds ?? JOB_KINDS;
  const handlers: JobHandler[] = [];
  if (kinds.includes("export")) {
    handlers.push(
      createExportHandler({
        db,
        store: context.store,
        logger,
        dataDir: config.dataDirPath,
        forgeTokenKey: context.forgeTokenKey,
        concurrency: options.concurrency ?? config.exportConcurrency,
        allowHosts: [...config.exportAllowHosts],
      }),
    );
  }
  if (kinds.includes("agent"))
    handlers.push(
      createAgentHandler({
        db,
        config,
        logger,
        forgeTokenKey: context.forgeTokenKey,
        concurrency: options.concurrency ?? config.agentConcurrency,
      }),
    );
  const runner = new JobRunner({
    queue: context.queue,
    handlers,
    logger: logger.child({ component: "jobs" }),
    leaseMs: config.jobLeaseSeconds * 1000,
    shutdownGraceMs: config.shutdownGraceSeconds * 1000,
  });
  context.wake = (kind) => runner.wake(kind);
  context.cancel = (subjectId) => runner.cancel(subjectId);
  return runner;
}
