import { execFile } from "node:child_process";

/** Marks the start of a commit in the log's output: its committer date follows. */
const COMMIT_MARK = "\u0001";

/**
 * When each file under `folder` was last changed: the committer date (ISO 8601) of the newest
 * commit touching it, from one `git log` over the folder's history (not one call per file).
 * Paths are relative to `folder`. Empty when `folder` is not in a git repository or git is
 * missing: the dates are a nicety, never a reason to fail an export. Git runs with an argument
 * array, no shell, and the repository's file-system monitor off (a repository's config must not
 * start a program).
 */
export async function lastModifiedFiles(
  folder: string,
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  let output: string;
  try {
    output = await git(
      [
        "-c",
        "core.fsmonitor=false",
        "-c",
        "core.quotePath=false",
        "log",
        "--relative",
        "--no-renames",
        "--name-only",
        "-z",
        `--format=${COMMIT_MARK}%cI`,
        "--",
        ".",
      ],
      folder,
      signal,
    );
  } catch (error) {
    signal?.throwIfAborted();
    if (error instanceof Error) return dates;
    throw error;
  }
  let date: string | undefined;
  for (const token of output.split("\0")) {
    if (token.startsWith(COMMIT_MARK)) {
      date = token.slice(COMMIT_MARK.length);
      continue;
    }
    const file = token.replace(/^\n/, "");
    // Newest commits come first: the first date seen for a file is its last change.
    if (file && date && !dates.has(file)) dates.set(file, date);
  }
  return dates;
}

/** Git's output; rejects when git is missing, fails (not a repository) or takes over two minutes. */
function git(args: string[], cwd: string, signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      args,
      { cwd, signal, timeout: 120_000, maxBuffer: 512 * 1024 * 1024, encoding: "utf8" },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}
