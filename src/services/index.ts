import { AdminService } from "./admin.ts";
import { AgentJobService } from "./agent-jobs.ts";
import { NO_WORKERS, type QuireContext, type WorkerSignals } from "./context.ts";
import { StaticExportService } from "./static-export.ts";
import { UsersService } from "./users.ts";

export {
  createLogger,
  LOG_REDACTIONS,
  NO_WORKERS,
  type QuireContext,
  type WorkerSignals,
} from "./context.ts";
export type { DbCopyReport } from "./db-copy.ts";

/**
 * The domain services over one context: what the API, the dashboard and the CLI call. `workers`
 * are this process's, when it runs any (see src/installation/).
 */
export function createServices(context: QuireContext, workers: WorkerSignals = NO_WORKERS) {
  const { db } = context.database;
  const wake = (kind: string) => workers.wake(kind);
  const cancel = (subjectId: string) => workers.cancel(subjectId);
  return {
    context,
    admin: new AdminService(db, context.forgeTokenKey),
    agentJobs: new AgentJobService({
      db,
      modelName: context.config.agentModel ?? "none",
      queue: context.queue,
      wake,
      cancel,
    }),
    exports: new StaticExportService({
      db,
      store: context.store,
      bundleLinkTtlSeconds: context.config.bundleLinkTtlSeconds,
      queue: context.queue,
      wake,
    }),
    users: new UsersService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
