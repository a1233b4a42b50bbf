import path from "node:path";
import pino, { type Logger } from "pino";
import { loadSecretKey } from "../config/secret-key.ts";
import type { Config } from "../config/settings.ts";
import { openDatabase, type QuireDatabase } from "../db/database.ts";
import { ConfigError } from "../domain/errors.ts";
import { deriveKey } from "../domain/secret-box.ts";
import { embeddedQueue, type JobQueue } from "../jobs/job-queue.ts";
import { LocalFolderStore } from "../storage/local-folder-store.ts";
import type { ObjectStore } from "../storage/object-store.ts";
import { parseS3Url, S3Store } from "../storage/s3-store.ts";

/** Everything a service needs, built once per process from the resolved configuration. */
export interface QuireContext {
  config: Config;
  database: QuireDatabase;
  store: ObjectStore;
  /** The job queue: the embedded one with SQLite, pg-boss with PostgreSQL. */
  queue: JobQueue;
  logger: Logger;
  /** Encrypts forge tokens at rest. */
  forgeTokenKey: Buffer;
  /** Tells this process's workers that a job of a kind was queued (none when it runs no workers). */
  wake: (kind: string) => void;
  /** Stops this process's run of a subject at once (none when it runs no workers). */
  cancel: (subjectId: string) => void;
  close(): Promise<void>;
}

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

export async function openContext(
  config: Config,
  options: { logger?: Logger } = {},
): Promise<QuireContext> {
  const logger = options.logger ?? createLogger(config);
  const secretKey = loadSecretKey(config.dataDirPath, config.secretKey);
  const database = await openDatabase(config.databaseUrl, config.dataDirPath, {
    poolSize: config.databasePoolSize,
  });
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
    wake: () => {},
    cancel: () => {},
    close: async () => {
      await queue.close();
      await store.close?.();
      await database.close();
    },
  };
  return context;
}

/** The embedded queue lives in the SQLite database; on PostgreSQL, jobs go through pg-boss. */
async function openQueue(
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

function openStore(config: Config, linkKey: Buffer): ObjectStore {
  const url = config.storageUrl;
  if (url === undefined)
    return new LocalFolderStore(path.join(config.dataDirPath, "objects"), linkKey);
  if (/^s3:\/\//i.test(url))
    return new S3Store(parseS3Url(url, "--storage-url (QUIRE_STORAGE_URL)", config.awsRegion));
  if (url.startsWith("file://")) return new LocalFolderStore(new URL(url).pathname, linkKey);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url))
    return new LocalFolderStore(path.resolve(url), linkKey);
  throw new ConfigError(
    `--storage-url: unsupported storage "${url.split(":")[0]}": use a folder path, file:///folder or s3://BUCKET/PREFIX`,
  );
}
