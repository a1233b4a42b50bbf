import type { Logger } from "pino";
import type { Config } from "../config/settings.ts";
import type { Db } from "../db/database.ts";
import type { JobKind } from "../domain/job-queues.ts";
import type { ObjectStore } from "../storage/object-store.ts";
import { createAgentHandler } from "./agent-handler.ts";
import { createExportHandler } from "./export-handler.ts";
import type { JobHandler } from "./handler.ts";

export interface HandlerDependencies {
  config: Config;
  db: Db;
  store: ObjectStore;
  logger: Logger;
  /** Opens the forge tokens stored with projects. */
  forgeTokenKey: Buffer;
}

/**
 * The handlers of the kinds a process runs, each with `concurrency` jobs at once (default: the
 * kind's own setting). Loaded only by processes that run jobs: they bring the exporter and the
 * agent with them.
 */
export function createHandlers(
  kinds: readonly JobKind[],
  dependencies: HandlerDependencies,
  concurrency?: number,
): JobHandler[] {
  const { config, db, store, logger, forgeTokenKey } = dependencies;
  const handlers: JobHandler[] = [];
  if (kinds.includes("export"))
    handlers.push(
      createExportHandler({
        db,
        store,
        logger,
        dataDir: config.dataDirPath,
        forgeTokenKey,
        concurrency: concurrency ?? config.exportConcurrency,
        memoryMb: config.exportMemoryMb,
        allowHosts: [...config.exportAllowHosts],
        feedbackUrl: config.exportFeedbackUrl,
        cleanUrls: config.exportCleanUrls,
        cacheMaxMb: config.exportCacheMaxMb,
        publicUrl: config.publicUrl,
      }),
    );
  if (kinds.includes("agent"))
    handlers.push(
      createAgentHandler({
        db,
        config,
        logger,
        forgeTokenKey,
        concurrency: concurrency ?? config.agentConcurrency,
      }),
    );
  return handlers;
}
