import { type ChildProcess, spawn } from "node:child_process";
import { CodedError } from "../domain/errors.ts";
import { type GitCredentials, NO_CREDENTIALS } from "./credentials.ts";
import { gitEnvironment } from "./environment.ts";
import { redact } from "./redact.ts";

export interface GitOptions {
  /** The folder git runs in; the process's own when absent. */
  cwd?: string;
  credentials?: GitCredentials;
  /** Stops git at once; the run then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Git is stopped after this long (default 10 minutes) and the error says it took too long. */
  timeoutMs?: number;
  /** Receives git's output instead of the result (a tar extractor): the run ends once it finished. */
  stdoutTo?: NodeJS.WritableStream;
  /** The environment passed on to git (default the process's): see `gitEnvironment`. */
  inherited?: NodeJS.ProcessEnv;
}

/** Why a git command failed. */
export type GitFailure = "failed" | "timed-out" | "missing";

/** A git command failed. Its message and `stderr` hold no credentials: they are safe to show and log. */
export class GitError extends CodedError {
  /** The subcommand (`fetch`, `clone`, `push`). */
  readonly command: string;
  readonly failure: GitFailure;
  /** Everything git wrote to stderr, redacted. */
  readonly stderr: string;

  constructor(command: string, failure: GitFailure, stderr: string, message: string) {
    super("QUIRE_ERR_GIT_FAILED", message);
    this.command = command;
    this.failure = failure;
    this.stderr = stderr;
  }
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/**
 * Runs git with an argument array (no shell) in the environment `gitEnvironment` makes, and
 * resolves to what it wrote on stdout. Every failure is a GitError whose text went through
 * `redact`, with the credentials' secrets.
 */
export function runGit(args: string[], options: GitOptions = {}): Promise<string> {
  const credentials = options.credentials ?? NO_CREDENTIALS;
  const command = subcommand(args);
  const { signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    // Its own process group: stopping git also stops the helpers it started (git-remote-https,
    // ssh), which hold its output open and would otherwise run on.
    const child = spawn("git", args, {
      cwd: options.cwd,
      env: gitEnvironment(credentials, options.inherited ?? process.env),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let stdout = "";
    let stderr = "";
    let stopped: "aborted" | "timed-out" | undefined;
    let outputError: unknown;
    const stop = (why: "aborted" | "timed-out") => {
      stopped ??= why;
      stopGroup(child);
    };
    const onAbort = () => stop("aborted");
    signal?.addEventListener("abort", onAbort, { once: true });
    const timer = setTimeout(() => stop("timed-out"), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);

    const output = options.stdoutTo;
    const written = output
      ? new Promise<void>((done, fail) => {
          output.on("finish", () => done());
          output.on("error", fail);
        })
      : Promise.resolve();
    // An output that fails (a corrupt archive) stops git, which would wait on a full pipe.
    written.catch((error) => {
      outputError = error;
      stopGroup(child);
    });
    if (output) child.stdout.pipe(output);
    else
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
      });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });

    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    child.on("error", (error) => {
      settle();
      if (stopped === "aborted") return reject(signal?.reason);
      if ((error as NodeJS.ErrnoException).code === "ENOENT")
        return reject(
          new GitError(command, "missing", "", "git is not installed (no git program on the PATH)"),
        );
      reject(error);
    });
    child.on("close", (code) => {
      settle();
      if (stopped === "aborted") return reject(signal?.reason);
      if (outputError !== undefined) return reject(outputError);
      const safe = redact(stderr, credentials.secrets);
      if (stopped === "timed-out")
        return reject(
          new GitError(command, "timed-out", safe, `git ${command} took too long and was stopped`),
        );
      if (code === 0) return written.then(() => resolve(stdout), reject);
      const detail = safe.trim().split("\n").filter(Boolean).slice(-2).join(" ");
      reject(
        new GitError(
          command,
          "failed",
          safe,
          `git ${command} failed: ${detail || `exit code ${code}`}`,
        ),
      );
    });
  });
}

/** Stops git and every process it started (its process group). */
function stopGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
}

/** The subcommand of an argument list: the first word that is neither an option nor its value. */
function subcommand(args: readonly string[]): string {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === "-C" || arg === "-c") index += 1;
    else if (!arg.startsWith("-")) return arg;
  }
  return "git";
}
