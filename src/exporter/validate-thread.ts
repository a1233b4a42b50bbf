import { Worker } from "node:worker_threads";
import { isOutOfMemory } from "./memory-budget.ts";
import { ExportFailedError, type Problem } from "./problems.ts";
import type { SiteValidation, ValidateSiteOptions } from "./validate-site.ts";

type WorkerMessage =
  | { id: number; type: "done"; result: SiteValidation }
  | { id: number; type: "failed"; message: string; problems: Problem[] }
  | { id: number; type: "error"; message: string };

interface Pending {
  resolve: (result: SiteValidation) => void;
  reject: (error: unknown) => void;
}

/**
 * Validations in a worker thread whose heap is `memoryLimitMb`: a repository that would take a
 * validation to gigabytes fails it with a message instead of growing the process that asked (an
 * agent job's, which may be the API's). The thread loads the engine once and serves validations
 * one after another until `close()`; one that runs out of memory fails what it was doing and is
 * replaced on the next call. Aborting a validation's signal stops the thread at once.
 */
export class ValidationThread {
  private readonly memoryLimitMb: number;
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(memoryLimitMb: number) {
    this.memoryLimitMb = memoryLimitMb;
  }

  validate(options: ValidateSiteOptions): Promise<SiteValidation> {
    // A progress callback stays here: a function cannot cross to the thread.
    const { signal, memoryLimitMb: _limit, onPageChecked: _progress, ...data } = options;
    signal?.throwIfAborted();
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<SiteValidation>((resolve, reject) => {
      const onAbort = (): void => this.stop(worker, signal?.reason ?? new Error("aborted"));
      signal?.addEventListener("abort", onAbort, { once: true });
      this.pending.set(id, {
        resolve: (result) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(result);
        },
        reject: (error) => {
          signal?.removeEventListener("abort", onAbort);
          reject(error);
        },
      });
      worker.postMessage({ id, options: data });
    });
  }

  /** Ends the thread; validations still running fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (worker) this.stop(worker, new Error("the validation thread was closed"));
  }

  private start(): Worker {
    const worker = new Worker(new URL("./validate-thread-worker.ts", import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.memoryLimitMb },
    });
    this.worker = worker;
    worker.on("message", (message: WorkerMessage) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (message.type === "done") pending.resolve(message.result);
      else if (message.type === "failed")
        pending.reject(new ExportFailedError(message.message, message.problems));
      else pending.reject(new Error(`the validation failed: ${message.message}`));
    });
    worker.on("error", (error) =>
      this.stop(
        worker,
        isOutOfMemory(error)
          ? new ExportFailedError(
              `the validation ran out of its memory budget of ${this.memoryLimitMb} MB`,
              [],
              { cause: error },
            )
          : error,
      ),
    );
    worker.on("exit", (code) =>
      this.stop(worker, new Error(`the validation thread stopped (exit code ${code})`)),
    );
    return worker;
  }

  /** Fails every validation in flight with `reason` and lets the next call start afresh. */
  private stop(worker: Worker, reason: unknown): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const pending of this.pending.values()) pending.reject(reason);
    this.pending.clear();
    void worker.terminate();
  }
}
