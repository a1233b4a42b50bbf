import { AdminService } from "./admin.ts";
import { AgentJobService } from "./agent-jobs.ts";
import type { QuireContext } from "./context.ts";
import { StaticExportService } from "./static-export.ts";
import { UsersService } from "./users.ts";

export { createLogger, openContext, type QuireContext } from "./context.ts";

/** The domain services over one context: what the API, the dashboard and the CLI call. */
export function createServices(context: QuireContext) {
  const { db } = context.database;
  const wake = (kind: string) => context.wake(kind);
  const cancel = (subjectId: string) => context.cancel(subjectId);
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
