import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { CodedError } from "../domain/errors.ts";
import { isRemoteRepository } from "../domain/project.ts";
import { type GitCredentials, GitError, redactUrl, runGit } from "../git/index.ts";

/** A problem with the project's source that the user must fix (bad URL, missing branch): not retried. */
export class SourceError extends CodedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("QUIRE_ERR_EXPORT_SOURCE_FAILED", message, options);
  }
}

export interface Checkout {
  /** The folder holding docs.json or mint.json. */
  docsDir: string;
  /** The repository's root, which holds `docsDir`. */
  root: string;
  /** Removes what the checkout made (nothing for a local folder). */
  cleanup(): void;
}

export interface CheckoutRequest {
  repository: string;
  ref: string | null;
  /** Bare repositories kept between exports, one per repository URL. */
  cacheDir: string;
  /** Scratch space; the checkout's folder is made inside it. */
  workDir: string;
  /** What git authenticates with (the project's forge token); never written to disk. */
  credentials?: GitCredentials;
  signal?: AbortSignal;
  timeoutMs?: number;
}

const locks = new Map<string, Promise<unknown>>();

/** The promisor remote of a cached repository: the project's repository URL. */
const REMOTE = "origin";

/**
 * The project's source at its ref. A local folder is used as it is. A repository URL is
 * fetched into a bare repository cached between exports as a partial clone: every commit and
 * tree, so the export reads each page's last change from the history, but no file contents
 * (`--filter=blob:none`) except those of the commits checked out, fetched when they are; only
 * new objects come over the wire on the next export. The commit is then checked out into a
 * private worktree of that repository (a folder of its own whose `.git` points at the cache).
 */
export async function checkoutSource(request: CheckoutRequest): Promise<Checkout> {
  if (!isRemoteRepository(request.repository)) {
    const folder = path.resolve(request.repository);
    if (!existsSync(folder) || !statSync(folder).isDirectory())
      throw new SourceError(`the repository folder ${folder} does not exist`);
    return { docsDir: locateDocsRoot(folder), root: folder, cleanup: () => {} };
  }
  const bare = path.join(
    request.cacheDir,
    `${createHash("sha256").update(request.repository).digest("hex").slice(0, 24)}.git`,
  );
  const target = mkdtempSync(path.join(mkdirp(request.workDir), "source-"));
  try {
    // One fetch and checkout at a time per cached repository.
    await withLock(bare, async () => {
      await prepareCache(bare, request);
      const localRef = `refs/quire/export-${path.basename(target)}`;
      const wanted = request.ref ?? "HEAD";
      await git(
        [
          "-C",
          bare,
          "fetch",
          "--filter=blob:none",
          "--no-tags",
          "--no-write-fetch-head",
          "--quiet",
          REMOTE,
          `+${wanted}:${localRef}`,
        ],
        request,
      );
      try {
        // The files of the commit are fetched here, in one batch, into the cache.
        await git(
          ["-C", bare, "worktree", "add", "--detach", "--quiet", "--", target, localRef],
          request,
        );
      } finally {
        await git(["-C", bare, "update-ref", "-d", localRef], request).catch(() => {});
      }
    });
    return {
      docsDir: locateDocsRoot(target),
      root: target,
      // The worktree's entry in the cache goes with the next checkout's `worktree prune`.
      cleanup: () => rmSync(target, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The docs folder of a repository: its root when docs.json or mint.json is there, else the one
 * folder one level down that holds it (`docs/` first), as monorepos keep their docs.
 */
export function locateDocsRoot(root: string): string {
  const hasConfig = (folder: string) =>
    existsSync(path.join(folder, "docs.json")) || existsSync(path.join(folder, "mint.json"));
  if (hasConfig(root)) return root;
  const candidates = [
    "docs",
    ...readdirSync(root, { withFileTypes: true })
      .filter(
        (entry) =>
          entry.isDirectory() && !entry.name.startsWith(".") && entry.name !== "node_modules",
      )
      .map((entry) => entry.name)
      .sort(),
  ];
  for (const name of candidates) {
    const folder = path.join(root, name);
    if (existsSync(folder) && hasConfig(folder)) return folder;
  }
  throw new SourceError(
    "the repository has no docs.json or mint.json at its root or in a folder just below it",
  );
}

/**
 * The cached repository, made on first use as a partial clone of the project's repository. One
 * that is not (made by an earlier Quire, or left half made) is made again: an earlier Quire's
 * was fetched shallowly and has no history to offer, and git cannot deepen it without fetching
 * every file of every commit. The worktrees of exports that ended are forgotten.
 */
async function prepareCache(bare: string, request: CheckoutRequest): Promise<void> {
  if (!(await isPartialClone(bare))) {
    rmSync(bare, { recursive: true, force: true });
    await git(["init", "--bare", "--quiet", bare], request);
    await git(["-C", bare, "remote", "add", REMOTE, "--", request.repository], request);
    await git(["-C", bare, "config", `remote.${REMOTE}.partialclonefilter`, "blob:none"], request);
    // Contents left out by the filter are fetched from the project's repository when needed.
    // Set last: a cache that has it is whole.
    await git(["-C", bare, "config", `remote.${REMOTE}.promisor`, "true"], request);
  }
  await git(["-C", bare, "worktree", "prune"], request);
}

async function isPartialClone(bare: string): Promise<boolean> {
  if (!existsSync(path.join(bare, "HEAD")) || existsSync(path.join(bare, "shallow"))) return false;
  try {
    const promisor = await runGit(["-C", bare, "config", "--get", `remote.${REMOTE}.promisor`]);
    return promisor.trim() === "true";
  } catch (error) {
    if (error instanceof GitError) return false;
    throw error;
  }
}

/** Runs git; its failure becomes a SourceError a user can act on. */
async function git(args: string[], request: CheckoutRequest): Promise<void> {
  try {
    await runGit(args, {
      credentials: request.credentials,
      signal: request.signal,
      timeoutMs: request.timeoutMs,
    });
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    if (error.failure === "missing")
      throw new SourceError("git is not installed: install it to export from a repository URL", {
        cause: error,
      });
    throw new SourceError(describeGitFailure(error, request), { cause: error });
  }
}

function describeGitFailure(error: GitError, request: CheckoutRequest): string {
  const where = redactUrl(request.repository);
  const { stderr } = error;
  const text = stderr.trim().split("\n").filter(Boolean).at(-1) ?? "";
  if (error.failure === "timed-out") return `fetching ${where} took too long and was stopped`;
  if (error.command === "fetch") {
    if (/couldn't find remote ref|not our ref|invalid refspec/i.test(stderr))
      return `the branch "${request.ref}" does not exist in ${where}`;
    if (
      /not found|does not appear to be a git repository|does not exist|Could not read from remote/i.test(
        stderr,
      )
    )
      return `the repository ${where} was not found or cannot be read: check the URL and the forge token`;
    if (/Authentication failed|could not read Username|403|401/i.test(stderr))
      return `access to ${where} was refused: check the project's forge token`;
    if (/Could not resolve host|Connection refused|timed out|unable to access/i.test(stderr))
      return `could not reach ${where}: ${text}`;
    return `could not fetch ${where}: ${text}`;
  }
  return `git ${error.command} failed: ${text}`;
}

function mkdirp(folder: string): string {
  mkdirSync(folder, { recursive: true });
  return folder;
}

async function withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const next = previous.catch(() => {}).then(work);
  locks.set(key, next);
  try {
    return await next;
  } finally {
    if (locks.get(key) === next) locks.delete(key);
  }
}
