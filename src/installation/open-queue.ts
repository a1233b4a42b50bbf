import type { Logger } from "pino";
import type { Config } from "../config/settings.ts";
import type { QuireDatabase } from "../db/database.ts";
import { embeddedQueue, type JobQueue } from "../jobs/index.ts";

/** The embedded queue lives in the SQLite database; on PostgreSQL, jobs go through pg-boss. */
export async function openQueue(
  database: QuireDatabase,
  config: Config,
  logger: Logger,
): Promise<JobQueue> {
  if (database.dialect !== "postgres" || !config.databaseUrl) return embeddedQueue(database.db);
  const { PgBossQueue } = await import("../jobs/pg-boss-queue.ts");
  const queue = new PgBossQueue({
    url: config.databaseUrl,
    logger: logger.child({ component: "queue" }),
    leaseSeconds: config.jobLeaseSeconds,
  });
  await queue.start();
  return queue;
}
