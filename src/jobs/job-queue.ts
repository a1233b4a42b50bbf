import type { Queryable } from "../db/database.ts";
import type { EnqueueRequest, QueueCount, QueueRow, QueueStatus } from "../db/queue.ts";

export type { EnqueueRequest, QueueCount, QueueRow, QueueStatus };

/** How a worker ends a run it holds: done, failed for good, or back to the queue. */
export type SettleOutcome =
  | { status: "done" | "failed" }
  | { status: "queued"; runAt: string; countAttempt: boolean };

/**
 * The job queue the services add work to and the runner takes it from: the port both use, with
 * no backend of its own. Job state that clients read stays in Quire's own tables; the queue only
 * holds who runs what. Two adapters: the embedded one over the `queue_jobs` table
 * (embedded-queue.ts, SQLite) and pg-boss on PostgreSQL (pg-boss-queue.ts).
 */
export interface JobQueue {
  readonly backend: "embedded" | "pg-boss";
  /** Adds work inside the caller's transaction: it exists only if the transaction commits. */
  enqueue(trx: Queryable, request: EnqueueRequest): Promise<string>;
  /** Cancels a subject's pending and running work; its worker learns it at its next heartbeat. */
  cancelSubject(trx: Queryable, subjectId: string, now: string): Promise<void>;
  /** Queued and running work by kind, for /metrics. */
  counts(now: Date): Promise<QueueCount[]>;
  /** Claims the next ready job of a kind for a worker, under a lease of `leaseMs`. */
  claim(kind: string, workerId: string, now: Date, leaseMs: number): Promise<QueueRow | undefined>;
  /** Renews a claim: its status, or null when the worker no longer holds it. */
  renew(row: QueueRow, workerId: string, leaseMs: number): Promise<QueueStatus | null>;
  /** Ends a claim; false when the worker no longer held it. */
  settle(
    row: QueueRow,
    workerId: string,
    outcome: SettleOutcome,
    lastError?: string | null,
  ): Promise<boolean>;
  /**
   * The embedded queue finds claims whose worker died itself (the runner takes them over);
   * a queue with its own monitor (pg-boss) has no such step.
   */
  recovery?: EmbeddedRecovery;
  /**
   * Work the queue gave up on by itself (attempts used up after workers died): the runner
   * marks its subject failed. Undefined when nothing is waiting.
   */
  takeGivenUp?(kind: string): Promise<{ subjectId: string; reason: string } | undefined>;
  /** Calls `wake` when another process queues work of a kind (saves idle workers a poll). */
  listen?(wake: (kind: string) => void): Promise<void>;
  /** Starts the queue's own machinery (pg-boss); the embedded queue has none. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface EmbeddedRecovery {
  abandoned(now: string): Promise<QueueRow[]>;
  running(): Promise<QueueRow[]>;
  takeOver(
    row: QueueRow,
    outcome: "requeue" | "fail",
    now: string,
    reason: string,
  ): Promise<boolean>;
}
