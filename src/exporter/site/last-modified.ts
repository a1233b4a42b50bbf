import { Writable } from "node:stream";
import { GitError, runGit } from "../../git/index.ts";

/** The longest the history is read for; past it, files not yet met get the export's date. */
const HISTORY_TIMEOUT_MS = 60_000;

/** Separates commits in the log below (the ASCII record separator, which no path holds). */
const RECORD = "\x1e";

export interface LastModified {
  /** Each wanted file's last commit date (ISO 8601), by path relative to the docs folder. */
  dates: Map<string, string>;
  /** Why the history could not be read to its end, when it could not (no git, too long). */
  incomplete?: string;
}

/**
 * The last commit that touched each of `files` (every file when absent), in one `git log` over
 * the docs folder (newest first: a file's first appearance is its last change). The export reads
 * it once for every page, for the sitemap's `lastmod`, the pages' structured data and their
 * "Last modified" line alike. Reading stops as soon as every wanted file has its date, so a long
 * history is not read past what the pages need. A folder outside any git repository has no
 * dates: they are a nicety, never a reason to fail an export.
 */
export async function readLastModified(
  docsDir: string,
  files?: readonly string[],
  signal?: AbortSignal,
): Promise<LastModified> {
  const dates = new Map<string, string>();
  const wanted = files ? new Set(files) : undefined;
  if (wanted?.size === 0) return { dates };
  const enough = new AbortController();
  const stop = signal ? AbortSignal.any([signal, enough.signal]) : enough.signal;
  let pending = "";
  const take = (record: string): void => {
    const [date, ...names] = record.split("\0");
    if (!date) return;
    for (const raw of names) {
      const name = raw.replace(/^\n/, "");
      if (name && (!wanted || wanted.has(name)) && !dates.has(name))
        dates.set(name, new Date(date).toISOString());
    }
  };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString("utf8");
      const end = pending.lastIndexOf(RECORD);
      if (end > 0) {
        for (const record of pending.slice(0, end).split(RECORD)) take(record);
        pending = pending.slice(end);
      }
      if (wanted && dates.size === wanted.size) enough.abort();
      done();
    },
  });
  try {
    await runGit(
      [
        // The repository's own configuration must not start a program (a file-system monitor).
        "-c",
        "core.fsmonitor=false",
        "-c",
        "core.quotePath=false",
        "log",
        `--format=${"%x1e"}%cI`,
        "--name-only",
        "--no-renames",
        "--relative",
        "-z",
        "--",
        ".",
      ],
      { cwd: docsDir, signal: stop, timeoutMs: HISTORY_TIMEOUT_MS, stdoutTo: sink },
    );
    for (const record of pending.split(RECORD)) take(record);
    return { dates };
  } catch (error) {
    signal?.throwIfAborted();
    if (enough.signal.aborted) return { dates };
    if (error instanceof GitError)
      return {
        dates,
        incomplete:
          error.failure === "timed-out"
            ? "reading the git history took too long"
            : error.failure === "missing"
              ? "git is not installed"
              : "the docs folder is not in a git repository",
      };
    throw error;
  }
}
