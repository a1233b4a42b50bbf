import { Worker } from "node:worker_threads";
import {
  TWOSLASH_BLOCK_TIME_LIMIT_MS,
  TWOSLASH_MEMORY_MB,
  TWOSLASH_START_TIME_LIMIT_MS,
} from "../../limits.ts";
import { isOutOfMemory } from "../../memory-budget.ts";
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
 * The thread that type-checks twoslash blocks, started on the first block and kept for the
 * next ones. Blocks run one at a time, each within a time limit; a block past it, or past the
 * thread's memory, stops the thread (the next block starts a fresh one) and comes back as a
 * failure, never as an exception. The thread never keeps the process alive while idle.
 */
export class TwoslashThread {
  private readonly limits: TwoslashThreadLimits;
  private worker: Promise<Worker> | undefined;
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

  /** Stops the thread (a later block starts it again). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker.catch(() => undefined))?.terminate();
  }

  private async checkNow(block: TwoslashBlock): Promise<TwoslashOutcome> {
    let worker: Worker;
    try {
      this.worker ??= this.start();
      worker = await this.worker;
    } catch (error) {
      this.worker = undefined;
      return { ok: false, message: (error as Error).message };
    }
    worker.ref();
    try {
      return await this.exchange(worker, block);
    } finally {
      worker.unref();
    }
  }

  private start(): Promise<Worker> {
    started += 1;
    const worker = new Worker(new URL("./twoslash-worker.ts", import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
    });
    // A thread can fail while no block listens (out of memory just after its time ran out, as
    // it is being stopped): the block's outcome is already decided, and the error must not
    // reach the process as an unhandled one.
    worker.on("error", () => {});
    return new Promise<Worker>((resolve, reject) => {
      const fail = (message: string): void => {
        cleanup();
        void worker.terminate();
        reject(new Error(message));
      };
      const timer = setTimeout(
        () => fail(`TypeScript did not start within ${seconds(this.limits.startTimeMs)}`),
        this.limits.startTimeMs,
      );
      const onMessage = (message: { ready?: boolean }): void => {
        if (!message.ready) return;
        cleanup();
        worker.unref();
        resolve(worker);
      };
      const onError = (error: Error): void =>
        fail(`TypeScript could not start: ${this.describeCrash(error)}`);
      const onExit = (): void => fail("TypeScript could not start: its thread exited");
      const cleanup = (): void => {
        clearTimeout(timer);
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      };
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    });
  }

  /** Sends one block and waits for its reply, its time limit, or the thread's end. */
  private exchange(worker: Worker, block: TwoslashBlock): Promise<TwoslashOutcome> {
    return new Promise<TwoslashOutcome>((resolve) => {
      const finish = (outcome: TwoslashOutcome, stop: boolean): void => {
        clearTimeout(timer);
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
        if (stop) this.discard(worker);
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
      const onError = (error: Error): void =>
        finish({ ok: false, message: this.describeCrash(error) }, true);
      const onExit = (): void =>
        finish({ ok: false, message: "the type-checking thread exited" }, true);
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
      worker.postMessage(block);
    });
  }

  /** Stops a thread that failed or overran, so the next block starts a fresh one. */
  private discard(worker: Worker): void {
    void worker.terminate();
    this.worker = undefined;
  }

  private describeCrash(error: Error): string {
    return isOutOfMemory(error)
      ? `type-checking needed more than ${this.limits.memoryMb} MB`
      : error.message;
  }
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
