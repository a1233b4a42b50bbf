import { randomString } from "../domain/ids.ts";
import type { Db, Queryable } from "./database.ts";
import type { QueueJobsTable } from "./schema.ts";

/**
 * The durable job queue over the `queue_jobs` table. A row is `queued`, then `running` under
 * a lease that its worker renews with heartbeats, then `done`, `failed` or `cancelled`. A
 * running row whose lease ran out belongs to a worker that died: `expiredLeases` finds it.
 */
export type QueueStatus = "queued" | "running" | "done" | "failed" | "cancelled";
export type QueueRow = QueueJobsTable;

export interface EnqueueRequest {
  kind: string;
  subjectId: string;
  maxAttempts: number;
  now: string;
  /** A pending row with the same key is returned instead of adding another. */
  jobKey?: string;
}

export async function enqueue(db: Queryable, request: EnqueueRequest): Promise<string> {
  if (request.jobKey) {
    const pending = await db
      .selectFrom("queue_jobs")
      .select("id")
      .where("job_key", "=", request.jobKey)
      .where("status", "in", ["queued", "running"])
      .executeTakeFirst();
    if (pending) return pending.id;
  }
  const id = `q_${randomString(20).toLowerCase()}`;
  await db
    .insertInto("queue_jobs")
    .values({
      id,
      kind: request.kind,
      subject_id: request.subjectId,
      job_key: request.jobKey ?? null,
      status: "queued",
      attempts: 0,
      max_attempts: request.maxAttempts,
      run_at: request.now,
      locked_by: null,
      lease_expires_at: null,
      last_error: null,
      created_at: request.now,
      updated_at: request.now,
    })
    .execute();
  return id;
}

/** Claims the oldest ready row of a kind for a worker; the transaction makes it one worker's. */
export async function claimNext(
  db: Db,
  kind: string,
  workerId: string,
  now: Date,
  leaseMs: number,
): Promise<QueueRow | undefined> {
  const nowText = now.toISOString();
  // Idle workers ask every second: an empty queue costs a read, not the write lock.
  const ready = await db
    .selectFrom("queue_jobs")
    .select("id")
    .where("status", "=", "queued")
    .where("kind", "=", kind)
    .where("run_at", "<=", nowText)
    .limit(1)
    .executeTakeFirst();
  if (!ready) return undefined;
  return db.transaction().execute(async (trx) => {
    const next = await trx
      .selectFrom("queue_jobs")
      .select("id")
      .where("status", "=", "queued")
      .where("kind", "=", kind)
      .where("run_at", "<=", nowText)
      .orderBy("run_at")
      .orderBy("created_at")
      .limit(1)
      .executeTakeFirst();
    if (!next) return undefined;
    await trx
      .updateTable("queue_jobs")
      .set((eb) => ({
        status: "running",
        locked_by: workerId,
        lease_expires_at: new Date(now.getTime() + leaseMs).toISOString(),
        attempts: eb("attempts", "+", 1),
        updated_at: nowText,
      }))
      .where("id", "=", next.id)
      .where("status", "=", "queued")
      .execute();
    return trx.selectFrom("queue_jobs").selectAll().where("id", "=", next.id).executeTakeFirst();
  });
}

/**
 * Renews a worker's lease. Returns the row's status, or null when the worker no longer holds
 * it (another worker took it over): either way the worker learns it must stop.
 */
export async function renewLease(
  db: Queryable,
  id: string,
  workerId: string,
  leaseExpiresAt: string,
  now: string,
): Promise<QueueStatus | null> {
  await db
    .updateTable("queue_jobs")
    .set({ lease_expires_at: leaseExpiresAt, updated_at: now })
    .where("id", "=", id)
    .where("locked_by", "=", workerId)
    .where("status", "=", "running")
    .execute();
  const row = await db
    .selectFrom("queue_jobs")
    .select(["status", "locked_by"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || row.locked_by !== workerId) return null;
  return row.status as QueueStatus;
}

/** Ends a row a worker holds: done, failed, or back to the queue (`queued` at `runAt`). */
export async function settle(
  db: Queryable,
  id: string,
  workerId: string,
  outcome:
    | { status: "done" | "failed" }
    | { status: "queued"; runAt: string; countAttempt: boolean },
  now: string,
  lastError: string | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable("queue_jobs")
    .set((eb) => ({
      status: outcome.status,
      locked_by: null,
      lease_expires_at: null,
      last_error: lastError,
      updated_at: now,
      run_at: outcome.status === "queued" ? outcome.runAt : eb.ref("run_at"),
      attempts:
        outcome.status === "queued" && !outcome.countAttempt
          ? eb("attempts", "-", 1)
          : eb.ref("attempts"),
    }))
    .where("id", "=", id)
    .where("locked_by", "=", workerId)
    .where("status", "=", "running")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Cancels the pending work of a subject (an archived agent job); its worker sees it at its next heartbeat. */
export async function cancelSubject(db: Queryable, subjectId: string, now: string): Promise<void> {
  await db
    .updateTable("queue_jobs")
    .set({ status: "cancelled", updated_at: now })
    .where("subject_id", "=", subjectId)
    .where("status", "in", ["queued", "running"])
    .execute();
}

/** Running rows whose lease ran out: their worker died or lost touch. */
export async function abandonedRows(db: Queryable, now: string): Promise<QueueRow[]> {
  return db
    .selectFrom("queue_jobs")
    .selectAll()
    .where("status", "=", "running")
    .where("lease_expires_at", "<", now)
    .execute();
}

export async function runningRows(db: Queryable): Promise<QueueRow[]> {
  return db.selectFrom("queue_jobs").selectAll().where("status", "=", "running").execute();
}

/**
 * Takes over an abandoned row: back to the queue for another attempt, or `failed` when it
 * may not run again. Guarded by the old owner, so two processes recovering at once agree.
 */
export async function takeOverAbandoned(
  db: Queryable,
  row: QueueRow,
  outcome: "requeue" | "fail",
  now: string,
  reason: string,
): Promise<boolean> {
  let update = db
    .updateTable("queue_jobs")
    .set({
      status: outcome === "requeue" ? "queued" : "failed",
      locked_by: null,
      lease_expires_at: null,
      last_error: reason,
      run_at: now,
      updated_at: now,
    })
    .where("id", "=", row.id)
    .where("status", "=", "running");
  update =
    row.locked_by === null
      ? update.where("locked_by", "is", null)
      : update.where("locked_by", "=", row.locked_by);
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface QueueCount {
  kind: string;
  status: string;
  count: number;
  /** Seconds since the oldest row of this kind and status was created. */
  oldestAgeSeconds: number;
}

export async function countQueue(db: Queryable, now: Date): Promise<QueueCount[]> {
  const rows = await db
    .selectFrom("queue_jobs")
    .select((eb) => [
      "kind",
      "status",
      eb.fn.countAll<number | string>().as("count"),
      eb.fn.min("created_at").as("oldest"),
    ])
    .where("status", "in", ["queued", "running"])
    .groupBy(["kind", "status"])
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    status: row.status,
    count: Number(row.count),
    oldestAgeSeconds: row.oldest ? Math.max(0, (now.getTime() - Date.parse(row.oldest)) / 1000) : 0,
  }));
}
