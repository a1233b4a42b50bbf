import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type GitCredentials, GitError, redactUrl, runGit } from "../git/index.ts";

export interface WorkspaceOptions {
  /** Clone URL, or a local repository folder. */
  repository: string;
  /** The project's branch (null: the repository's default branch). */
  baseRef: string | null;
  /** The branch the agent commits to. */
  branch: string;
  /** What git authenticates with (the project's forge token), never written to .git/config. */
  credentials: GitCredentials;
  /** `Name <email>` of the agent's commits. */
  author: string;
  signal?: AbortSignal;
}

/**
 * One agent run's private checkout: a shallow clone in a temporary folder (mode 700), on the
 * job's branch. When the branch already exists on the remote (a follow-up message, a retry),
 * the run continues from it; otherwise it starts from the project's branch.
 */
export class Workspace {
  readonly root: string;
  readonly options: WorkspaceOptions;
  /** The branch the work started from: the job's branch when it already existed. */
  startedFrom = "";
  baseRef = "";
  #startCommit = "";

  private constructor(root: string, options: WorkspaceOptions) {
    this.root = root;
    this.options = options;
  }

  static async open(options: WorkspaceOptions): Promise<Workspace> {
    const parent = mkdtempSync(path.join(os.tmpdir(), "quire-agent-"));
    const workspace = new Workspace(path.join(parent, "checkout"), options);
    try {
      await workspace.#clone();
      return workspace;
    } catch (error) {
      rmSync(parent, { recursive: true, force: true });
      throw error;
    }
  }

  async #clone(): Promise<void> {
    const { repository, branch } = this.options;
    const existing = await this.#remoteHasBranch(branch);
    const base = this.options.baseRef ?? (await this.#defaultBranch());
    this.baseRef = base;
    this.startedFrom = existing ? branch : base;
    await git(
      [
        "clone",
        "--quiet",
        "--depth",
        "50",
        "--single-branch",
        "--branch",
        this.startedFrom,
        "--",
        repository,
        this.root,
      ],
      this.options,
      os.tmpdir(),
    );
    if (!existing) await this.git(["checkout", "--quiet", "-b", branch]);
    const [name, email] = parseAuthor(this.options.author);
    await this.git(["config", "user.name", name]);
    await this.git(["config", "user.email", email]);
    this.#startCommit = (await this.git(["rev-parse", "HEAD"])).trim();
  }

  async #remoteHasBranch(branch: string): Promise<boolean> {
    const out = await git(
      ["ls-remote", "--heads", "--", this.options.repository, `refs/heads/${branch}`],
      this.options,
      os.tmpdir(),
    );
    return out.trim().length > 0;
  }

  async #defaultBranch(): Promise<string> {
    const out = await git(
      ["ls-remote", "--symref", "--", this.options.repository, "HEAD"],
      this.options,
      os.tmpdir(),
    );
    const match = /^ref: refs\/heads\/(\S+)\s+HEAD/m.exec(out);
    if (!match)
      throw new GitError(
        "ls-remote",
        "failed",
        "",
        `could not tell the default branch of ${redactUrl(this.options.repository)}: set the project's branch`,
      );
    return match[1] as string;
  }

  /** Runs git in the checkout. */
  git(args: string[]): Promise<string> {
    return git(args, this.options, this.root);
  }

  /** Files changed in the work tree (uncommitted), as repository paths. */
  async changedFiles(): Promise<string[]> {
    const out = await this.git(["status", "--porcelain=v1", "-z", "--untracked-files=all"]);
    const files: string[] = [];
    const entries = out.split("\0").filter(Boolean);
    for (let index = 0; index < entries.length; index++) {
      const entry = entries[index] as string;
      files.push(entry.slice(3));
      if (entry.startsWith("R") || entry.startsWith("C")) index += 1;
    }
    return files;
  }

  /** Commits every change; returns the commit, or null when nothing changed. */
  async commitAll(message: string): Promise<string | null> {
    if ((await this.changedFiles()).length === 0) return null;
    await this.git(["add", "--all"]);
    await this.git(["commit", "--quiet", "--no-verify", "-m", message]);
    return (await this.git(["rev-parse", "HEAD"])).trim();
  }

  /** True when the branch has commits that the run added (to push) or found (a follow-up). */
  async hasNewCommits(): Promise<boolean> {
    return (await this.git(["rev-parse", "HEAD"])).trim() !== this.#startCommit;
  }

  /** The stat of what the run changed (`git diff --stat` since the start). */
  async diffStat(): Promise<string> {
    return (await this.git(["diff", "--stat", this.#startCommit, "HEAD"])).trim();
  }

  async filesChangedSinceStart(): Promise<string[]> {
    return (await this.git(["diff", "--name-only", this.#startCommit, "HEAD"]))
      .split("\n")
      .filter(Boolean);
  }

  /**
   * Runs `work` over the files as they were when the run started (a temporary worktree), to
   * tell the problems a change introduced from those that were already there.
   */
  async withStartTree<T>(work: (root: string) => Promise<T>): Promise<T> {
    const tree = mkdtempSync(path.join(path.dirname(this.root), "start-"));
    await this.git(["worktree", "add", "--quiet", "--detach", tree, this.#startCommit]);
    try {
      return await work(tree);
    } finally {
      await this.git(["worktree", "remove", "--force", tree]).catch(() =>
        rmSync(tree, { recursive: true, force: true }),
      );
    }
  }

  async push(): Promise<void> {
    await this.git(["push", "--quiet", "origin", `HEAD:refs/heads/${this.options.branch}`]);
  }

  /** Removes the checkout and its temporary folder. */
  dispose(): void {
    rmSync(path.dirname(this.root), { recursive: true, force: true });
  }
}

function parseAuthor(author: string): [string, string] {
  const match = /^(.+?)\s*<([^>]+)>$/.exec(author);
  return match ? [match[1] as string, match[2] as string] : ["Quire Agent", "agent@quire.invalid"];
}

function git(args: string[], options: WorkspaceOptions, cwd: string): Promise<string> {
  return runGit(args, { cwd, credentials: options.credentials, signal: options.signal });
}
