import { isObject } from "../../common/is-object.ts";
import { ForgeClient } from "./client.ts";
import {
  type Forge,
  ForgeError,
  type ForgeOptions,
  type OpenPullRequest,
  type PullRequest,
  type ResolvedForgeSettings,
} from "./forge.ts";

const WIP_PREFIX = /^\s*(wip:|\[wip\])/i;
/** Gitea's largest page. */
const PAGE_SIZE = 50;
/** Enough for any repository's open pull requests; the loop must end. */
const MAX_PAGES = 40;

/** Gitea and Forgejo, over the REST API v1. */
export class GiteaForge implements Forge {
  readonly kind = "gitea";
  readonly repository: string;
  readonly #client: ForgeClient;
  readonly #base: string;

  constructor(settings: ResolvedForgeSettings, options: ForgeOptions = {}) {
    this.repository = settings.repository;
    const [owner = "", name = ""] = settings.repository.split("/");
    this.#base = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
    const headers: Record<string, string> = { Accept: "application/json", "User-Agent": "quire" };
    if (settings.token) headers.Authorization = `token ${settings.token}`;
    this.#client = new ForgeClient(
      { name: "Gitea", apiUrl: settings.apiUrl, headers, token: settings.token },
      options,
    );
  }

  async findPullRequest(
    head: string,
    base: string,
    signal?: AbortSignal,
  ): Promise<PullRequest | null> {
    const operation = `find the pull request from ${head} into ${base} in ${this.repository}`;
    // The list has no head/base filter on every version Gitea and Forgejo still run: page through.
    for (let page = 1; page <= MAX_PAGES; page++) {
      const data = await this.#client.call(
        {
          method: "GET",
          path: `${this.#base}/pulls`,
          query: { state: "open", page, limit: PAGE_SIZE },
          operation,
        },
        signal,
      );
      if (!Array.isArray(data)) throw this.#client.unexpected(operation, "not a list");
      for (const item of data) {
        if (!isObject(item) || !isObject(item.head) || !isObject(item.base)) continue;
        if (item.head.ref !== head || item.base.ref !== base) continue;
        // A pull request from a fork can have the same branch names: only this repository's counts.
        const fromFork =
          typeof item.head.repo_id === "number" &&
          typeof item.base.repo_id === "number" &&
          item.head.repo_id !== item.base.repo_id;
        if (!fromFork) return this.#pullRequest(item, operation);
      }
      if (data.length < PAGE_SIZE) break;
    }
    return null;
  }

  async openPullRequest(request: OpenPullRequest, signal?: AbortSignal): Promise<PullRequest> {
    const operation = `open the pull request in ${this.repository}`;
    const title =
      request.draft && !WIP_PREFIX.test(request.title) ? `WIP: ${request.title}` : request.title;
    try {
      const data = await this.#client.call(
        {
          method: "POST",
          path: `${this.#base}/pulls`,
          body: { head: request.head, base: request.base, title, body: request.body },
          operation,
        },
        signal,
      );
      return this.#pullRequest(data, operation);
    } catch (error) {
      // 409: "pull request already exists for these targets".
      if (!(error instanceof ForgeError) || error.status !== 409) throw error;
      const existing = await this.findPullRequest(request.head, request.base, signal);
      if (existing) return existing;
      throw error;
    }
  }

  async defaultBranch(signal?: AbortSignal): Promise<string> {
    const operation = `read the repository ${this.repository}`;
    const data = await this.#client.call({ method: "GET", path: this.#base, operation }, signal);
    if (!isObject(data) || typeof data.default_branch !== "string" || !data.default_branch)
      throw this.#client.unexpected(operation, "no default_branch (is the repository empty?)");
    return data.default_branch;
  }

  #pullRequest(data: unknown, operation: string): PullRequest {
    if (!isObject(data) || typeof data.html_url !== "string" || typeof data.number !== "number")
      throw this.#client.unexpected(operation, "no html_url or number");
    return { url: data.html_url, number: data.number };
  }
}
