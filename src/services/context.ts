import pino, { type Logger } from "pino";
import type { Config } from "../config/settings.ts";
import type { QuireDatabase } from "../db/database.ts";
import type { JobQueue } from "../jobs/index.ts";
import type { ObjectStore } from "../storage/object-store.ts";

/**
 * Everything a service needs, built once per process from the resolved configuration by the
 * composition root (src/installation/).
 */
export interface QuireContext {
  config: Config;
  database: QuireDatabase;
  store: ObjectStore;
  /** The job queue: the embedded one with SQLite, pg-boss with PostgreSQL. */
  queue: JobQueue;
  logger: Logger;
  /** Encrypts forge tokens at rest. */
  forgeTokenKey: Buffer;
  /** Closes the queue, the store and the database. */
  close(): Promise<void>;
}

/**
 * What the services tell this process's workers. A process without workers passes none: the
 * workers of other processes find new work at their next poll and a cancellation at their next
 * heartbeat.
 */
export interface WorkerSignals {
  /** A job of a kind was queued. */
  wake(kind: string): void;
  /** Stops this process's run of a subject at once (an archived agent job). */
  cancel(subjectId: string): void;
}

export const NO_WORKERS: WorkerSignals = { wake: () => {}, cancel: () => {} };

/** Fields removed from every log line: credentials never reach the logs. */
export const LOG_REDACTIONS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "headers.authorization",
  "authorization",
  "key",
  "apiKey",
  "forgeToken",
  "token",
  "password",
];

export function createLogger(
  config: Pick<Config, "logLevel">,
  destination?: NodeJS.WritableStream,
): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: LOG_REDACTIONS, censor: "[redacted]" },
      base: { service: "quire" },
    },
    destination as pino.DestinationStream | undefined,
  );
}
