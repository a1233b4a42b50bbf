import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { hostname } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { type Db, openDatabase, type QuireDatabase } from "../../src/db/database.ts";
import {
  cancelSubject,
  claimNext,
  enqueue,
  type QueueRow,
  runningRows,
} from "../../src/db/queue.ts";
import {
  embeddedQueue,
  type JobContext,
  type JobHandler,
  JobRunner,
} from "../../src/jobs/index.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const LEASE_MS = 600;
const POLL_MS = 25;
const logger = pino({ level: process.env.RUNNER_LOG ?? "silent" });

const runners: JobRunner[] = [];
const databases: QuireDatabase[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  while (children.length > 0) {
    const child = children.pop() as ChildProcess;
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  while (runners.length > 0) await (runners.pop() as JobRunner).stop();
  while (databases.length > 0) await (databases.pop() as QuireDatabase).close();
});

/**
 * A real SQLite file in a temporary folder. Runners in this process share its one connection,
 * as in `quire api`: two connections in one thread would wait on each other's write lock.
 */
async function openQueue(): Promise<{ db: Db; dir: string }> {
  const dir = makeTempDir();
  const database = await openDatabase(undefined, dir);
  databases.push(database);
  return { db: database.db, dir };
}

function newRunner(
  db: Db,
  handlers: JobHandler[],
  options: { leaseMs?: number; shutdownGraceMs?: number } = {},
): JobRunner {
  const runner = new JobRunner({
    queue: embeddedQueue(db),
    handlers,
    logger,
    leaseMs: options.leaseMs ?? LEASE_MS,
    pollMs: POLL_MS,
    shutdownGraceMs: options.shutdownGraceMs ?? 2000,
  });
  runners.push(runner);
  return runner;
}

interface TestHandler extends JobHandler {
  runs: { subjectId: string; attempt: number }[];
  givenUp: { subjectId: string; reason: string }[];
}

/** A handler of the runner's interface that records its runs and the subjects it gave up on. */
function testHandler(options: {
  kind?: string;
  concurrency?: number;
  maxAttempts: number;
  run?: (context: JobContext) => Promise<void>;
}): TestHandler {
  const handler: TestHandler = {
    kind: options.kind ?? "export",
    concurrency: options.concurrency ?? 1,
    maxAttempts: options.maxAttempts,
    runs: [],
    givenUp: [],
    async run(context) {
      handler.runs.push({ subjectId: context.subjectId, attempt: context.attempt });
      await options.run?.(context);
    },
    async giveUp(subjectId, reason) {
      handler.givenUp.push({ subjectId, reason });
    },
  };
  return handler;
}

/** Polls until `check` holds, or fails after `timeoutMs`. */
async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000, what = "the condition") {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** Work that only ends when its signal aborts (or after a long time, to keep a broken test finite). */
function untilAborted(signal: AbortSignal): Promise<void> {
  return sleep(15_000, signal);
}

async function add(
  db: Db,
  subjectId: string,
  maxAttempts: number,
  kind = "export",
): Promise<string> {
  return enqueue(db, { kind, subjectId, maxAttempts, now: new Date().toISOString() });
}

async function row(db: Db, id: string): Promise<QueueRow> {
  return db.selectFrom("queue_jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function statusOf(db: Db, id: string): Promise<string> {
  return (await row(db, id)).status;
}

function waitForStatus(db: Db, id: string, status: string, timeoutMs = 5000): Promise<void> {
  return waitFor(
    async () => (await statusOf(db, id)) === status,
    timeoutMs,
    `queue row ${id} to be ${status}`,
  );
}

/** Claims a row as another worker would, with its lease ending `leaseEndsInMs` from now. */
async function claimAs(db: Db, kind: string, workerId: string, leaseEndsInMs: number) {
  const claimed = await claimNext(db, kind, workerId, new Date(), leaseEndsInMs);
  if (!claimed) throw new Error("nothing to claim");
  return claimed;
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  if (!child.pid) throw new Error("could not start a child process");
  return child.pid;
}

/**
 * A JobRunner in another Node process over the same SQLite file (a second `quire worker`): its
 * handler of kind "export" reports each run on stdout. `stop` closes its stdin, on which it
 * stops its runner and exits, and returns the runs it made.
 */
function startChildRunner(
  dir: string,
  options: { concurrency: number; jobMs: number; leaseMs?: number },
) {
  const source = `
    import pino from "pino";
    import { openDatabase } from ${JSON.stringify(pathToFileURL(path.resolve("src/db/database.ts")).href)};
    import { JobRunner } from ${JSON.stringify(pathToFileURL(path.resolve("src/jobs/runner.ts")).href)};
    import { embeddedQueue } from ${JSON.stringify(pathToFileURL(path.resolve("src/jobs/embedded-queue.ts")).href)};
    const database = await openDatabase(undefined, process.env.QUEUE_DIR);
    const runner = new JobRunner({
      queue: embeddedQueue(database.db),
      handlers: [{
        kind: "export",
        concurrency: ${options.concurrency},
        maxAttempts: 3,
        async run({ subjectId, attempt }) {
          process.stdout.write(JSON.stringify({ subjectId, attempt }) + "\\n");
          await new Promise((resolve) => setTimeout(resolve, ${options.jobMs}));
        },
        async giveUp() {},
      }],
      logger: pino({ level: "silent" }),
      leaseMs: ${options.leaseMs ?? LEASE_MS},
      pollMs: ${POLL_MS},
      shutdownGraceMs: 2000,
    });
    await runner.start();
    process.stdout.write("ready\\n");
    process.stdin.on("end", async () => {
      await runner.stop();
      await database.close();
    });
    process.stdin.resume();
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", source], {
    cwd: process.cwd(),
    env: { ...process.env, QUEUE_DIR: dir },
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const ready = waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the child runner exited: ${stderr}`);
      return stdout.startsWith("ready\n");
    },
    10_000,
    "the child runner",
  );
  return {
    ready,
    /** Ends the process at once, as a crash or `kill -9` would. */
    async kill(): Promise<void> {
      child.kill("SIGKILL");
      await exited;
    },
    runs: () => stdout.split("\n").filter((line) => line.startsWith("{")).length,
    async stop(): Promise<{ subjectId: string; attempt: number }[]> {
      child.stdin.end();
      const code = await exited;
      expect(code, stderr).toBe(0);
      return stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line));
    },
  };
}

async function expectNothingRunning(db: Db): Promise<void> {
  expect(await runningRows(db)).toEqual([]);
}

describe("JobRunner", () => {
  it("runs each queued job exactly once when runners in two processes on the same database file compete for it", async () => {
    const { db, dir } = await openQueue();
    const child = startChildRunner(dir, { concurrency: 2, jobMs: 40 });
    await child.ready;
    const here = testHandler({ concurrency: 2, maxAttempts: 3, run: async () => sleep(40) });
    const runner = newRunner(db, [here]);
    await runner.start();

    const ids: string[] = [];
    for (let index = 0; index < 20; index++) ids.push(await add(db, `exp_${index}`, 3));
    runner.wake("export");
    await waitFor(
      async () => {
        const statuses = await db.selectFrom("queue_jobs").select("status").execute();
        return statuses.every((entry) => entry.status === "done");
      },
      10_000,
      "every job to be done",
    );
    const childRuns = await child.stop();

    const subjects = [...here.runs, ...childRuns].map((run) => run.subjectId).sort();
    expect(subjects).toEqual(ids.map((_, index) => `exp_${index}`).sort());
    expect(here.runs.length).toBeGreaterThan(0);
    expect(childRuns.length).toBeGreaterThan(0);
    for (const id of ids) expect((await row(db, id)).attempts).toBe(1);
    await runner.stop();
    await expectNothingRunning(db);
  });

  it("never runs more jobs of a kind at once than that kind's concurrency", async () => {
    const { db } = await openQueue();
    const active = new Map<string, number>();
    const peak = new Map<string, number>();
    const tracked = (kind: string) => async () => {
      const now = (active.get(kind) ?? 0) + 1;
      active.set(kind, now);
      peak.set(kind, Math.max(peak.get(kind) ?? 0, now));
      await sleep(40);
      active.set(kind, (active.get(kind) ?? 0) - 1);
    };
    const exports = testHandler({
      kind: "export",
      concurrency: 3,
      maxAttempts: 3,
      run: tracked("export"),
    });
    const agents = testHandler({
      kind: "agent",
      concurrency: 1,
      maxAttempts: 1,
      run: tracked("agent"),
    });
    for (let index = 0; index < 9; index++) await add(db, `exp_${index}`, 3, "export");
    for (let index = 0; index < 4; index++) await add(db, `job_${index}`, 1, "agent");
    const runner = newRunner(db, [exports, agents]);

    await runner.start();
    await waitFor(
      async () =>
        exports.runs.length === 9 && agents.runs.length === 4 && runner.runningCount === 0,
      10_000,
      "all jobs to run",
    );

    expect(peak.get("export")).toBe(3);
    expect(peak.get("agent")).toBe(1);
    await runner.stop();
    await expectNothingRunning(db);
  });

  it("retries a throwing handler with growing back-off until maxAttempts, then gives up with the error message", async () => {
    const { db } = await openQueue();
    const handler = testHandler({
      maxAttempts: 3,
      run: async ({ attempt }) => {
        throw new Error(`the build broke (attempt ${attempt})`);
      },
    });
    const id = await add(db, "exp_retry", 3);
    const runner = newRunner(db, [handler]);
    await runner.start();

    const delays: number[] = [];
    for (const attempt of [1, 2]) {
      await waitFor(async () => {
        const current = await row(db, id);
        return current.status === "queued" && current.attempts === attempt;
      });
      const current = await row(db, id);
      expect(current.last_error).toBe(`the build broke (attempt ${attempt})`);
      delays.push(Date.parse(current.run_at) - Date.parse(current.updated_at));
      expect(handler.givenUp).toEqual([]);
      // Skip the back-off wait: the row becomes ready now.
      await db
        .updateTable("queue_jobs")
        .set({ run_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
      runner.wake("export");
    }
    await waitForStatus(db, id, "failed");

    const [first = 0, second] = delays;
    expect(first).toBeGreaterThanOrEqual(1000);
    // Doubled; the row's two timestamps may be read a few milliseconds apart.
    expect(Math.abs((second ?? 0) - first * 2)).toBeLessThanOrEqual(50);
    expect(handler.runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
    expect(handler.givenUp).toEqual([
      { subjectId: "exp_retry", reason: "the build broke (attempt 3)" },
    ]);
    const final = await row(db, id);
    expect(final.attempts).toBe(3);
    expect(final.last_error).toBe("the build broke (attempt 3)");
    await runner.stop();
    await expectNothingRunning(db);
  });

  it("on start, requeues and reruns a job whose worker's lease expired when its kind may run again", async () => {
    const { db } = await openQueue();
    const id = await add(db, "exp_resume", 3);
    await claimAs(db, "export", "elsewhere:4242:gone", -1000);
    const handler = testHandler({ maxAttempts: 3 });
    const runner = newRunner(db, [handler]);

    await runner.start();
    await waitForStatus(db, id, "done");

    expect(handler.runs).toEqual([{ subjectId: "exp_resume", attempt: 2 }]);
    expect(handler.givenUp).toEqual([]);
    await runner.stop();
    await expectNothingRunning(db);
  });

  it("on start, marks a job whose worker's lease expired as failed with an interrupted reason when its kind runs only once", async () => {
    const { db } = await openQueue();
    const id = await add(db, "job_agent", 1, "agent");
    await claimAs(db, "agent", "elsewhere:4242:gone", -1000);
    const handler = testHandler({ kind: "agent", maxAttempts: 1 });
    const runner = newRunner(db, [handler]);

    await runner.start();

    expect(await statusOf(db, id)).toBe("failed");
    expect((await row(db, id)).last_error).toMatch(/interrupted/);
    expect(handler.runs).toEqual([]);
    expect(handler.givenUp).toHaveLength(1);
    expect(handler.givenUp[0]?.subjectId).toBe("job_agent");
    expect(handler.givenUp[0]?.reason).toMatch(/interrupted/);
    await runner.stop();
    await expectNothingRunning(db);
  });

  it("gives up on an interrupted job that already used all its attempts instead of running it again", async () => {
    const { db } = await openQueue();
    const id = await add(db, "exp_spent", 1);
    await db.updateTable("queue_jobs").set({ max_attempts: 1 }).where("id", "=", id).execute();
    await claimAs(db, "export", "elsewhere:4242:gone", -1000);
    const handler = testHandler({ maxAttempts: 3 });
    const runner = newRunner(db, [handler]);

    await runner.start();

    expect(await statusOf(db, id)).toBe("failed");
    expect(handler.runs).toEqual([]);
    expect(handler.givenUp.map((entry) => entry.reason)).toEqual([
      expect.stringMatching(/interrupted/),
    ]);
    await runner.stop();
    await expectNothingRunning(db);
  });

  it("takes over at once, without waiting for the lease, a job held by a worker on this host whose process is dead", async () => {
    const { db } = await openQueue();
    const resumable = await add(db, "exp_dead", 3);
    await claimAs(db, "export", `${hostname()}:${deadPid()}:x`, 60_000);
    const once = await add(db, "job_dead", 1, "agent");
    await claimAs(db, "agent", `${hostname()}:${deadPid()}:y`, 60_000);
    const exports = testHandler({ maxAttempts: 3 });
    const agents = testHandler({ kind: "agent", maxAttempts: 1 });
    const runner = newRunner(db, [exports, agents]);

    const started = Date.now();
    await runner.start();
    await waitForStatus(db, resumable, "done");

    expect(Date.now() - started).toBeLessThan(5000);
    expect(exports.runs).toEqual([{ subjectId: "exp_dead", attempt: 2 }]);
    expect(await statusOf(db, once)).toBe("failed");
    expect(agents.runs).toEqual([]);
    expect(agents.givenUp.map((entry) => entry.reason)).toEqual([
      expect.stringMatching(/interrupted/),
    ]);
    await runner.stop();
    await expectNothingRunning(db);
  });

  it("reruns at once the job of a runner whose process was killed mid-job on this host", async () => {
    const { db, dir } = await openQueue();
    const child = startChildRunner(dir, { concurrency: 1, jobMs: 30_000, leaseMs: 60_000 });
    await child.ready;
    const id = await add(db, "exp_crash", 3);
    await waitFor(async () => child.runs() === 1, 5000, "the child to start the job");
    // Its lease runs for another minute: only the dead process gives the job away.
    expect(Date.parse((await row(db, id)).lease_expires_at ?? "")).toBeGreaterThan(
      Date.now() + 30_000,
    );

    await child.kill();
    const handler = testHandler({ maxAttempts: 3 });
    const runner = newRunner(db, [handler], { leaseMs: 60_000 });
    await runner.start();
    await waitForStatus(db, id, "done", 2000);

    expect(handler.runs).toEqual([{ subjectId: "exp_crash", attempt: 2 }]);
    await runner.stop();
    await expectNothingRunning(db);
  });

  it("leaves alone a job held by a live worker whose lease has not expired", async () => {
    const { db } = await openQueue();
    const id = await add(db, "exp_alive", 3);
    // The parent of this test process is alive for as long as the test runs.
    await claimAs(db, "export", `${hostname()}:${process.ppid}:z`, 60_000);
    const handler = testHandler({ maxAttempts: 3 });
    const runner = newRunner(db, [handler]);

    await runner.start();
    await sleep(LEASE_MS + 200);

    expect(await statusOf(db, id)).toBe("running");
    expect((await row(db, id)).locked_by).toBe(`${hostname()}:${process.ppid}:z`);
    expect(handler.runs).toEqual([]);
    await runner.stop();
  });

  it("takes over, while running, a job whose lease expires because its worker stopped heartbeating", async () => {
    const { db } = await openQueue();
    const id = await add(db, "exp_later", 3);
    await claimAs(db, "export", "elsewhere:4242:silent", 300);
    const handler = testHandler({ maxAttempts: 3 });
    const runner = newRunner(db, [handler]);
    await runner.start();
    expect(await statusOf(db, id)).toBe("running");

    await waitForStatus(db, id, "done", 5000);

    expect(handler.runs).toEqual([{ subjectId: "exp_later", attempt: 2 }]);
    await runner.stop();
    await expectNothingRunning(db);
  });

  it("keeps a long job's lease alive with heartbeats so that no other runner takes it over", async () => {
    const { db } = await openQueue();
    const id = await add(db, "exp_long", 3);
    const handler = testHandler({ maxAttempts: 3, run: async () => sleep(LEASE_MS * 3) });
    const runner = newRunner(db, [handler]);
    await runner.start();
    await waitForStatus(db, id, "running");
    // A second runner sweeping for abandoned rows every lease period.
    const watcher = newRunner(db, [testHandler({ maxAttempts: 3 })]);
    await watcher.start();

    await waitForStatus(db, id, "done", 5000);

    expect(handler.runs).toEqual([{ subjectId: "exp_long", attempt: 1 }]);
    expect((await row(db, id)).attempts).toBe(1);
    await runner.stop();
    await watcher.stop();
    await expectNothingRunning(db);
  });

  it("stop() stops taking work and waits for a running job that finishes within the grace period", async () => {
    const { db } = await openQueue();
    let aborted = false;
    const handler = testHandler({
      maxAttempts: 3,
      run: async ({ signal }) => {
        await sleep(300);
        aborted = signal.aborted;
      },
    });
    const id = await add(db, "exp_finish", 3);
    const runner = newRunner(db, [handler], { shutdownGraceMs: 3000 });
    await runner.start();
    await waitFor(async () => handler.runs.length === 1);

    await runner.stop();

    expect(aborted).toBe(false);
    expect(await statusOf(db, id)).toBe("done");
    const later = await add(db, "exp_after_stop", 3);
    runner.wake("export");
    await sleep(POLL_MS * 4);
    expect(await statusOf(db, later)).toBe("queued");
    expect(handler.runs).toHaveLength(1);
    await expectNothingRunning(db);
  });

  it("stop() aborts a job that outlives the grace period and hands it back to the queue without counting the attempt", async () => {
    const { db } = await openQueue();
    let reason: unknown;
    const handler = testHandler({
      maxAttempts: 3,
      run: async ({ signal }) => {
        try {
          await untilAborted(signal);
        } finally {
          reason = signal.reason;
        }
      },
    });
    const id = await add(db, "exp_slow", 3);
    const runner = newRunner(db, [handler], { shutdownGraceMs: 200 });
    await runner.start();
    await waitFor(async () => handler.runs.length === 1);

    const stopping = Date.now();
    await runner.stop();

    expect(Date.now() - stopping).toBeLessThan(2000);
    expect(reason).toBeInstanceOf(Error);
    const handedBack = await row(db, id);
    expect(handedBack.status).toBe("queued");
    expect(handedBack.attempts).toBe(0);
    expect(handedBack.locked_by).toBeNull();
    expect(handedBack.lease_expires_at).toBeNull();
    expect(handler.givenUp).toEqual([]);
    await expectNothingRunning(db);

    // The next process picks it up as if it had never started.
    const next = testHandler({ maxAttempts: 3 });
    await newRunner(db, [next]).start();
    await waitForStatus(db, id, "done");
    expect(next.runs).toEqual([{ subjectId: "exp_slow", attempt: 1 }]);
  });

  it("stop() aborts a run-once job that outlives the grace period and fails it as interrupted", async () => {
    const { db } = await openQueue();
    const handler = testHandler({
      kind: "agent",
      maxAttempts: 1,
      run: async ({ signal }) => untilAborted(signal),
    });
    const id = await add(db, "job_slow", 1, "agent");
    const runner = newRunner(db, [handler], { shutdownGraceMs: 200 });
    await runner.start();
    await waitFor(async () => handler.runs.length === 1);

    await runner.stop();

    expect(await statusOf(db, id)).toBe("failed");
    expect(handler.givenUp).toHaveLength(1);
    expect(handler.givenUp[0]?.subjectId).toBe("job_slow");
    expect(handler.givenUp[0]?.reason).toMatch(/interrupted/);
    await expectNothingRunning(db);
  });

  it("stop() returns only after settling a job that a worker was claiming at the moment stop() was called", async () => {
    const { db } = await openQueue();
    // Call stop() after every possible number of microtask turns into a worker's claim.
    for (let turns = 0; turns < 60; turns++) {
      const handler = testHandler({ maxAttempts: 3, run: async () => sleep(5) });
      const runner = newRunner(db, [handler]);
      await runner.start();
      const id = await add(db, `exp_race_${turns}`, 3);
      runner.wake("export");
      for (let turn = 0; turn < turns; turn++) await null;

      await runner.stop();

      expect(runner.runningCount, `stop() after ${turns} turns`).toBe(0);
      expect(await statusOf(db, id), `stop() after ${turns} turns`).toMatch(/^(queued|done)$/);
      await db.deleteFrom("queue_jobs").where("id", "=", id).execute();
    }
    await expectNothingRunning(db);
  });

  it("survives a handler whose giveUp fails: the row is still failed and the runner goes on", async () => {
    const { db } = await openQueue();
    const handler = testHandler({
      maxAttempts: 1,
      run: async ({ subjectId }) => {
        if (subjectId === "exp_broken") throw new Error("the build broke");
      },
    });
    handler.giveUp = async () => {
      throw new Error("the database is unavailable");
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const broken = await add(db, "exp_broken", 1);
      const runner = newRunner(db, [handler]);
      await runner.start();
      await waitForStatus(db, broken, "failed");
      const next = await add(db, "exp_next", 1);
      runner.wake("export");
      await waitForStatus(db, next, "done");
      await runner.stop();
      await sleep(10);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }

    expect(unhandled).toEqual([]);
    await expectNothingRunning(db);
  });

  it("aborts a running job's signal at its next heartbeat once its subject is cancelled", async () => {
    const { db } = await openQueue();
    let abortedAt = 0;
    const handler = testHandler({
      kind: "agent",
      maxAttempts: 1,
      run: async ({ signal }) => {
        try {
          await untilAborted(signal);
        } finally {
          abortedAt = Date.now();
        }
      },
    });
    const id = await add(db, "job_archived", 1, "agent");
    const runner = newRunner(db, [handler]);
    await runner.start();
    await waitFor(async () => handler.runs.length === 1);

    const cancelledAt = Date.now();
    await cancelSubject(db, "job_archived", new Date().toISOString());
    await waitFor(async () => abortedAt > 0 && runner.runningCount === 0, 3000, "the abort");

    expect(abortedAt - cancelledAt).toBeLessThan(LEASE_MS + 200);
    expect(await statusOf(db, id)).toBe("cancelled");
    expect(handler.givenUp).toEqual([]);
    await runner.stop();
    await expectNothingRunning(db);
  });

  it("does not start a job whose subject was cancelled while it waited in the queue", async () => {
    const { db } = await openQueue();
    const id = await add(db, "job_never", 1, "agent");
    await cancelSubject(db, "job_never", new Date().toISOString());
    const handler = testHandler({ kind: "agent", maxAttempts: 1 });
    const runner = newRunner(db, [handler]);

    await runner.start();
    await sleep(POLL_MS * 4);

    expect(handler.runs).toEqual([]);
    expect(await statusOf(db, id)).toBe("cancelled");
    await runner.stop();
  });
});
