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

const DRAFT_PREFIX = /^\s*(draft:|\[draft\]|\(draft\))/i;

/**
 * GitLab (gitlab.com or self-managed), over the REST API v4. A pull request is a merge request;
 * the project is addressed by its URL-encoded full path, so nested groups need no lookup.
 */
export class GitLabForge implements Forge {
  readonly kind = "gitlab";
  readonly repository: string;
  readonly #client: ForgeClient;
  readonly #base: string;

  constructor(settings: ResolvedForgeSettings, options: ForgeOptions = {}) {
    this.repository = settings.repository;
    this.#base = `/projects/${encodeURIComponent(settings.repository)}`;
    // Bearer takes personal, project and group access tokens as well as OAuth tokens.
    const headers: Record<string, string> = { Accept: "application/json", "User-Agent": "quire" };
    if (settings.token) headers.Authorization = `Bearer ${settings.token}`;
    this.#client = new ForgeClient(
      { name: "GitLab", apiUrl: settings.apiUrl, headers, token: settings.token },
      options,
    );
  }

  async findPullRequest(
    head: string,
    base: string,
    signal?: AbortSignal,
  ): Promise<PullRequest | null> {
    const operation = `find the merge request from ${head} into ${base} in ${this.repository}`;
    const data = await this.#client.call(
      {
        method: "GET",
        path: `${this.#base}/merge_requests`,
        query: { state: "opened", source_branch: head, target_branch: base, per_page: 100 },
        operation,
      },
      signal,
    );
    if (!Array.isArray(data)) throw this.#client.unexpected(operation, "not a list");
    for (const item of data) {
      if (!isObject(item) || item.source_branch !== head || item.target_branch !== base) continue;
      // A merge request from a fork can have the same branch names: only this project's counts.
      const fromFork =
        typeof item.source_project_id === "number" &&
        typeof item.target_project_id === "number" &&
        item.source_project_id !== item.target_project_id;
      if (!fromFork) return this.#mergeRequest(item, operation);
    }
    return null;
  }

  async openPullRequest(request: OpenPullRequest, signal?: AbortSignal): Promise<PullRequest> {
    const operation = `open the merge request in ${this.repository}`;
    const title =
      request.draft && !DRAFT_PREFIX.test(request.title)
        ? `Draft: ${request.title}`
        : request.title;
    try {
      const data = await this.#client.call(
        {
          method: "POST",
          path: `${this.#base}/merge_requests`,
          body: {
            source_branch: request.head,
            target_branch: request.base,
            title,
            description: request.body,
          },
          operation,
        },
        signal,
      );
      return this.#mergeRequest(data, operation);
    } catch (error) {
      // 409: "Another open merge request already exists for this source branch".
      if (!(error instanceof ForgeError) || error.status !== 409) throw error;
      const existing = await this.findPullRequest(request.head, request.base, signal);
      if (existing) return existing;
      throw error;
    }
  }

  async defaultBranch(signal?: AbortSignal): Promise<string> {
    const operation = `read the project ${this.repository}`;
    const data = await this.#client.call({ method: "GET", path: this.#base, operation }, signal);
    if (!isObject(data) || typeof data.default_branch !== "string" || !data.default_branch)
      throw this.#client.unexpected(operation, "no default_branch (is the repository empty?)");
    return data.default_branch;
  }

  #mergeRequest(data: unknown, operation: string): PullRequest {
    if (!isObject(data) || typeof data.web_url !== "string" || typeof data.iid !== "number")
      throw this.#client.unexpected(operation, "no web_url or iid");
    return { url: data.web_url, number: data.iid };
  }
}
