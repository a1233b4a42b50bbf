import { CompiledQuery, sql } from "kysely";
import pg from "pg";
import { PgBoss } from "pg-boss";
import type { Logger } from "pino";
import type { Queryable } from "../db/database.ts";
import { JOB_KINDS } from "../domain/job-queues.ts";
import type {
  EnqueueRequest,
  JobQueue,
  QueueCount,
  QueueRow,
  QueueStatus,
  SettleOutcome,
} from "./job-queue.ts";

/** The job kinds this queue serves; a queue per kind, and one for the work it gave up on. */
const KINDS = JOB_KINDS;
/** Where pg-boss keeps its tables, beside Quire's own. */
const SCHEMA = "pgboss";
/** Work added in a transaction wakes idle workers everywhere when it commits. */
const CHANNEL = "quire_jobs";
/** pg-boss checks heartbeats no closer than this. */
const MIN_HEARTBEAT_SECONDS = 10;
/** A run longer than this is taken for stuck whatever its heartbeats say. */
const EXPIRE_SECONDS = 6 * 3600;

interface JobData {
  subjectId: string;
  kind: string;
}

export interface PgBossQueueOptions {
  url: string;
  logger: Logger;
  /** A claim whose worker sent no heartbeat for this long goes back to the queue (at least 10 s). */
  leaseSeconds: number;
}

/**
 * The job queue on PostgreSQL, through pg-boss: each job is claimed by exactly one worker
 * (`SKIP LOCKED`), retried with back-off, and a job whose worker stopped sending heartbeats
 * is retried after its lease, or handed to its kind's "given up" queue when it may not run
 * again, where the runner marks its subject failed. Job state clients read stays in Quire's
 * tables. Work is added inside the service's own transaction, with a NOTIFY that wakes idle
 * workers in every process when the transaction commits.
 */
export class PgBossQueue implements JobQueue {
  readonly backend = "pg-boss" as const;
  readonly #options: PgBossQueueOptions;
  readonly #boss: PgBoss;
  #listener?: pg.Client;
  #closed = false;

  constructor(options: PgBossQueueOptions) {
    this.#options = options;
    // The monitor passes find claims whose heartbeats stopped: often enough that a dead worker's
    // job runs again within about two leases.
    const passSeconds = Math.max(2, Math.ceil(options.leaseSeconds / 2));
    this.#boss = new PgBoss({
      connectionString: options.url,
      schema: SCHEMA,
      max: 4,
      application_name: "quire-queue",
      superviseIntervalSeconds: passSeconds,
      monitorIntervalSeconds: passSeconds,
    });
    this.#boss.on("error", (error) => options.logger.error({ err: error }, "job queue error"));
  }

  async start(): Promise<void> {
    await this.#boss.start();
    const heartbeatSeconds = Math.max(MIN_HEARTBEAT_SECONDS, this.#options.leaseSeconds);
    for (const kind of KINDS) {
      await this.#createQueue(givenUpQueue(kind), {});
      await this.#createQueue(kind, {
        heartbeatSeconds,
        expireInSeconds: EXPIRE_SECONDS,
        retryBackoff: true,
        retryDelay: 2,
        deadLetter: givenUpQueue(kind),
      });
    }
  }

  /** Creates a queue once; processes starting together may race to it. */
  async #createQueue(name: string, options: Record<string, unknown>): Promise<void> {
    if (await this.#boss.getQueue(name)) return;
    try {
      await this.#boss.createQueue(name, options);
    } catch (error) {
      if (!(await this.#boss.getQueue(name))) throw error;
    }
  }

  async enqueue(trx: Queryable, request: EnqueueRequest): Promise<string> {
    const data: JobData = { subjectId: request.subjectId, kind: request.kind };
    const id = await this.#boss.send(request.kind, data as unknown as object, {
      retryLimit: Math.max(0, request.maxAttempts - 1),
      ...(request.jobKey ? { singletonKey: request.jobKey } : {}),
      db: inTransaction(trx),
    });
    await sql`select pg_notify(${CHANNEL}, ${request.kind})`.execute(trx);
    return id ?? "";
  }

  async cancelSubject(trx: Queryable, subjectId: string, _now: string): Promise<void> {
    for (const kind of KINDS) {
      const jobs = await this.#boss.findJobs<JobData>(kind, {
        data: { subjectId },
        db: inTransaction(trx),
      });
      const open = jobs.filter(
        (job) => job.state === "created" || job.state === "retry" || job.state === "active",
      );
      if (open.length > 0)
        await this.#boss.cancel(
          kind,
          open.map((job) => job.id),
          { db: inTransaction(trx) },
        );
    }
  }

  /** Read from pg-boss's job table at once: its own queue statistics lag behind by a monitor pass. */
  async counts(now: Date): Promise<QueueCount[]> {
    const { rows } = await this.#boss.getDb().executeSql(
      `SELECT name, state::text AS state, count(*)::int AS count, min(created_on) AS oldest
         FROM ${SCHEMA}.job WHERE name = ANY($1) AND state IN ('created', 'retry', 'active')
         GROUP BY name, state`,
      [[...KINDS]],
    );
    const totals = new Map<string, QueueCount>();
    for (const row of rows as { name: string; state: string; count: number; oldest: Date }[]) {
      const status = row.state === "active" ? "running" : "queued";
      const key = `${row.name} ${status}`;
      const age = Math.max(0, (now.getTime() - new Date(row.oldest).getTime()) / 1000);
      const known = totals.get(key);
      totals.set(key, {
        kind: row.name,
        status,
        count: (known?.count ?? 0) + row.count,
        oldestAgeSeconds: Math.max(known?.oldestAgeSeconds ?? 0, age),
      });
    }
    return [...totals.values()];
  }

  async claim(
    kind: string,
    workerId: string,
    now: Date,
    _leaseMs: number,
  ): Promise<QueueRow | undefined> {
    const [job] = await this.#boss.fetch<JobData>(kind, { batchSize: 1, includeMetadata: true });
    if (!job) return undefined;
    const stamp = now.toISOString();
    return {
      id: job.id,
      kind,
      subject_id: job.data.subjectId,
      job_key: job.singletonKey,
      status: "running",
      attempts: job.retryCount + 1,
      max_attempts: job.retryLimit + 1,
      run_at: stamp,
      locked_by: `${workerId}#${job.retryCount}`,
      lease_expires_at: null,
      last_error: null,
      created_at: job.createdOn.toISOString(),
      updated_at: stamp,
    };
  }

  async renew(row: QueueRow, _workerId: string, _leaseMs: number): Promise<QueueStatus | null> {
    const attempt = { id: row.id, retryCount: row.attempts - 1 };
    const touched = await this.#boss.touch(row.kind, [attempt]);
    if (affected(touched) > 0) return "running";
    const [job] = await this.#boss.findJobs(row.kind, { id: row.id });
    return job?.state === "cancelled" ? "cancelled" : null;
  }

  async settle(
    row: QueueRow,
    _workerId: string,
    outcome: SettleOutcome,
    lastError: string | null = null,
  ): Promise<boolean> {
    const attempt = [{ id: row.id, retryCount: row.attempts - 1 }];
    // `fail` lets pg-boss retry with its back-off while attempts remain (the runner asks only then);
    // a run that may not go on is cancelled, so the "given up" queue never sees it twice.
    const response =
      outcome.status === "done"
        ? await this.#boss.complete(row.kind, attempt)
        : outcome.status === "queued"
          ? await this.#boss.fail(row.kind, attempt, lastError ? { message: lastError } : null)
          : await this.#boss.cancel(row.kind, attempt);
    return affected(response) > 0;
  }

  async takeGivenUp(kind: string): Promise<{ subjectId: string; reason: string } | undefined> {
    const [job] = await this.#boss.fetch<JobData>(givenUpQueue(kind), { batchSize: 1 });
    if (!job) return undefined;
    await this.#boss.complete(givenUpQueue(kind), job.id);
    return {
      subjectId: job.data.subjectId,
      reason: "interrupted: the process running this job stopped before it finished",
    };
  }

  async listen(wake: (kind: string) => void): Promise<void> {
    if (this.#listener || this.#closed) return;
    const client = new pg.Client({
      connectionString: this.#options.url,
      application_name: "quire-queue-listener",
    });
    client.on("error", (error) =>
      this.#options.logger.warn({ err: error }, "queue notifications stopped: polling only"),
    );
    client.on("notification", (message) => {
      if (message.payload) wake(message.payload);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.#listener = client;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#listener?.end().catch(() => {});
    await this.#boss.stop({ graceful: false, close: true });
  }
}

/** How many jobs a command changed (its declared type leaves the fields out). */
function affected(response: object): number {
  return Number((response as { affected?: number }).affected ?? 0);
}

function givenUpQueue(kind: string): string {
  return `${kind}-given-up`;
}

/** pg-boss runs its statements on the service's transaction, so the job exists only if it commits. */
function inTransaction(trx: Queryable) {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}
