import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEachTest } from "./cleanup.ts";

/**
 * A forge on 127.0.0.1 for tests, in one HTTP server on a random port:
 *
 * - git smart HTTP (clone, fetch, push) over bare repositories in a temporary folder, served by
 *   git's own `git-http-backend` as a CGI, under `/git/<owner>/<name>.git` (and the same
 *   repositories under `/gitlab/…` and `/gitea/…`, so a GitLab or Gitea clone URL sits under the
 *   same sub-path as that forge's API, as on a real installation);
 * - the REST calls Quire makes, for GitHub (API root `/github`), GitLab (`/gitlab/api/v4`) and
 *   Gitea (`/gitea/api/v1`), with pull requests kept in memory;
 * - when started with a token, a 401 for any git or API request that does not carry it.
 *
 * Every request is recorded in `requests`. Closed after each test.
 */
export interface MockForge {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The token every request must carry; null when none is asked for. */
  readonly token: string | null;
  /** The folder of bare repositories (`<owner>/<name>.git`). */
  readonly root: string;
  /** Every request answered, oldest first. */
  readonly requests: MockRequest[];
  /** The API root to configure for a forge: `<url>/github`, `<url>/gitlab/api/v4`, `<url>/gitea/api/v1`. */
  apiUrl(kind: MockForgeKind): string;
  /**
   * The clone URL of a repository: `<url>/git/<owner>/<name>.git` for GitHub (the default),
   * `<url>/gitlab/<namespace>/<name>.git` for GitLab, `<url>/gitea/<owner>/<name>.git` for Gitea.
   * `owner` may be a nested GitLab namespace (`group/subgroup`).
   */
  repositoryUrl(owner: string, name: string, kind?: MockForgeKind): string;
  /** The header git needs with `-c http.extraHeader=…`: `Authorization: Basic …` (any user). */
  gitAuthHeader(): string;
  /** A bare repository with one commit of `files` on `branch` (default `main`, also its default branch). */
  createRepository(
    owner: string,
    name: string,
    files: Record<string, string>,
    options?: { branch?: string },
  ): Promise<void>;
  /**
   * Commits on `branch` (made from `from`, default the branch itself or, when it does not exist
   * yet, the default branch): each file's new content, or null to delete it. Returns the sha.
   */
  commitFiles(
    owner: string,
    name: string,
    branch: string,
    files: Record<string, string | null>,
    options?: { message?: string; from?: string },
  ): Promise<string>;
  /** The repository's branch names, sorted. */
  branches(owner: string, name: string): Promise<string[]>;
  /** Every file on a branch, by path; throws when there is no such branch. */
  branchFiles(owner: string, name: string, branch: string): Promise<Record<string, string>>;
  /** One file on a branch, or null when the branch or the file does not exist. */
  readFile(owner: string, name: string, branch: string, file: string): Promise<string | null>;
  /** The commits of a branch, newest first; throws when there is no such branch. */
  commits(owner: string, name: string, branch: string): Promise<MockCommit[]>;
  /** Every pull (merge) request opened on any of the three forges, in the order opened. */
  pullRequests(): MockPullRequest[];
  /**
   * Puts an open pull request straight into the forge's memory, without the checks the API
   * makes (branches need not exist): one left by an earlier run, or many to page through.
   */
  addPullRequest(
    forge: MockForgeKind,
    repository: string,
    fields: { head: string; base: string; title?: string; body?: string; draft?: boolean },
  ): MockPullRequest;
  /**
   * Makes the next `count` API calls (git is never affected) fail: with that HTTP status and a
   * body in the forge's style (`message`), or with a dropped connection for `"network"`.
   * `match` narrows which calls count. Rules queue up, first added first used.
   */
  failNext(
    count: number,
    status: number | "network",
    options?: { message?: string; retryAfter?: number; match?: (request: MockRequest) => boolean },
  ): void;
  /** Holds the next `count` API calls for `ms` milliseconds before answering (timeouts). */
  delayNext(count: number, ms: number): void;
  close(): Promise<void>;
}

export type MockForgeKind = "github" | "gitlab" | "gitea";

export interface MockRequest {
  /** What answered it: one of the forges' APIs, or git. */
  forge: MockForgeKind | "git";
  method: string;
  /** The path as sent, with its query string: `/github/repos/o/r/pulls?state=open`. */
  path: string;
  /** The path without the query string, still encoded. */
  pathname: string;
  query: Record<string, string>;
  /** Lowercase names. */
  headers: Record<string, string>;
  /** The JSON (or form) body of an API call; null for none and for git. */
  body: unknown;
  /** The status answered (0 for a dropped connection; undefined while answering). */
  status?: number;
}

export interface MockPullRequest {
  forge: MockForgeKind;
  /** `owner/name` (GitLab: the full namespace path). */
  repository: string;
  /** GitHub/Gitea `number`, GitLab `iid`. */
  number: number;
  title: string;
  body: string;
  head: string;
  base: string;
  draft: boolean;
  state: "open" | "closed";
  url: string;
}

export interface MockCommit {
  sha: string;
  parents: string[];
  author: { name: string; email: string };
  subject: string;
  /** The whole message. */
  message: string;
}

interface FailureRule {
  remaining: number;
  status: number | "network";
  message?: string;
  retryAfter?: number;
  match?: (request: MockRequest) => boolean;
}

interface ApiAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const BACKEND = "/usr/lib/git-core/git-http-backend";
const API_PREFIX: Record<MockForgeKind, string> = {
  github: "/github",
  gitlab: "/gitlab/api/v4",
  gitea: "/gitea/api/v1",
};
const CLONE_PREFIX: Record<MockForgeKind, string> = {
  github: "/git",
  gitlab: "/gitlab",
  gitea: "/gitea",
};
const COMMITTER = "Mock Forge <forge@mock.test> 1700000000 +0000";

const started: MockForge[] = [];
await afterEachTest(async () => {
  while (started.length > 0) await (started.pop() as MockForge).close();
});

/** Starts a mock forge; closed after the test. */
export async function startMockForge(options: { token?: string | null } = {}): Promise<MockForge> {
  const token = options.token ?? null;
  const root = mkdtempSync(path.join(os.tmpdir(), "quire-forge-"));
  const requests: MockRequest[] = [];
  const pulls: MockPullRequest[] = [];
  const failures: FailureRule[] = [];
  const delays: { remaining: number; ms: number }[] = [];
  const children = new Set<ChildProcess>();
  const projectIds = new Map<string, number>();
  let nextId = 1000;
  let url = "";

  const repoDir = (repository: string) => path.join(root, `${repository}.git`);
  const repoExists = (repository: string) =>
    isSafePath(repository) && existsSync(path.join(repoDir(repository), "HEAD"));
  const defaultBranchOf = (repository: string) =>
    readFileSync(path.join(repoDir(repository), "HEAD"), "utf8")
      .trim()
      .replace(/^ref: refs\/heads\//, "");
  const branchSha = async (repository: string, branch: string): Promise<string | null> => {
    const result = await runGit(
      ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}^{commit}`],
      { cwd: repoDir(repository), allowFailure: true },
    );
    return result.code === 0 ? result.stdout.toString().trim() : null;
  };
  const projectId = (repository: string) => {
    let id = projectIds.get(repository);
    if (id === undefined) {
      id = ++nextId;
      projectIds.set(repository, id);
    }
    return id;
  };

  const authorized = (request: http.IncomingMessage, forge: MockForgeKind | "git"): boolean => {
    if (token === null) return true;
    const authorization = request.headers.authorization ?? "";
    const [scheme = "", credentials = ""] = authorization.split(/\s+/, 2);
    const basicPassword = () =>
      Buffer.from(credentials, "base64").toString("utf8").split(":").slice(1).join(":");
    switch (scheme.toLowerCase()) {
      case "basic":
        return basicPassword() === token;
      case "bearer":
        return credentials === token;
      case "token":
        return forge !== "gitlab" && credentials === token;
    }
    return forge === "gitlab" && request.headers["private-token"] === token;
  };

  // ---- git smart HTTP ----

  const serveGit = (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    record: MockRequest,
    repository: string,
    rest: string,
  ) => {
    if (!authorized(request, "git")) {
      response.writeHead(401, {
        "WWW-Authenticate": 'Basic realm="mock forge"',
        "Content-Type": "text/plain",
      });
      response.end("Authentication required\n");
      return;
    }
    if (!isSafePath(repository)) {
      response.writeHead(404, { "Content-Type": "text/plain" });
      response.end("Repository not found\n");
      return;
    }
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: root,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: "1",
      GATEWAY_INTERFACE: "CGI/1.1",
      SERVER_PROTOCOL: `HTTP/${request.httpVersion}`,
      SERVER_SOFTWARE: "quire-mock-forge",
      REQUEST_METHOD: request.method ?? "GET",
      PATH_INFO: `/${repository}.git${rest}`,
      QUERY_STRING: record.path.includes("?")
        ? record.path.slice(record.path.indexOf("?") + 1)
        : "",
      CONTENT_TYPE: request.headers["content-type"] ?? "",
      REMOTE_ADDR: request.socket.remoteAddress ?? "127.0.0.1",
      REMOTE_USER: basicUser(request.headers.authorization) ?? "quire-test",
    };
    if (request.headers["content-length"] !== undefined)
      env.CONTENT_LENGTH = request.headers["content-length"];
    // As a CGI server does: every request header as HTTP_*. The backend reads
    // HTTP_CONTENT_ENCODING (gzip request bodies, which it inflates) and HTTP_GIT_PROTOCOL.
    for (const [name, value] of Object.entries(request.headers)) {
      if (name === "authorization" || name === "content-type" || name === "content-length")
        continue;
      env[`HTTP_${name.toUpperCase().replace(/-/g, "_")}`] = Array.isArray(value)
        ? value.join(", ")
        : value;
    }
    const child = spawn(BACKEND, [], { env, stdio: ["pipe", "pipe", "pipe"] });
    children.add(child);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.on("error", () => {}); // the backend may exit before reading everything
    request.pipe(child.stdin);
    response.on("close", () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    });
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = headerEnd(head);
      if (!end) return;
      child.stdout.off("data", onData);
      const { status, headers } = parseCgiHeaders(head.subarray(0, end.headers).toString("latin1"));
      record.status = status;
      response.writeHead(status, headers);
      response.write(head.subarray(end.body));
      child.stdout.pipe(response);
    };
    child.stdout.on("data", onData);
    child.on("error", (error) => {
      children.delete(child);
      if (!response.headersSent) {
        record.status = 500;
        response.writeHead(500, { "Content-Type": "text/plain" });
      }
      response.end(`git-http-backend failed: ${error.message}\n`);
    });
    child.on("close", () => {
      children.delete(child);
      if (!response.headersSent) {
        record.status = 502;
        response.writeHead(502, { "Content-Type": "text/plain" });
        response.end(`git-http-backend answered nothing: ${stderr}`);
      }
    });
  };

  // ---- REST APIs ----

  const githubPull = (pull: MockPullRequest, owner: string) => {
    return {
      id: pull.number + 100_000,
      number: pull.number,
      state: pull.state,
      title: pull.title,
      body: pull.body,
      draft: pull.draft,
      html_url: pull.url,
      url: `${url}/github/repos/${pull.repository}/pulls/${pull.number}`,
      head: { ref: pull.head, label: `${owner}:${pull.head}` },
      base: { ref: pull.base, label: `${owner}:${pull.base}` },
      user: { login: "quire-bot" },
    };
  };
  const gitlabMergeRequest = (pull: MockPullRequest) => ({
    id: pull.number + 100_000,
    iid: pull.number,
    project_id: projectId(pull.repository),
    source_project_id: projectId(pull.repository),
    target_project_id: projectId(pull.repository),
    title: pull.title,
    description: pull.body,
    state: pull.state === "open" ? "opened" : "closed",
    source_branch: pull.head,
    target_branch: pull.base,
    draft: pull.draft,
    work_in_progress: pull.draft,
    web_url: pull.url,
    author: { username: "quire-bot" },
  });
  const giteaPull = (pull: MockPullRequest) => ({
    id: pull.number + 100_000,
    number: pull.number,
    state: pull.state,
    title: pull.title,
    body: pull.body,
    draft: pull.draft,
    html_url: pull.url,
    url: pull.url,
    head: { ref: pull.head, label: pull.head, repo_id: projectId(pull.repository) },
    base: { ref: pull.base, label: pull.base, repo_id: projectId(pull.repository) },
    user: { login: "quire-bot" },
  });
  const addPull = (
    forge: MockForgeKind,
    repository: string,
    fields: Pick<MockPullRequest, "title" | "body" | "head" | "base" | "draft">,
  ) => {
    const number =
      pulls.filter((pull) => pull.forge === forge && pull.repository === repository).length + 1;
    const web =
      forge === "github"
        ? `${url}/${repository}/pull/${number}`
        : forge === "gitlab"
          ? `${url}/gitlab/${repository}/-/merge_requests/${number}`
          : `${url}/gitea/${repository}/pulls/${number}`;
    const pull: MockPullRequest = { forge, repository, number, state: "open", url: web, ...fields };
    pulls.push(pull);
    return pull;
  };
  const openPull = (forge: MockForgeKind, repository: string, head: string, base: string) =>
    pulls.find(
      (pull) =>
        pull.forge === forge &&
        pull.repository === repository &&
        pull.state === "open" &&
        pull.head === head &&
        pull.base === base,
    );
  const hasChanges = async (repository: string, base: string, head: string) => {
    const result = await runGit(["rev-list", "--count", `refs/heads/${base}..refs/heads/${head}`], {
      cwd: repoDir(repository),
    });
    return Number(result.stdout.toString().trim()) > 0;
  };

  const github = async (segments: string[], record: MockRequest): Promise<ApiAnswer> => {
    const notFound = {
      status: 404,
      body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" },
    };
    const [first, owner = "", name = "", collection, numberText, ...extra] = segments;
    const repository = `${owner}/${name}`;
    if (first !== "repos" || extra.length > 0 || !repoExists(repository)) return notFound;
    if (collection === undefined && record.method === "GET")
      return {
        status: 200,
        body: {
          id: projectId(repository),
          name,
          full_name: repository,
          owner: { login: owner },
          private: true,
          default_branch: defaultBranchOf(repository),
          html_url: `${url}/${repository}`,
          clone_url: `${url}/git/${repository}.git`,
        },
      };
    if (collection !== "pulls") return notFound;
    if (numberText !== undefined) {
      const pull = pulls.find(
        (item) =>
          item.forge === "github" &&
          item.repository === repository &&
          String(item.number) === numberText,
      );
      return pull && record.method === "GET"
        ? { status: 200, body: githubPull(pull, owner) }
        : notFound;
    }
    if (record.method === "GET") {
      const { state = "open", head, base } = record.query;
      const list = pulls.filter(
        (pull) =>
          pull.forge === "github" &&
          pull.repository === repository &&
          (state === "all" || pull.state === state) &&
          (head === undefined ||
            `${owner}:${pull.head}` === (head.includes(":") ? head : `${owner}:${head}`)) &&
          (base === undefined || pull.base === base),
      );
      return {
        status: 200,
        body: paginate(list, record.query, 30, 100).map((pull) => githubPull(pull, owner)),
      };
    }
    if (record.method !== "POST") return notFound;
    const body = asRecord(record.body);
    const invalid = (errors: unknown[]) => ({
      status: 422,
      body: {
        message: "Validation Failed",
        errors,
        documentation_url: "https://docs.github.com/rest/pulls/pulls#create-a-pull-request",
      },
    });
    const missing = ["title", "head", "base"].filter((field) => typeof body[field] !== "string");
    if (missing.length > 0)
      return invalid(
        missing.map((field) => ({ resource: "PullRequest", field, code: "missing_field" })),
      );
    const head = String(body.head).replace(/^[^:]+:/, "");
    const base = String(body.base);
    if (!(await branchSha(repository, base)))
      return invalid([{ resource: "PullRequest", field: "base", code: "invalid" }]);
    if (!(await branchSha(repository, head)))
      return invalid([{ resource: "PullRequest", field: "head", code: "invalid" }]);
    if (openPull("github", repository, head, base))
      return invalid([
        {
          resource: "PullRequest",
          code: "custom",
          message: `A pull request already exists for ${owner}:${head}.`,
        },
      ]);
    if (!(await hasChanges(repository, base, head)))
      return invalid([
        {
          resource: "PullRequest",
          code: "custom",
          message: `No commits between ${base} and ${head}`,
        },
      ]);
    const pull = addPull("github", repository, {
      title: String(body.title),
      body: typeof body.body === "string" ? body.body : "",
      head,
      base,
      draft: body.draft === true,
    });
    return { status: 201, body: githubPull(pull, owner) };
  };

  const gitlab = async (segments: string[], record: MockRequest): Promise<ApiAnswer> => {
    const notFound = { status: 404, body: { message: "404 Project Not Found" } };
    const [first, id = "", collection, iidText, ...extra] = segments;
    if (first !== "projects" || extra.length > 0)
      return { status: 404, body: { error: "404 Not Found" } };
    const repository = /^\d+$/.test(id)
      ? ([...projectIds].find(([, value]) => String(value) === id)?.[0] ?? "")
      : id;
    if (!repoExists(repository)) return notFound;
    if (collection === undefined && record.method === "GET")
      return {
        status: 200,
        body: {
          id: projectId(repository),
          name: repository.split("/").at(-1),
          path_with_namespace: repository,
          default_branch: defaultBranchOf(repository),
          web_url: `${url}/gitlab/${repository}`,
          http_url_to_repo: `${url}/gitlab/${repository}.git`,
          visibility: "private",
        },
      };
    if (collection !== "merge_requests") return { status: 404, body: { error: "404 Not Found" } };
    if (iidText !== undefined) {
      const pull = pulls.find(
        (item) =>
          item.forge === "gitlab" &&
          item.repository === repository &&
          String(item.number) === iidText,
      );
      return pull && record.method === "GET"
        ? { status: 200, body: gitlabMergeRequest(pull) }
        : { status: 404, body: { message: "404 Not found" } };
    }
    if (record.method === "GET") {
      const { state = "all", source_branch: head, target_branch: base } = record.query;
      const list = pulls.filter(
        (pull) =>
          pull.forge === "gitlab" &&
          pull.repository === repository &&
          (state === "all" || (state === "opened") === (pull.state === "open")) &&
          (head === undefined || pull.head === head) &&
          (base === undefined || pull.base === base),
      );
      return { status: 200, body: paginate(list, record.query, 20, 100).map(gitlabMergeRequest) };
    }
    if (record.method !== "POST") return { status: 405, body: { error: "405 Method Not Allowed" } };
    const body = asRecord(record.body);
    const missing = ["source_branch", "target_branch", "title"].find(
      (field) => typeof body[field] !== "string" || body[field] === "",
    );
    if (missing) return { status: 400, body: { error: `${missing} is missing` } };
    const head = String(body.source_branch);
    const base = String(body.target_branch);
    if (!(await branchSha(repository, head)))
      return { status: 422, body: { message: [`Source branch "${head}" does not exist`] } };
    if (!(await branchSha(repository, base)))
      return { status: 422, body: { message: [`Target branch "${base}" does not exist`] } };
    const existing = openPull("gitlab", repository, head, base);
    if (existing)
      return {
        status: 409,
        body: {
          message: [
            `Another open merge request already exists for this source branch: !${existing.number}`,
          ],
        },
      };
    const title = String(body.title);
    const pull = addPull("gitlab", repository, {
      title,
      body: typeof body.description === "string" ? body.description : "",
      head,
      base,
      draft: /^\s*(draft:|\[draft\]|\(draft\))/i.test(title),
    });
    return { status: 201, body: gitlabMergeRequest(pull) };
  };

  const gitea = async (segments: string[], record: MockRequest): Promise<ApiAnswer> => {
    const notFound = {
      status: 404,
      body: { message: "The target couldn't be found.", errors: [] },
    };
    const [first, owner = "", name = "", collection, numberText, ...extra] = segments;
    const repository = `${owner}/${name}`;
    if (first !== "repos" || extra.length > 0 || !repoExists(repository)) return notFound;
    if (collection === undefined && record.method === "GET")
      return {
        status: 200,
        body: {
          id: projectId(repository),
          name,
          full_name: repository,
          owner: { login: owner },
          private: true,
          default_branch: defaultBranchOf(repository),
          html_url: `${url}/gitea/${repository}`,
          clone_url: `${url}/gitea/${repository}.git`,
        },
      };
    if (collection !== "pulls") return notFound;
    if (numberText !== undefined) {
      const pull = pulls.find(
        (item) =>
          item.forge === "gitea" &&
          item.repository === repository &&
          String(item.number) === numberText,
      );
      return pull && record.method === "GET" ? { status: 200, body: giteaPull(pull) } : notFound;
    }
    if (record.method === "GET") {
      const { state = "open" } = record.query;
      const list = pulls.filter(
        (pull) =>
          pull.forge === "gitea" &&
          pull.repository === repository &&
          (state === "all" || pull.state === state),
      );
      return {
        status: 200,
        body: paginate(list, record.query, 30, 50).map((pull) => giteaPull(pull)),
      };
    }
    if (record.method !== "POST") return notFound;
    const body = asRecord(record.body);
    const missing = ["head", "base", "title"].find(
      (field) => typeof body[field] !== "string" || body[field] === "",
    );
    if (missing)
      return {
        status: 422,
        body: { message: `[${missing[0]?.toUpperCase()}${missing.slice(1)}]: Required` },
      };
    const head = String(body.head);
    const base = String(body.base);
    if (!(await branchSha(repository, head)) || !(await branchSha(repository, base)))
      return notFound;
    const existing = openPull("gitea", repository, head, base);
    if (existing) {
      const id = projectId(repository);
      return {
        status: 409,
        body: {
          message: `pull request already exists for these targets [id: ${existing.number + 100_000}, issue_id: ${existing.number}, head_repo_id: ${id}, base_repo_id: ${id}, head_branch: ${head}, base_branch: ${base}]`,
          url: `${url}/gitea/api/swagger`,
        },
      };
    }
    if (!(await hasChanges(repository, base, head)))
      return {
        status: 422,
        body: { message: "There are no changes between the head and the base" },
      };
    const title = String(body.title);
    const pull = addPull("gitea", repository, {
      title,
      body: typeof body.body === "string" ? body.body : "",
      head,
      base,
      draft: /^\s*(wip:|\[wip\])/i.test(title),
    });
    return { status: 201, body: giteaPull(pull) };
  };

  const unauthorized: Record<MockForgeKind, unknown> = {
    github: {
      message: "Bad credentials",
      documentation_url: "https://docs.github.com/rest",
      status: "401",
    },
    gitlab: { message: "401 Unauthorized" },
    gitea: { message: "token is required", url: "/api/swagger" },
  };

  const serveApi = async (
    forge: MockForgeKind,
    request: http.IncomingMessage,
    response: http.ServerResponse,
    record: MockRequest,
  ) => {
    record.body = await readBody(request);
    const send = (answer: ApiAnswer) => {
      record.status = answer.status;
      response.writeHead(answer.status, {
        "Content-Type": "application/json; charset=utf-8",
        ...answer.headers,
      });
      response.end(JSON.stringify(answer.body));
    };
    const delay = delays.find((rule) => rule.remaining > 0);
    if (delay) {
      delay.remaining--;
      await new Promise((resolve) => setTimeout(resolve, delay.ms));
      if (response.destroyed) {
        record.status = 0;
        return;
      }
    }
    if (!authorized(request, forge)) return send({ status: 401, body: unauthorized[forge] });
    const failure = failures.find(
      (rule) => rule.remaining > 0 && (!rule.match || rule.match(record)),
    );
    if (failure) {
      failure.remaining--;
      if (failure.status === "network") {
        record.status = 0;
        request.socket.destroy();
        return;
      }
      const headers: Record<string, string> = {};
      if (failure.retryAfter !== undefined) headers["Retry-After"] = String(failure.retryAfter);
      return send({
        status: failure.status,
        body: { message: failure.message ?? http.STATUS_CODES[failure.status] ?? "failure" },
        headers,
      });
    }
    const rest = record.pathname.slice(API_PREFIX[forge].length);
    let segments: string[];
    try {
      segments = rest.split("/").filter(Boolean).map(decodeURIComponent);
    } catch {
      return send({ status: 400, body: { message: "malformed path" } });
    }
    const handler = forge === "github" ? github : forge === "gitlab" ? gitlab : gitea;
    send(await handler(segments, record));
  };

  const server = http.createServer((request, response) => {
    const raw = request.url ?? "/";
    const parsed = new URL(raw, "http://mock.invalid");
    const record: MockRequest = {
      forge: "git",
      method: request.method ?? "GET",
      path: raw,
      pathname: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(", ") : (value ?? ""),
        ]),
      ),
      body: null,
    };
    requests.push(record);
    response.on("close", () => {
      record.status ??= response.headersSent ? response.statusCode : 0;
    });
    const fail = (error: unknown) => {
      if (!response.headersSent) {
        record.status = 500;
        response.writeHead(500, { "Content-Type": "text/plain" });
      }
      response.end(`mock forge error: ${error instanceof Error ? error.message : String(error)}`);
    };
    for (const forge of ["github", "gitlab", "gitea"] as const) {
      const prefix = API_PREFIX[forge];
      if (parsed.pathname === prefix || parsed.pathname.startsWith(`${prefix}/`)) {
        record.forge = forge;
        serveApi(forge, request, response, record).catch(fail);
        return;
      }
    }
    const git = /^\/(?:git|gitlab|gitea)\/(.+?)\.git(\/.*)?$/.exec(parsed.pathname);
    if (git?.[1]) {
      let repository: string;
      try {
        repository = decodeURIComponent(git[1]);
      } catch {
        repository = "";
      }
      serveGit(request, response, record, repository, git[2] ?? "");
      return;
    }
    record.status = 404;
    response.writeHead(404, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ message: "Not Found" }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  const requireBranch = async (owner: string, name: string, branch: string) => {
    const repository = `${owner}/${name}`;
    if (!repoExists(repository)) throw new Error(`mock forge: no repository ${repository}`);
    const sha = await branchSha(repository, branch);
    if (!sha) throw new Error(`mock forge: no branch "${branch}" in ${repository}`);
    return { cwd: repoDir(repository), sha };
  };

  let closed = false;
  const forge: MockForge = {
    url,
    token,
    root,
    requests,
    apiUrl: (kind) => `${url}${API_PREFIX[kind]}`,
    repositoryUrl: (owner, name, kind = "github") =>
      `${url}${CLONE_PREFIX[kind]}/${owner}/${name}.git`,
    gitAuthHeader: () =>
      `Authorization: Basic ${Buffer.from(`x-access-token:${token ?? ""}`).toString("base64")}`,
    async createRepository(owner, name, files, options = {}) {
      const repository = `${owner}/${name}`;
      const branch = options.branch ?? "main";
      if (!isSafePath(repository)) throw new Error(`mock forge: bad repository path ${repository}`);
      if (repoExists(repository)) throw new Error(`mock forge: ${repository} already exists`);
      const directory = repoDir(repository);
      mkdirSync(directory, { recursive: true });
      await runGit(["init", "--quiet", "--bare", `--initial-branch=${branch}`, directory]);
      // Pushing over HTTP is off unless the server names a user; the tests' forge takes pushes.
      appendFileSync(path.join(directory, "config"), "[http]\n\treceivepack = true\n");
      await fastImport(directory, branch, null, "Initial commit", files);
      projectId(repository);
    },
    async commitFiles(owner, name, branch, files, options = {}) {
      const repository = `${owner}/${name}`;
      if (!repoExists(repository)) throw new Error(`mock forge: no repository ${repository}`);
      const from =
        options.from ??
        ((await branchSha(repository, branch)) ? branch : defaultBranchOf(repository));
      const parent = await branchSha(repository, from);
      if (!parent) throw new Error(`mock forge: no branch "${from}" in ${repository}`);
      const directory = repoDir(repository);
      await fastImport(directory, branch, parent, options.message ?? "Change files", files);
      return (await branchSha(repository, branch)) ?? "";
    },
    async branches(owner, name) {
      const repository = `${owner}/${name}`;
      if (!repoExists(repository)) throw new Error(`mock forge: no repository ${repository}`);
      const result = await runGit(["for-each-ref", "--format=%(refname:lstrip=2)", "refs/heads/"], {
        cwd: repoDir(repository),
      });
      return result.stdout.toString().split("\n").filter(Boolean).sort();
    },
    async branchFiles(owner, name, branch) {
      const { cwd, sha } = await requireBranch(owner, name, branch);
      const tree = await runGit(["ls-tree", "-r", "-z", sha], { cwd });
      const entries = tree.stdout
        .toString("utf8")
        .split("\0")
        .filter(Boolean)
        .map((line) => {
          const tab = line.indexOf("\t");
          const [, type = "", oid = ""] = line.slice(0, tab).split(" ");
          return { type, oid, file: line.slice(tab + 1) };
        })
        .filter((entry) => entry.type === "blob");
      const batch = await runGit(["cat-file", "--batch"], {
        cwd,
        input: Buffer.from(entries.map((entry) => `${entry.oid}\n`).join("")),
      });
      const files: Record<string, string> = {};
      let offset = 0;
      for (const entry of entries) {
        const newline = batch.stdout.indexOf(0x0a, offset);
        const size = Number(batch.stdout.subarray(offset, newline).toString().split(" ")[2]);
        files[entry.file] = batch.stdout.subarray(newline + 1, newline + 1 + size).toString("utf8");
        offset = newline + 1 + size + 1;
      }
      return files;
    },
    async readFile(owner, name, branch, file) {
      const repository = `${owner}/${name}`;
      if (!repoExists(repository)) return null;
      const result = await runGit(["cat-file", "blob", `refs/heads/${branch}:${file}`], {
        cwd: repoDir(repository),
        allowFailure: true,
      });
      return result.code === 0 ? result.stdout.toString("utf8") : null;
    },
    async commits(owner, name, branch) {
      const { cwd, sha } = await requireBranch(owner, name, branch);
      const log = await runGit(["log", "--format=%H%x00%P%x00%an%x00%ae%x00%s%x00%B%x1e", sha], {
        cwd,
      });
      return log.stdout
        .toString("utf8")
        .split("\x1e")
        .map((record) => record.replace(/^\n/, ""))
        .filter(Boolean)
        .map((record) => {
          const [
            commit = "",
            parents = "",
            authorName = "",
            email = "",
            subject = "",
            message = "",
          ] = record.split("\0");
          return {
            sha: commit,
            parents: parents.split(" ").filter(Boolean),
            author: { name: authorName, email },
            subject,
            message: message.replace(/\n+$/, ""),
          };
        });
    },
    pullRequests: () => pulls.map((pull) => ({ ...pull })),
    addPullRequest: (kind, repository, fields) => ({
      ...addPull(kind, repository, {
        title: fields.title ?? `Change ${fields.head}`,
        body: fields.body ?? "",
        draft: fields.draft ?? false,
        head: fields.head,
        base: fields.base,
      }),
    }),
    failNext(count, status, options = {}) {
      failures.push({ remaining: count, status, ...options });
    },
    delayNext(count, ms) {
      delays.push({ remaining: count, ms });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const child of children) child.kill("SIGKILL");
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
  started.push(forge);
  return forge;
}

/** One commit on `branch` by `git fast-import`: a whole tree written by one process. */
async function fastImport(
  directory: string,
  branch: string,
  parent: string | null,
  message: string,
  files: Record<string, string | null>,
): Promise<void> {
  const text = Buffer.from(`${message}\n`);
  const chunks: Buffer[] = [
    Buffer.from(`commit refs/heads/${branch}\ncommitter ${COMMITTER}\ndata ${text.length}\n`),
    text,
  ];
  if (parent) chunks.push(Buffer.from(`from ${parent}\n`));
  for (const [file, content] of Object.entries(files)) {
    if (/[\n"]/.test(file) || file.startsWith("/") || !isSafePath(file))
      throw new Error(`mock forge: unsupported file path ${JSON.stringify(file)}`);
    if (content === null) {
      chunks.push(Buffer.from(`D ${file}\n`));
      continue;
    }
    const data = Buffer.from(content);
    chunks.push(
      Buffer.from(`M 100644 inline ${file}\ndata ${data.length}\n`),
      data,
      Buffer.from("\n"),
    );
  }
  chunks.push(Buffer.from("done\n"));
  await runGit(["fast-import", "--quiet", "--done"], {
    cwd: directory,
    input: Buffer.concat(chunks),
  });
}

/** A repository or file path with no `..`, `.` or empty segment. */
function isSafePath(value: string): boolean {
  const segments = value.split("/");
  return (
    value.length > 0 &&
    !value.includes("\\") &&
    !value.includes("\0") &&
    segments.every((segment) => segment !== "" && segment !== "." && segment !== "..")
  );
}

function basicUser(authorization: string | undefined): string | null {
  const match = /^basic\s+(\S+)/i.exec(authorization ?? "");
  if (!match?.[1]) return null;
  const user = Buffer.from(match[1], "base64").toString("utf8").split(":")[0];
  return user || null;
}

/** Where a CGI's headers end: `\r\n\r\n` or `\n\n`. */
function headerEnd(buffer: Buffer): { headers: number; body: number } | null {
  const crlf = buffer.indexOf("\r\n\r\n");
  const lf = buffer.indexOf("\n\n");
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { headers: crlf, body: crlf + 4 };
  if (lf >= 0) return { headers: lf, body: lf + 2 };
  return null;
}

function parseCgiHeaders(text: string): { status: number; headers: Record<string, string> } {
  let status = 200;
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === "status") status = Number.parseInt(value, 10) || 500;
    else headers[name] = value;
  }
  return { status, headers };
}

async function readBody(request: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (text === "") return null;
  const type = request.headers["content-type"] ?? "";
  if (type.includes("application/x-www-form-urlencoded"))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function paginate<T>(
  list: T[],
  query: Record<string, string>,
  perPage: number,
  maxPerPage: number,
): T[] {
  const size = Math.min(maxPerPage, Number(query.per_page ?? query.limit) || perPage);
  const page = Math.max(1, Number(query.page) || 1);
  return list.slice((page - 1) * size, page * size);
}

/** Runs git isolated from the user's and the system's configuration. */
function runGit(
  args: string[],
  options: { cwd?: string; input?: Buffer; allowFailure?: boolean } = {},
): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith("GIT_")) env[name] = value;
  Object.assign(env, {
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
  });
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, { cwd: options.cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.on("error", () => {});
    child.stdin.end(options.input);
    child.on("error", reject);
    child.on("close", (code) => {
      const result = { code: code ?? -1, stdout: Buffer.concat(stdout), stderr };
      if (code === 0 || options.allowFailure) resolve(result);
      else reject(new Error(`mock forge: git ${args.join(" ")} failed: ${stderr.trim()}`));
    });
  });
}
