import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach } from "vitest";
import { makeTempDir } from "./temp-repo.ts";

/**
 * The real `quire` executable, run as a user runs it: `node bin/quire.js ARGS` in a child
 * process. One helper for every test that runs a command to its end, so they all give the
 * child the same clean environment and are read the same way.
 */
export const QUIRE_BIN = path.resolve("bin/quire.js");

/** How a command ended and what it printed. */
export interface QuireRun {
  /** The exit code; null when a signal ended it (the time limit, a test's kill). */
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface QuireOptions {
  /** Variables laid over the child's environment (see `quireEnvironment`). */
  env?: NodeJS.ProcessEnv;
  /** Variables of this process the child does not get: names, or prefixes ending in `*`. */
  unset?: string[];
  cwd?: string;
  /** Killed with SIGKILL after this long (a hung command fails its test, not the run). */
  timeoutMs?: number;
}

export interface StartOptions extends QuireOptions {
  /**
   * Answers typed on stdin as a person types them: each once its prompt has been printed
   * (after the previous answer), whatever the machine's speed; stdin closes after the last.
   */
  answers?: { prompt: string; text: string }[];
  /** Another program and its arguments instead of `node bin/quire.js ARGS` (a `script` wrapper). */
  command?: string[];
}

/** A command still running: its process, how it ends, and what it printed so far. */
export interface StartedQuire {
  child: ChildProcess;
  done: Promise<QuireRun>;
  stdout: () => string;
  stderr: () => string;
}

const running = new Set<ChildProcess>();
// Whatever a test left running (it failed, or timed out) does not outlive it.
afterEach(() => {
  for (const child of running) if (child.exitCode === null) child.kill("SIGKILL");
  running.clear();
});

/**
 * The child's environment: this process's, less the QUIRE_* settings of the machine running the
 * tests (and `unset`), with a render cache of its own (XDG_CACHE_HOME) so an export never
 * writes to the user's, then `env` on top.
 */
export function quireEnvironment(options: QuireOptions = {}): NodeJS.ProcessEnv {
  const unset = options.unset ?? [];
  const left = (name: string) =>
    name.startsWith("QUIRE_") ||
    unset.some((entry) =>
      entry.endsWith("*") ? name.startsWith(entry.slice(0, -1)) : name === entry,
    );
  const environment: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!left(name)) environment[name] = value;
  return { ...environment, XDG_CACHE_HOME: makeTempDir(), ...options.env };
}

/** Starts `quire ARGS`; the test may signal it (`child.kill("SIGINT")`) before it ends. */
export function startQuire(args: string[], options: StartOptions = {}): StartedQuire {
  const [program, ...programArgs] = options.command ?? [process.execPath, QUIRE_BIN, ...args];
  const answers = [...(options.answers ?? [])];
  const child = spawn(program as string, programArgs, {
    env: quireEnvironment(options),
    cwd: options.cwd,
    stdio: [answers.length > 0 ? "pipe" : "ignore", "pipe", "pipe"],
  });
  running.add(child);
  let stdout = "";
  let stderr = "";
  // Where the output after the last answer starts: the next prompt must appear past it.
  let answeredUpTo = 0;
  const answerPrompt = () => {
    const next = answers[0];
    if (!next) return;
    const at = stdout.indexOf(next.prompt, answeredUpTo);
    if (at < 0) return;
    answers.shift();
    answeredUpTo = at + next.prompt.length;
    // A moment after the prompt, as a person reads it: the program may still be turning the
    // terminal's echo off; and stdin stays open a moment after the last answer is read.
    setTimeout(() => {
      child.stdin?.write(next.text);
      if (answers.length === 0) setTimeout(() => child.stdin?.end(), 500);
    }, 300);
  };
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
    answerPrompt();
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<QuireRun>((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
  return { child, done, stdout: () => stdout, stderr: () => stderr };
}

/** Runs `quire ARGS` to its end without blocking this process (its servers keep answering). */
export function runQuire(args: string[], options: StartOptions = {}): Promise<QuireRun> {
  return startQuire(args, options).done;
}

/** Runs `quire ARGS` to its end, blocking: for set-up steps outside any server's way. */
export function runQuireSync(args: string[], options: QuireOptions = {}): QuireRun {
  const result = spawnSync(process.execPath, [QUIRE_BIN, ...args], {
    env: quireEnvironment(options),
    cwd: options.cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: options.timeoutMs ?? 120_000,
    killSignal: "SIGKILL",
  });
  if (result.error && !result.signal) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs `quire ARGS`, which must succeed; returns its stdout, or throws with its stderr. */
export function quireOutput(args: string[], options: QuireOptions = {}): string {
  const run = runQuireSync(args, options);
  if (run.code !== 0)
    throw new Error(`quire ${args.join(" ")} exited with ${run.code}:\n${run.stderr}`);
  return run.stdout;
}
