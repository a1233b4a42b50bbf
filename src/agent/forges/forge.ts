import { CodedError } from "../../domain/errors.ts";

/**
 * A forge: where an agent job's branch is proposed as a pull request (GitHub, GitHub Enterprise
 * Server, Gitea/Forgejo) or merge request (GitLab). Implementations speak each forge's REST API
 * with `fetch`; they never run git.
 */
export interface PullRequest {
  /** The web address a person opens (the job's `prLink`). */
  url: string;
  /** The forge's number for it (GitHub/Gitea `number`, GitLab `iid`). */
  number: number;
}

export interface OpenPullRequest {
  /** The branch with the agent's commits. */
  head: string;
  /** The project's branch it is proposed against. */
  base: string;
  title: string;
  body: string;
  /**
   * Opens it as a draft: GitHub's `draft` field, GitLab's `Draft: ` title prefix, Gitea's
   * `WIP: ` title prefix.
   */
  draft: boolean;
}

export type ForgeKind = "github" | "gitlab" | "gitea";

export interface Forge {
  readonly kind: ForgeKind;
  /** The open pull request from `head` into `base`, if one exists (so a retry opens none twice). */
  findPullRequest(head: string, base: string, signal?: AbortSignal): Promise<PullRequest | null>;
  /** Opens a pull request, or returns the open one from `head` into `base` if there is one. */
  openPullRequest(request: OpenPullRequest, signal?: AbortSignal): Promise<PullRequest>;
  /** The repository's default branch, for projects with no branch set. */
  defaultBranch(signal?: AbortSignal): Promise<string>;
}

/**
 * A forge refused or failed a call; `status` is the HTTP status when there was one (null for a
 * network failure, a timeout or a bad setting). The message names the forge, the operation and
 * the forge's own explanation, and never holds the token.
 */
export class ForgeError extends CodedError {
  readonly status: number | null;
  /** Another try may succeed: a network failure, a timeout, a 5xx or a rate limit. */
  readonly transient: boolean;
  /** The pause the forge asked for (`Retry-After`, a rate-limit reset), in milliseconds. */
  readonly retryAfterMs: number | null;
  constructor(
    message: string,
    status: number | null,
    options: { cause?: unknown; transient?: boolean; retryAfterMs?: number | null } = {},
  ) {
    super("QUIRE_ERR_AGENT_FORGE_FAILED", message, { cause: options.cause });
    this.status = status;
    this.transient = options.transient ?? false;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }
}

export interface ForgeSettings {
  kind: ForgeKind;
  /**
   * The repository's clone URL (https, ssh or scp-like `git@host:owner/name.git`), from which
   * owner and name are read. Credentials in it are ignored.
   */
  repository: string;
  /**
   * The forge's API root; null for the default read from the repository's host:
   * `https://api.github.com` for github.com, `https://HOST/api/v3` for GitHub Enterprise Server,
   * `https://HOST/api/v4` for GitLab, `https://HOST/api/v1` for Gitea/Forgejo.
   */
  apiUrl: string | null;
  /** The forge token; empty for anonymous calls (reading a public repository only). */
  token: string;
}

/** How calls are made; the defaults suit production, tests shorten the waits. */
export interface ForgeOptions {
  /** Time allowed for one HTTP call, in milliseconds (default 30,000). */
  timeoutMs?: number;
  /** Tries per call, the first included, for network errors, 5xx and rate limits (default 4). */
  attempts?: number;
  /** Wait before the first retry, doubled each time, in milliseconds (default 500). */
  retryDelayMs?: number;
  /**
   * The longest wait a forge's `Retry-After` may ask for, in milliseconds (default 60,000); a
   * longer one fails the call at once instead of holding the job.
   */
  maxRetryDelayMs?: number;
  /** The `fetch` to use (default the global one). */
  fetch?: typeof fetch;
}

/** A forge's settings once read: what each implementation is built from. */
export interface ResolvedForgeSettings {
  /** `owner/name` (GitLab: the full namespace path). */
  repository: string;
  /** The API root, without a trailing slash. */
  apiUrl: string;
  /** Empty for anonymous calls. */
  token: string;
}
