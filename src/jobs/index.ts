/**
 * The durable job runner and the queue it takes work from. The services add work through the
 * JobQueue port; the handlers (handlers.ts) are loaded apart, by processes that run jobs.
 */
export { embeddedQueue } from "./embedded-queue.ts";
export type { JobContext, JobHandler } from "./handler.ts";
export type {
  EmbeddedRecovery,
  EnqueueRequest,
  JobQueue,
  QueueCount,
  QueueRow,
  QueueStatus,
  SettleOutcome,
} from "./job-queue.ts";
export { JobRunner, type RunnerOptions } from "./runner.ts";
