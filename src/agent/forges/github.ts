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

/** GitHub and GitHub Enterprise Server, over the REST API (`/repos/{owner}/{repo}/pulls`). */
export class GitHubForge implements Forge {
  readonly kind = "github";
  readonly repository: string;
  readonly #client: ForgeClient;
  readonly #base: string;

  constructor(settings: ResolvedForgeSettings, options: ForgeOptions = {}) {
    this.repository = settings.repository;
    const [owner = "", name = ""] = settings.repository.split("/");
    this.#base = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
    const headers: Record<string, string> = {
      Accept: "application/vnd.github+json",
      "X-GitHub-Api-Version": "2022-11-28",
      "User-Agent": "quire",
    };
    if (settings.token) headers.Authorization = `Bearer ${settings.token}`;
    this.#client = new ForgeClient(
      { name: "GitHub", apiUrl: settings.apiUrl, headers, token: settings.token },
      options,
    );
  }

  async findPullRequest(
    head: string,
    base: string,
    signal?: AbortSignal,
  ): Promise<PullRequest | null> {
    const operation = `find the pull request from ${head} into ${base} in ${this.repository}`;
    const owner = this.repository.split("/")[0];
    const data = await this.#client.call(
      {
        method: "GET",
        path: `${this.#base}/pulls`,
        query: { state: "open", head: `${owner}:${head}`, base, per_page: 100 },
        operation,
      },
      signal,
    );
    if (!Array.isArray(data)) throw this.#client.unexpected(operation, "not a list");
    for (const item of data) {
      // The filter is the server's; checking again costs nothing and guards against a proxy or an
      // older Enterprise Server that ignores it.
      if (!isObject(item) || !isObject(item.head) || !isObject(item.base)) continue;
      if (item.head.ref === head && item.base.ref === base)
        return this.#pullRequest(item, operation);
    }
    return null;
  }

  async openPullRequest(request: OpenPullRequest, signal?: AbortSignal): Promise<PullRequest> {
    const operation = `open the pull request in ${this.repository}`;
    try {
      const data = await this.#client.call(
        {
          method: "POST",
          path: `${this.#base}/pulls`,
          body: {
            title: request.title,
            head: request.head,
            base: request.base,
            body: request.body,
            draft: request.draft,
          },
          operation,
        },
        signal,
      );
      return this.#pullRequest(data, operation);
    } catch (error) {
      // 422 is also how GitHub says "one already exists" (an earlier try may have opened it).
      if (!(error instanceof ForgeError) || error.status !== 422) throw error;
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
