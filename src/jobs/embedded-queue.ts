import type { Db } from "../db/database.ts";
import {
  abandonedRows,
  cancelSubject,
  claimNext,
  countQueue,
  enqueue,
  renewLease,
  runningRows,
  settle,
  takeOverAbandoned,
} from "../db/queue.ts";
import type { JobQueue } from "./job-queue.ts";

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
