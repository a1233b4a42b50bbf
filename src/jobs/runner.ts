import { hostname } from "node:os";
import type { Logger } from "pino";
import { randomString } from "../domain/ids.ts";
import type { JobHandler } from "./handler.ts";
import type { JobQueue, QueueRow } from "./job-queue.ts";

export interface RunnerOptions {
  queue: JobQueue;
  handlers: readonly JobHandler[];
  logger: Logger;
  /** A claimed job belongs to its worker this long after each heartbeat. */
  leaseMs: number;
  /** How often idle workers look for work queued by other processes. */
  pollMs?: number;
  /** How long `stop` waits for running jobs before handing them back. */
  shutdownGraceMs: number;
}

interface RunningJob {
  row: QueueRow;
  controller: AbortController;
  /** Why the run was aborted, when it was. */
  abortReason?: "cancelled" | "lease-lost" | "shutdown";
  done: Promise<void>;
}

const HOST = hostname();
const BACKOFF_BASE_MS = 2000;

/**
 * Runs queued jobs in this process: for each kind, up to its concurrency at once, each under a
 * lease renewed by heartbeats. On start and every sweep it takes over jobs whose worker died:
 * resumable kinds run again from scratch, the others are marked failed as interrupted. Nothing
 * is left `running` without a live worker behind it.
 */
export class JobRunner {
  readonly workerId = `${HOST}:${process.pid}:${randomString(6)}`;
  readonly #options: RunnerOptions;
  readonly #running = new Map<string, RunningJob>();
  readonly #wakers = new Map<string, () => void>();
  #stopping = false;
  #loops: Promise<void>[] = [];
  #sweepTimer?: NodeJS.Timeout;

  constructor(options: RunnerOptions) {
    this.#options = options;
  }

  get runningCount(): number {
    return this.#running.size;
  }

  async start(): Promise<void> {
    await this.recoverAbandoned();
    // Work queued by other processes wakes idle workers at once where the queue can tell.
    await this.#options.queue.listen?.((kind) => this.wake(kind));
    this.#sweepTimer = setInterval(
      () =>
        void this.recoverAbandoned().catch((error) =>
          this.#options.logger.error({ err: error }, "recovering abandoned jobs failed"),
        ),
      this.#options.leaseMs,
    );
    this.#sweepTimer.unref();
    this.#loops = this.#options.handlers.map((handler) => this.#loop(handler));
  }

  /** Tells idle workers of a kind that work is waiting (saves a poll interval). */
  wake(kind: string): void {
    this.#wakers.get(kind)?.();
  }

  /**
   * Stops this process's run of a subject at once (an archived agent job). Runs in other
   * processes see the cancellation at their next heartbeat.
   */
  cancel(subjectId: string): void {
    for (const job of this.#running.values()) {
      if (job.row.subject_id !== subjectId) continue;
      job.abortReason = "cancelled";
      job.controller.abort(new Error("the job was cancelled"));
    }
  }

  /**
   * Stops claiming, waits up to the grace period for running jobs, then aborts the rest and
   * hands them back: resumable ones to the queue, the others marked interrupted.
   */
  async stop(): Promise<void> {
    if (this.#stopping) return;
    this.#stopping = true;
    clearInterval(this.#sweepTimer);
    for (const wake of this.#wakers.values()) wake();
    const all = () => Promise.allSettled([...this.#running.values()].map((job) => job.done));
    const grace = new Promise<"timeout">((resolve) =>
      setTimeout(() => resolve("timeout"), this.#options.shutdownGraceMs).unref(),
    );
    // A worker in the middle of a claim starts that job before it sees the stop: wait for the
    // workers first, so that every running job is in the list below.
    await Promise.allSettled(this.#loops);
    if ((await Promise.race([all(), grace])) === "timeout") {
      for (const job of this.#running.values()) {
        job.abortReason = "shutdown";
        job.controller.abort(new Error("the process is stopping"));
      }
      await all();
    }
  }

  /**
   * Finds running jobs without a live worker and takes them over (the embedded queue), and
   * marks failed the subjects a queue with its own monitor gave up on (pg-boss).
   */
  async recoverAbandoned(): Promise<void> {
    const { queue, logger } = this.#options;
    if (queue.takeGivenUp) {
      for (const handler of this.#options.handlers) {
        for (
          let given = await queue.takeGivenUp(handler.kind);
          given;
          given = await queue.takeGivenUp(handler.kind)
        ) {
          logger.warn(
            { kind: handler.kind, subject: given.subjectId },
            "the queue gave up on a job: marked failed",
          );
          await handler.giveUp(given.subjectId, given.reason);
        }
      }
    }
    const recovery = queue.recovery;
    if (!recovery) return;
    const now = new Date().toISOString();
    const expired = await recovery.abandoned(now);
    const deadHere = (await recovery.running()).filter((row) =>
      this.#isDeadLocalWorker(row.locked_by),
    );
    const seen = new Set<string>();
    for (const row of [...expired, ...deadHere]) {
      if (seen.has(row.id) || this.#running.has(row.id)) continue;
      seen.add(row.id);
      const handler = this.#handler(row.kind);
      // A kind this process does not run is left to the workers that run it (`quire worker --kinds`).
      if (!handler) continue;
      const again = handler.maxAttempts > 1 && row.attempts < row.max_attempts;
      const reason = "interrupted: the process running this job stopped before it finished";
      if (!(await recovery.takeOver(row, again ? "requeue" : "fail", now, reason))) continue;
      logger.warn(
        { queueJob: row.id, kind: row.kind, subject: row.subject_id, attempts: row.attempts },
        again
          ? "taking over an interrupted job: it runs again"
          : "an interrupted job cannot run again: marked failed",
      );
      if (!again)
        await handler.giveUp(
          row.subject_id,
          row.attempts >= row.max_attempts && row.max_attempts > 1
            ? `${reason} (${row.attempts} attempts)`
            : reason,
        );
      else this.wake(row.kind);
    }
  }

  /** A worker on this host whose process is gone cannot renew its lease: no need to wait for it. */
  #isDeadLocalWorker(workerId: string | null): boolean {
    if (!workerId || workerId === this.workerId) return false;
    const [host, pidText] = workerId.split(":");
    const pid = Number(pidText);
    if (host !== HOST || !Number.isInteger(pid) || pid === process.pid) return false;
    try {
      process.kill(pid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "ESRCH";
    }
  }

  #handler(kind: string): JobHandler | undefined {
    return this.#options.handlers.find((handler) => handler.kind === kind);
  }

  async #loop(handler: JobHandler): Promise<void> {
    const { queue, logger, leaseMs } = this.#options;
    const pollMs = this.#options.pollMs ?? 1000;
    let active = 0;
    let wakeUp: (() => void) | undefined;
    this.#wakers.set(handler.kind, () => wakeUp?.());
    while (!this.#stopping) {
      let claimed: QueueRow | undefined;
      if (active < handler.concurrency) {
        try {
          claimed = await queue.claim(handler.kind, this.workerId, new Date(), leaseMs);
        } catch (error) {
          logger.error({ err: error, kind: handler.kind }, "claiming a job failed");
        }
      }
      if (claimed) {
        active += 1;
        const job = this.#run(handler, claimed);
        void job.finally(() => {
          active -= 1;
          wakeUp?.();
        });
        continue;
      }
      if (this.#stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  }

  #run(handler: JobHandler, row: QueueRow): Promise<void> {
    const { queue, logger, leaseMs } = this.#options;
    const controller = new AbortController();
    const entry: RunningJob = { row, controller, done: Promise.resolve() };
    const log = logger.child({
      queueJob: row.id,
      kind: row.kind,
      subject: row.subject_id,
      attempt: row.attempts,
    });
    const heartbeat = setInterval(
      async () => {
        try {
          const status = await queue.renew(row, this.workerId, leaseMs);
          if (status === "cancelled" || status === null) {
            entry.abortReason = status === "cancelled" ? "cancelled" : "lease-lost";
            controller.abort(
              new Error(
                status === "cancelled" ? "the job was cancelled" : "the job's lease was lost",
              ),
            );
          }
        } catch (error) {
          log.warn({ err: error }, "heartbeat failed");
        }
      },
      Math.max(200, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();

    entry.done = (async () => {
      const started = Date.now();
      log.info("job started");
      try {
        await handler.run({
          subjectId: row.subject_id,
          attempt: row.attempts,
          signal: controller.signal,
        });
        clearInterval(heartbeat);
        await queue.settle(row, this.workerId, { status: "done" });
        log.info({ durationMs: Date.now() - started }, "job finished");
      } catch (error) {
        clearInterval(heartbeat);
        // Nobody awaits this promise's failure: a failing settle or giveUp is logged, not thrown.
        await this.#afterFailure(handler, row, entry, error, log).catch((failure) =>
          log.error({ err: failure }, "recording the job's failure failed"),
        );
      } finally {
        clearInterval(heartbeat);
        this.#running.delete(row.id);
      }
    })();
    this.#running.set(row.id, entry);
    return entry.done;
  }

  async #afterFailure(
    handler: JobHandler,
    row: QueueRow,
    entry: RunningJob,
    error: unknown,
    log: Logger,
  ): Promise<void> {
    const { queue } = this.#options;
    const now = new Date();
    const message = error instanceof Error ? error.message : String(error);
    if (entry.abortReason === "cancelled" || entry.abortReason === "lease-lost") {
      log.info({ reason: entry.abortReason }, "job stopped");
      await queue.settle(row, this.workerId, { status: "failed" }, message).catch(() => {});
      return;
    }
    if (entry.abortReason === "shutdown") {
      const counts = handler.handBackCountsAttempt === true;
      if (handler.maxAttempts > 1 && !(counts && row.attempts >= row.max_attempts)) {
        await queue.settle(
          row,
          this.workerId,
          { status: "queued", runAt: now.toISOString(), countAttempt: counts },
          message,
        );
        log.info("job handed back to the queue: the process is stopping");
      } else {
        await queue.settle(row, this.workerId, { status: "failed" }, message);
        await handler.giveUp(
          row.subject_id,
          "interrupted: the server stopped while the job was running",
        );
      }
      return;
    }
    if (row.attempts < row.max_attempts) {
      const delay = BACKOFF_BASE_MS * 2 ** (row.attempts - 1);
      log.warn({ err: error, retryInMs: delay }, "job failed; it will be retried");
      await queue.settle(
        row,
        this.workerId,
        {
          status: "queued",
          runAt: new Date(now.getTime() + delay).toISOString(),
          countAttempt: true,
        },
        message,
      );
      return;
    }
    log.error({ err: error }, "job failed for good");
    await queue.settle(row, this.workerId, { status: "failed" }, message);
    await handler.giveUp(row.subject_id, message);
  }
}
