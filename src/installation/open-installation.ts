import type { Logger } from "pino";
import { loadSecretKey } from "../config/secret-key.ts";
import type { Config } from "../config/settings.ts";
import { openDatabase } from "../db/database.ts";
import { UnwritablePathError } from "../domain/errors.ts";
import { JOB_KINDS, type JobKind } from "../domain/job-queues.ts";
import { deriveKey } from "../domain/secret-box.ts";
import { fileSystemReason } from "../files/writable-folder.ts";
import { type JobQueue, JobRunner } from "../jobs/index.ts";
import {
  createLogger,
  createServices,
  NO_WORKERS,
  type QuireContext,
  type Services,
  type WorkerSignals,
} from "../services/index.ts";
import type { ObjectStore } from "../storage/object-store.ts";
import { openQueue } from "./open-queue.ts";
import { openStore } from "./open-store.ts";

/** Jobs this process runs: these kinds (default all), each with `concurrency` at once (default: the kind's setting). */
export interface WorkersOptions {
  kinds?: readonly JobKind[];
  concurrency?: number;
}

export interface InstallationOptions {
  /** Default: JSON lines on stdout at the configured level. */
  logger?: Logger;
  /** Run jobs in this process; none when absent (admin commands, `quire api --no-workers`). */
  workers?: WorkersOptions;
}

/** One process's view of an installation: its database, store and queue, services, and workers. */
export interface Installation {
  context: QuireContext;
  services: Services;
  /** This process's workers, built but not started: start them once the process is ready. */
  runner?: JobRunner;
  /** Stops the workers (running jobs finish or go back to the queue), then closes the rest. */
  close(): Promise<void>;
}

/**
 * The composition root: every process (`quire api`, `quire worker`, the admin commands, the
 * tests' servers) opens its installation here, in one order. First the database, the object
 * store and the queue; then the runner with its handlers, when the process runs jobs; then the
 * services, handed the runner's wake and cancel (or none). Nothing is reassigned afterwards.
 */
export async function openInstallation(
  config: Config,
  options: InstallationOptions & { workers: WorkersOptions },
): Promise<Installation & { runner: JobRunner }>;
export async function openInstallation(
  config: Config,
  options?: InstallationOptions,
): Promise<Installation>;
export async function openInstallation(
  config: Config,
  options: InstallationOptions = {},
): Promise<Installation> {
  const logger = options.logger ?? createLogger(config);
  let secretKey: ReturnType<typeof loadSecretKey>;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    secretKey = loadSecretKey(config.dataDirPath, config.secretKey);
    database = await openDatabase(config.databaseUrl, config.dataDirPath, {
      poolSize: config.databasePoolSize,
    });
  } catch (error) {
    // A read-only data dir, or a file where it should be: one line naming the folder.
    const reason = fileSystemReason(error);
    if (reason)
      throw new UnwritablePathError("the data folder, --data-dir", config.dataDirPath, reason, {
        cause: error,
      });
    throw error;
  }
  let store: ObjectStore;
  let queue: JobQueue;
  try {
    store = openStore(config, deriveKey(secretKey, "bundle-links"));
    queue = await openQueue(database, config, logger);
  } catch (error) {
    await database.close();
    throw error;
  }
  const context: QuireContext = {
    config,
    database,
    store,
    queue,
    logger,
    forgeTokenKey: deriveKey(secretKey, "forge-tokens"),
    close: async () => {
      await queue.close();
      await store.close?.();
      await database.close();
    },
  };
  let runner: JobRunner | undefined;
  try {
    runner = options.workers ? await createRunner(context, options.workers) : undefined;
  } catch (error) {
    await context.close();
    throw error;
  }
  const services = createServices(context, runner ? signalsOf(runner) : NO_WORKERS);
  return {
    context,
    services,
    runner,
    close: async () => {
      await runner?.stop();
      await context.close();
    },
  };
}

/** What the services tell this process's runner: work was queued, a subject was cancelled. */
function signalsOf(runner: JobRunner): WorkerSignals {
  return {
    wake: (kind) => runner.wake(kind),
    cancel: (subjectId) => runner.cancel(subjectId),
  };
}

async function createRunner(context: QuireContext, workers: WorkersOptions): Promise<JobRunner> {
  const { config, logger } = context;
  // Loaded here only: the handlers bring the exporter and the agent, which admin commands never need.
  const { createHandlers } = await import("../jobs/handlers.ts");
  const handlers = createHandlers(
    workers.kinds ?? JOB_KINDS,
    {
      config,
      db: context.database.db,
      store: context.store,
      logger,
      forgeTokenKey: context.forgeTokenKey,
    },
    workers.concurrency,
  );
  return new JobRunner({
    queue: context.queue,
    handlers,
    logger: logger.child({ component: "jobs" }),
    leaseMs: config.jobLeaseSeconds * 1000,
    shutdownGraceMs: config.shutdownGraceSeconds * 1000,
  });
}
