import type { Db, Queryable } from "../db/database.ts";
import {
  abandonedRows,
  cancelSubject,
  claimNext,
  countQueue,
  type EnqueueRequest,
  enqueue,
  type QueueCount,
  type QueueRow,
  type QueueStatus,
  renewLease,
  runningRows,
  settle,
  takeOverAbandoned,
} from "../db/queue.ts";

export type { EnqueueRequest, QueueCount, QueueRow, QueueStatus };

/** How a worker ends a run it holds: done, failed for good, or back to the queue. */
export type SettleOutcome =
  | { status: "done" | "failed" }
  | { status: "queued"; runAt: string; countAttempt: boolean };

/**
 * The job queue the services add work to and the runner takes it from. Job state that clients
 * read stays in Quire's own tables; the queue only holds who runs what. Two backends: the
 * embedded one over the `queue_jobs` table (SQLite), and pg-boss on PostgreSQL.
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

/** The embedded queue: rows of `queue_jobs` in Quire's own database (see src/db/queue.ts). */
export function embeddedQueue(db: Db): JobQueue {
  return {
    backend: "embedded",
    enqueue: (trx, request) => enqueue(trx, request),
    cancelSubject: (trx, subjectId, now) => cancelSubject(trx, subjectId, now),
    counts: (now) => countQueue(db, now),
    claim: (kind, workerId, now, leaseMs) => claimNext(db, kind, workerId, now, leaseMs),
    renew: (row, workerId, leaseMs) => {
      const now = Date.now();
      return renewLease(
        db,
        row.id,
        workerId,
        new Date(now + leaseMs).toISOString(),
        new Date(now).toISOString(),
      );
    },
    settle: (row, workerId, outcome, lastError = null) =>
      settle(db, row.id, workerId, outcome, new Date().toISOString(), lastError),
    recovery: {
      abandoned: (now) => abandonedRows(db, now),
      running: () => runningRows(db),
      takeOver: (row, outcome, now, reason) => takeOverAbandoned(db, row, outcome, now, reason),
    },
    start: async () => {},
    close: async () => {},
  };
}
