import type { ChildProcess } from "node:child_process";
import { endProcess, forkWithHeapBudget, whyProcessEnded } from "./budgeted-process.ts";
import { ExportFailedError, type Problem } from "./problems.ts";
import type { SiteValidation, ValidateSiteOptions } from "./validate-site.ts";

/** What validate-process-child.ts sends back, for the validation numbered `id`. */
export type ValidationChildMessage =
  | { id: number; type: "done"; result: SiteValidation }
  | { id: number; type: "failed"; message: string; problems: Problem[] }
  | { id: number; type: "error"; message: string };

interface Pending {
  resolve: (result: SiteValidation) => void;
  reject: (error: unknown) => void;
}

/**
 * Validations in a child process whose heap is `memoryLimitMb`: a repository that would take a
 * validation to gigabytes fails it with a message instead of growing, or ending, the process
 * that asked (an agent job's, which may be the API's). A process rather than a worker thread:
 * V8 may abort the whole process when a thread passes its heap limit (budgeted-process.ts).
 * The process loads the engine once and serves validations one after another until `close()`;
 * one that runs out of memory fails what it was doing and is replaced on the next call.
 * Aborting a validation's signal kills the process at once.
 */
export class ValidationProcess {
  private readonly memoryLimitMb: number;
  private child: ChildProcess | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(memoryLimitMb: number) {
    this.memoryLimitMb = memoryLimitMb;
  }

  validate(options: ValidateSiteOptions): Promise<SiteValidation> {
    // A progress callback stays here: a function cannot cross to the process.
    const { signal, memoryLimitMb: _limit, onPageChecked: _progress, ...data } = options;
    signal?.throwIfAborted();
    const child = this.child ?? this.start();
    const id = this.nextId++;
    return new Promise<SiteValidation>((resolve, reject) => {
      const onAbort = (): void => void this.stop(child, signal?.reason ?? new Error("aborted"));
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
      child.send({ id, options: data });
    });
  }

  /** Ends the process, and waits until it has; validations still running fail. */
  async close(): Promise<void> {
    const child = this.child;
    if (child) await this.stop(child, new Error("the validation process was closed"), "release");
  }

  private start(): ChildProcess {
    const { child, stderrTail } = forkWithHeapBudget(
      new URL("./validate-process-child.ts", import.meta.url),
      this.memoryLimitMb,
    );
    this.child = child;
    child.on("message", (message: ValidationChildMessage) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (message.type === "done") pending.resolve(message.result);
      else if (message.type === "failed")
        pending.reject(new ExportFailedError(message.message, message.problems));
      else pending.reject(new Error(`the validation failed: ${message.message}`));
    });
    child.on("error", (error) => this.stop(child, error));
    // `close` comes after the process's standard error has been read to its end.
    child.on("close", (code, signal) =>
      this.stop(
        child,
        whyProcessEnded("the validation", this.memoryLimitMb, code, signal, stderrTail()),
      ),
    );
    return child;
  }

  /** Fails every validation in flight with `reason`, ends the process, and lets the next call start afresh. */
  private stop(
    child: ChildProcess,
    reason: unknown,
    how: "kill" | "release" = "kill",
  ): Promise<void> {
    if (this.child !== child) return Promise.resolve();
    this.child = undefined;
    for (const pending of this.pending.values()) pending.reject(reason);
    this.pending.clear();
    return endProcess(child, how);
  }
}
