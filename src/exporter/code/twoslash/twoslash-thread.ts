import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  TWOSLASH_BLOCK_TIME_LIMIT_MS,
  TWOSLASH_MEMORY_MB,
  TWOSLASH_START_TIME_LIMIT_MS,
} from "../../limits.ts";
import type {
  TwoslashBlock,
  TwoslashData,
  TwoslashExtension,
  TwoslashReply,
} from "./twoslash-protocol.ts";

export type TwoslashOutcome = { ok: true; result: TwoslashData } | { ok: false; message: string };

export interface TwoslashThreadLimits {
  blockTimeMs: number;
  startTimeMs: number;
  memoryMb: number;
}

const DEFAULT_LIMITS: TwoslashThreadLimits = {
  blockTimeMs: TWOSLASH_BLOCK_TIME_LIMIT_MS,
  startTimeMs: TWOSLASH_START_TIME_LIMIT_MS,
  memoryMb: TWOSLASH_MEMORY_MB,
};

let started = 0;

/** How many twoslash threads this thread has started: none for a site without twoslash blocks. */
export function twoslashThreadsStarted(): number {
  return started;
}

/**
 * The process that type-checks twoslash blocks, started on the first block and kept for the
 * next ones. It is a child process rather than a worker thread: V8 can end a whole process
 * that runs past a worker's heap limit ("Reached heap limit", seen in the test suite), and a
 * block that needs too much memory must cost only its own checker. Blocks run one at a time,
 * each within a time limit; a block past it, or past the process's memory, stops the process
 * (the next block starts a fresh one) and comes back as a failure, never as an exception. The
 * process never keeps Quire alive while idle, and ends when Quire does (its channel closes).
 */
export class TwoslashThread {
  private readonly limits: TwoslashThreadLimits;
  private child: Promise<ChildProcess> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 0;

  constructor(limits: Partial<TwoslashThreadLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** Type-checks one block: its twoslash result, or why there is none. */
  check(code: string, extension: TwoslashExtension): Promise<TwoslashOutcome> {
    const run = this.queue.then(() => this.checkNow({ id: this.nextId++, code, extension }));
    this.queue = run;
    return run;
  }

  /** Stops the process (a later block starts it again). */
  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    const running = child && (await child.catch(() => undefined));
    if (running) await stop(running);
  }

  private async checkNow(block: TwoslashBlock): Promise<TwoslashOutcome> {
    let child: ChildProcess;
    try {
      this.child ??= this.start();
      child = await this.child;
    } catch (error) {
      this.child = undefined;
      return { ok: false, message: (error as Error).message };
    }
    holdOpen(child, true);
    try {
      return await this.exchange(child, block);
    } finally {
      holdOpen(child, false);
    }
  }

  private start(): Promise<ChildProcess> {
    started += 1;
    const child = fork(fileURLToPath(new URL("./twoslash-worker.ts", import.meta.url)), [], {
      execArgv: [`--max-old-space-size=${this.limits.memoryMb}`],
      serialization: "advanced",
      // V8's report of a heap run out is the failure's message here, not Quire's output.
      stdio: ["ignore", "ignore", "ignore", "ipc"],
    });
    // A process can fail while no block listens (out of memory just after its time ran out,
    // as it is being stopped): the block's outcome is already decided.
    child.on("error", () => {});
    return new Promise<ChildProcess>((resolve, reject) => {
      const fail = (message: string): void => {
        cleanup();
        void stop(child);
        reject(new Error(message));
      };
      const timer = setTimeout(
        () => fail(`TypeScript did not start within ${seconds(this.limits.startTimeMs)}`),
        this.limits.startTimeMs,
      );
      const onMessage = (message: { ready?: boolean }): void => {
        if (!message.ready) return;
        cleanup();
        holdOpen(child, false);
        resolve(child);
      };
      const onError = (error: Error): void => fail(`TypeScript could not start: ${error.message}`);
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
        fail(`TypeScript could not start: ${this.describeExit(code, signal)}`);
      const cleanup = (): void => {
        clearTimeout(timer);
        child.off("message", onMessage).off("error", onError).off("exit", onExit);
      };
      child.on("message", onMessage).on("error", onError).on("exit", onExit);
    });
  }

  /** Sends one block and waits for its reply, its time limit, or the process's end. */
  private exchange(child: ChildProcess, block: TwoslashBlock): Promise<TwoslashOutcome> {
    return new Promise<TwoslashOutcome>((resolve) => {
      const finish = (outcome: TwoslashOutcome, discard: boolean): void => {
        clearTimeout(timer);
        child.off("message", onMessage).off("error", onError).off("exit", onExit);
        if (discard) this.discard(child);
        resolve(outcome);
      };
      const timer = setTimeout(
        () =>
          finish(
            {
              ok: false,
              message: `type-checking took longer than ${seconds(this.limits.blockTimeMs)}`,
            },
            true,
          ),
        this.limits.blockTimeMs,
      );
      const onMessage = (reply: TwoslashReply): void => {
        if (reply.id !== block.id) return;
        finish(reply.ok ? { ok: true, result: reply.result } : reply, false);
      };
      const onError = (error: Error): void => finish({ ok: false, message: error.message }, true);
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
        finish({ ok: false, message: this.describeExit(code, signal) }, true);
      child.on("message", onMessage).on("error", onError).on("exit", onExit);
      child.send(block);
    });
  }

  /** Stops a process that failed or overran, so the next block starts a fresh one. */
  private discard(child: ChildProcess): void {
    void stop(child);
    this.child = undefined;
  }

  /** Why the process ended: V8 aborts one that runs out of its heap. */
  private describeExit(code: number | null, signal: NodeJS.Signals | null): string {
    return signal === "SIGABRT" || code === 134
      ? `type-checking needed more than ${this.limits.memoryMb} MB`
      : "the type-checking process exited";
  }
}

/** Whether the process and its channel keep Quire running: only while a block is out. */
function holdOpen(child: ChildProcess, hold: boolean): void {
  if (hold) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

/**
 * Ends a process and waits until it has. The process is held open meanwhile: an idle one is
 * unreferenced, and a wait on it alone would otherwise let Node end before its exit arrives (at
 * the end of an export, `quire export` then quit with status 13 and no output).
 */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  holdOpen(child, true);
  child.kill("SIGKILL");
  await ended;
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

/** Whatever type-checks this thread's twoslash blocks: a thread of its own, or its parent's. */
export interface TwoslashChecker {
  check(code: string, extension: TwoslashExtension): Promise<TwoslashOutcome>;
}

let shared: TwoslashThread | undefined;
let checker: TwoslashChecker | undefined;

/** This thread's twoslash thread, created on first use. */
export function sharedTwoslashThread(): TwoslashThread {
  shared ??= new TwoslashThread();
  return shared;
}

/**
 * Sends this thread's twoslash blocks elsewhere: a render worker hands them to the thread that
 * runs the export, so that one export has one type-checking thread, whatever its render threads.
 */
export function useTwoslashChecker(next: TwoslashChecker): void {
  checker = next;
}

/** What checks this thread's blocks: the one given, or this thread's own twoslash thread. */
export function twoslashChecker(): TwoslashChecker {
  return checker ?? sharedTwoslashThread();
}

/** Stops this thread's twoslash thread, if it was started (at the end of an export). */
export async function closeSharedTwoslashThread(): Promise<void> {
  await shared?.close();
}
