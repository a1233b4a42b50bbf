import assert from "node:assert";
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { memoryBudgetExceeded } from "./memory-budget.ts";

/** How much of the process's standard error is kept to tell why it ended. */
const STDERR_TAIL_CHARS = 16 * 1024;
/** How long a process let go gets to end on its own before it is killed. */
const EXIT_GRACE_MS = 10_000;
/** Flags passed on to the child: the test processes' protection-keys setting. */
const INHERITED_FLAGS = /^--(no-)?memory-protection-keys$/;
/** V8's words when a heap runs out, in the process or in one of its worker threads. */
const OUT_OF_MEMORY = /Reached heap limit|JavaScript heap out of memory|ERR_WORKER_OUT_OF_MEMORY/;

/** A child process with a heap budget, and the end of what it wrote to standard error. */
export interface BudgetedProcess {
  child: ChildProcess;
  /** The last 16 KB of its standard error (which is also passed on to this process's). */
  stderrTail(): string;
}

/**
 * Forks `script` (a module beside the caller, by URL) with a heap of `memoryMb`, talking over
 * Node's channel with structured-clone serialization (Maps and Sets cross as they are). Work a
 * repository decides the size of runs there rather than in a worker thread: a worker thread's
 * `resourceLimits` are best effort, and V8 has aborted the whole process instead of ending the
 * thread (it once ended the API), where a process over its heap ends alone.
 */
export function forkWithHeapBudget(script: URL, memoryMb: number): BudgetedProcess {
  const child = fork(fileURLToPath(script), [], {
    execArgv: [...inheritedFlags(), `--max-old-space-size=${memoryMb}`],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "pipe", "ipc"],
  });
  let tail = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    tail = (tail + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });
  return { child, stderrTail: () => tail };
}

/**
 * This process's V8 flags that the child needs too. Not all of `process.execArgv`, fork's
 * default: started with `-e SCRIPT`, the child would run the script instead (and fork again).
 */
function inheritedFlags(): string[] {
  return process.execArgv.filter((flag) => INHERITED_FLAGS.test(flag));
}

/**
 * Ends the process and waits until it has. One let go (`release`: its channel closed) ends
 * normally, so Node keeps its compile cache for the next one; it is killed if it lingers.
 */
export function endProcess(child: ChildProcess, how: "kill" | "release"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  if (how === "kill") child.kill("SIGKILL");
  else {
    if (child.connected) child.disconnect();
    const timer = setTimeout(() => child.kill("SIGKILL"), EXIT_GRACE_MS);
    void ended.then(() => clearTimeout(timer));
  }
  return ended;
}

/**
 * Why a process that should still be running ended, for `what` ran there ("the export"): its
 * heap (or a thread's) ran out, as its standard error says, or else a signal nobody here sent
 * (V8 aborted, or a segmentation fault), or an exit of its own.
 */
export function whyProcessEnded(
  what: string,
  memoryMb: number,
  code: number | null,
  signal: NodeJS.Signals | null,
  stderrTail: string,
): Error {
  if (OUT_OF_MEMORY.test(stderrTail))
    return memoryBudgetExceeded(memoryMb, new Error(stderrTail), what);
  if (signal) return new Error(`${what} process crashed (${signal})`, { cause: stderrTail });
  return new Error(`${what} process stopped unexpectedly (exit code ${code})`);
}

/**
 * In a process `forkWithHeapBudget` started (`script` names it): how to send its parent a
 * message. The parent decides when the process stops: a Ctrl-C in the parent's terminal reaches
 * this process too, and the API may give running jobs a grace period. Losing the parent's
 * channel ends it.
 */
export function parentChannel<Message>(script: string): (message: Message) => void {
  assert(process.send, `${script} runs only as a child process forked with a channel`);
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => {});
  process.on("disconnect", () => process.exit(0));
  return (message) => {
    process.send?.(message);
  };
}
