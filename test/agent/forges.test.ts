import { describe, expect, it } from "vitest";
import {
  createForge,
  defaultApiUrl,
  type Forge,
  ForgeError,
  type ForgeKind,
  type ForgeOptions,
  repositoryPath,
} from "../../src/agent/forges/index.ts";
import { type MockForge, type MockRequest, startMockForge } from "../helpers/mock-forge.ts";

const TOKEN = "forge-token-5f3a9c";
const FAST: ForgeOptions = { retryDelayMs: 1 };

/** Where each forge keeps the test repository: GitLab's sits in a nested group. */
const OWNER: Record<ForgeKind, string> = { github: "acme", gitlab: "acme/writers", gitea: "acme" };
const NAME: Record<ForgeKind, string> = {
  github: "GitHub",
  gitlab: "GitLab",
  gitea: "Gitea",
};

interface Setup {
  mock: MockForge;
  forge: Forge;
  owner: string;
}

/** A mock forge with `owner/docs` (default branch `main`) and a pushed `quire/agent-1` branch. */
async function setUp(
  kind: ForgeKind,
  options: { token?: string; forgeOptions?: ForgeOptions; branch?: string } = {},
): Promise<Setup> {
  const mock = await startMockForge({ token: TOKEN });
  const owner = OWNER[kind];
  const branch = options.branch ?? "main";
  await mock.createRepository(owner, "docs", { "index.mdx": "# Home\n" }, { branch });
  await mock.commitFiles(owner, "docs", "quire/agent-1", { "index.mdx": "# Welcome\n" });
  const forge = createForge(
    {
      kind,
      repository: mock.repositoryUrl(owner, "docs", kind),
      apiUrl: mock.apiUrl(kind),
      token: options.token ?? TOKEN,
    },
    options.forgeOptions ?? FAST,
  );
  return { mock, forge, owner };
}

const request = {
  head: "quire/agent-1",
  base: "main",
  title: "Update the home page",
  body: "Done by Quire.",
};

function apiCalls(mock: MockForge, method?: string): MockRequest[] {
  return mock.requests.filter(
    (item) => item.forge !== "git" && (method === undefined || item.method === method),
  );
}

describe.each(["github", "gitlab", "gitea"] as const)("the %s forge", (kind) => {
  it("opens a pull request, returns its web address, and finds it again", async () => {
    const { mock, forge, owner } = await setUp(kind);
    expect(await forge.findPullRequest("quire/agent-1", "main")).toBeNull();

    const opened = await forge.openPullRequest({ ...request, draft: false });
    const [stored] = mock.pullRequests();
    expect(stored).toMatchObject({
      forge: kind,
      repository: `${owner}/docs`,
      head: "quire/agent-1",
      base: "main",
      title: "Update the home page",
      body: "Done by Quire.",
      draft: false,
    });
    expect(opened).toEqual({ url: stored?.url, number: 1 });
    expect(opened.url).toMatch(new RegExp(`^${mock.url}/.*${owner}/docs/.*1$`));

    expect(await forge.findPullRequest("quire/agent-1", "main")).toEqual(opened);
    expect(await forge.findPullRequest("quire/agent-1", "release")).toBeNull();
    expect(await forge.findPullRequest("other", "main")).toBeNull();
  });

  it("sends the forge's own authentication header on every call", async () => {
    const { mock, forge } = await setUp(kind);
    await forge.openPullRequest({ ...request, draft: false });
    const calls = apiCalls(mock);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      if (kind === "github") {
        expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
        expect(call.headers.accept).toBe("application/vnd.github+json");
        expect(call.headers["x-github-api-version"]).toBe("2022-11-28");
      } else if (kind === "gitlab") {
        expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
      } else {
        expect(call.headers.authorization).toBe(`token ${TOKEN}`);
      }
    }
  });

  it("returns the same pull request when asked to open it twice", async () => {
    const { mock, forge } = await setUp(kind);
    const first = await forge.openPullRequest({ ...request, draft: false });
    const second = await forge.openPullRequest({ ...request, draft: false, title: "Again" });
    expect(second).toEqual(first);
    expect(mock.pullRequests()).toHaveLength(1);
    // The second try was refused by the forge (409/422), then the open one was looked up.
    const conflict = mock.requests.filter((item) => item.status === 409 || item.status === 422);
    expect(conflict).toHaveLength(1);
  });

  it("opens a draft the way the forge expresses it", async () => {
    const { mock, forge } = await setUp(kind);
    await forge.openPullRequest({ ...request, draft: true });
    const [stored] = mock.pullRequests();
    const [post] = apiCalls(mock, "POST");
    expect(stored?.draft).toBe(true);
    if (kind === "github") {
      expect(stored?.title).toBe("Update the home page");
      expect(post?.body).toMatchObject({ draft: true, title: "Update the home page" });
    } else if (kind === "gitlab") {
      expect(stored?.title).toBe("Draft: Update the home page");
    } else {
      expect(stored?.title).toBe("WIP: Update the home page");
    }
  });

  it("does not prefix a draft's title twice", async () => {
    const { mock, forge } = await setUp(kind);
    const title = kind === "gitlab" ? "Draft: Edit" : kind === "gitea" ? "WIP: Edit" : "Edit";
    await forge.openPullRequest({ ...request, title, draft: true });
    expect(mock.pullRequests()[0]?.title).toBe(title);
  });

  it("reads the repository's default branch", async () => {
    const { forge } = await setUp(kind, { branch: "trunk" });
    expect(await forge.defaultBranch()).toBe("trunk");
  });

  it("retries a 500 and then succeeds", async () => {
    const { mock, forge } = await setUp(kind);
    mock.failNext(2, 500);
    const opened = await forge.openPullRequest({ ...request, draft: false });
    expect(opened.number).toBe(1);
    expect(apiCalls(mock, "POST").map((call) => call.status)).toEqual([500, 500, 201]);
    expect(mock.pullRequests()).toHaveLength(1);
  });

  it("reports a 401 as a ForgeError that names the forge and never holds the token", async () => {
    const { forge } = await setUp(kind, { token: "wrong-token-abcdef" });
    const error = await forge
      .openPullRequest({ ...request, draft: false })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(ForgeError);
    expect(error.status).toBe(401);
    expect(error.message).toContain(NAME[kind]);
    expect(error.message).toMatch(/\(401\)/);
    expect(error.message).toMatch(/forge token/);
    expect(error.message).not.toContain("wrong-token-abcdef");
    expect(error.message).not.toContain(TOKEN);
  });

  it("reports a missing repository with a 404 and what to check", async () => {
    const { mock } = await setUp(kind);
    const forge = createForge(
      {
        kind,
        repository: mock.repositoryUrl(OWNER[kind], "missing", kind),
        apiUrl: mock.apiUrl(kind),
        token: TOKEN,
      },
      FAST,
    );
    const error = await forge.defaultBranch().catch((caught) => caught);
    expect(error).toBeInstanceOf(ForgeError);
    expect(error.status).toBe(404);
    expect(error.message).toContain(`${OWNER[kind]}/missing`);
    expect(error.message).toMatch(/repository URL/);
  });
});

describe("GitHub", () => {
  it("asks for the open pull request by owner:branch and base", async () => {
    const { mock, forge } = await setUp("github");
    await forge.findPullRequest("quire/agent-1", "main");
    const [call] = apiCalls(mock);
    expect(call?.pathname).toBe("/github/repos/acme/docs/pulls");
    expect(call?.query).toMatchObject({ state: "open", head: "acme:quire/agent-1", base: "main" });
  });

  it("puts the forge's own reason in the error, and does not retry a 422", async () => {
    const { mock, forge } = await setUp("github");
    const error = await forge
      .openPullRequest({ ...request, head: "never-pushed", draft: false })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(ForgeError);
    expect(error.status).toBe(422);
    expect(error.message).toBe(
      "GitHub refused to open the pull request in acme/docs (422): PullRequest head invalid",
    );
    // One POST, then one look for an existing pull request before giving up.
    expect(apiCalls(mock).map((call) => `${call.method} ${call.status}`)).toEqual([
      "POST 422",
      "GET 200",
    ]);
  });

  it("explains a pull request with no commits", async () => {
    const { mock, forge } = await setUp("github");
    await mock.commitFiles("acme", "docs", "empty", {}, { from: "main" });
    await expect(
      forge.openPullRequest({ ...request, head: "main", base: "main", draft: false }),
    ).rejects.toThrow(/\(422\): No commits between main and main/);
  });

  it("gives up after a bounded number of tries, saying so", async () => {
    const { mock, forge } = await setUp("github", {
      forgeOptions: { retryDelayMs: 1, attempts: 3 },
    });
    mock.failNext(5, 502, { message: "upstream down" });
    const error = await forge.defaultBranch().catch((caught) => caught);
    expect(error).toBeInstanceOf(ForgeError);
    expect(error.status).toBe(502);
    expect(error.message).toBe(
      "GitHub failed to read the repository acme/docs (502): upstream down; gave up after 3 tries",
    );
    expect(apiCalls(mock)).toHaveLength(3);
  });

  it("retries a dropped connection", async () => {
    const { mock, forge } = await setUp("github");
    mock.failNext(1, "network");
    expect(await forge.defaultBranch()).toBe("main");
    expect(apiCalls(mock).map((call) => call.status)).toEqual([0, 200]);
  });

  it("waits as long as a 429's Retry-After asks", async () => {
    const { mock, forge } = await setUp("github");
    mock.failNext(1, 429, { retryAfter: 1, message: "API rate limit exceeded" });
    const started = Date.now();
    expect(await forge.defaultBranch()).toBe("main");
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("fails at once when Retry-After asks for longer than it may wait", async () => {
    const { mock, forge } = await setUp("github");
    mock.failNext(1, 429, { retryAfter: 3600, message: "API rate limit exceeded" });
    await expect(forge.defaultBranch()).rejects.toThrow(
      "GitHub refused to read the repository acme/docs (429): API rate limit exceeded; it asks to wait 3600 s",
    );
    expect(apiCalls(mock)).toHaveLength(1);
  });

  it("never retries a 4xx other than 429", async () => {
    const { mock, forge } = await setUp("github");
    mock.failNext(3, 403, { message: "Resource not accessible by integration" });
    await expect(forge.defaultBranch()).rejects.toThrow(
      /\(403\): Resource not accessible by integration \(check that the forge token may do this\)$/,
    );
    expect(apiCalls(mock)).toHaveLength(1);
  });

  it("gives up on a call that takes longer than the timeout, and retries it", async () => {
    const { mock, forge } = await setUp("github", {
      forgeOptions: { timeoutMs: 500, retryDelayMs: 1 },
    });
    mock.delayNext(1, 2000);
    expect(await forge.defaultBranch()).toBe("main");

    const once = createForge(
      {
        kind: "github",
        repository: mock.repositoryUrl("acme", "docs"),
        apiUrl: mock.apiUrl("github"),
        token: TOKEN,
      },
      { timeoutMs: 500, attempts: 1 },
    );
    mock.delayNext(1, 2000);
    await expect(once.defaultBranch()).rejects.toThrow(
      "GitHub did not answer within 0.5 s when asked to read the repository acme/docs",
    );
  });

  it("stops when the caller aborts, without retrying", async () => {
    const { mock, forge } = await setUp("github");
    mock.failNext(10, 503);
    const controller = new AbortController();
    const reason = new Error("job archived");
    setTimeout(() => controller.abort(reason), 50);
    const slow = createForge(
      {
        kind: "github",
        repository: mock.repositoryUrl("acme", "docs"),
        apiUrl: mock.apiUrl("github"),
        token: TOKEN,
      },
      { retryDelayMs: 10_000 },
    );
    await expect(slow.defaultBranch(controller.signal)).rejects.toBe(reason);
    expect(apiCalls(mock).length).toBeLessThanOrEqual(1);
    await expect(forge.defaultBranch(AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it("keeps the token out of a message even when the forge echoes it", async () => {
    const { mock, forge } = await setUp("github");
    mock.failNext(1, 400, { message: `bad token ${TOKEN}` });
    const error = await forge.defaultBranch().catch((caught) => caught);
    expect(error.message).toBe(
      "GitHub refused to read the repository acme/docs (400): bad token [redacted]",
    );
  });

  it("reports an unreachable forge plainly", async () => {
    const { mock } = await setUp("github");
    const url = mock.url;
    await mock.close();
    const forge = createForge(
      {
        kind: "github",
        repository: "https://github.com/acme/docs.git",
        apiUrl: `${url}/github`,
        token: TOKEN,
      },
      { attempts: 2, retryDelayMs: 1 },
    );
    const error = await forge.defaultBranch().catch((caught) => caught);
    expect(error).toBeInstanceOf(ForgeError);
    expect(error.status).toBeNull();
    expect(error.message).toMatch(
      new RegExp(
        `^could not reach GitHub at ${url} to read the repository acme/docs: .*ECONNREFUSED.*; gave up after 2 tries$`,
      ),
    );
  });
});

describe("GitLab", () => {
  it("addresses a project in nested groups by its encoded full path", async () => {
    const { mock, forge } = await setUp("gitlab");
    await forge.openPullRequest({ ...request, draft: false });
    const paths = apiCalls(mock).map((call) => `${call.method} ${call.pathname}`);
    expect(paths).toEqual(["POST /gitlab/api/v4/projects/acme%2Fwriters%2Fdocs/merge_requests"]);
    expect(apiCalls(mock)[0]?.body).toEqual({
      source_branch: "quire/agent-1",
      target_branch: "main",
      title: "Update the home page",
      description: "Done by Quire.",
    });
  });

  it("asks for the open merge request by source and target branch", async () => {
    const { mock, forge } = await setUp("gitlab");
    await forge.findPullRequest("quire/agent-1", "main");
    expect(apiCalls(mock)[0]?.query).toMatchObject({
      state: "opened",
      source_branch: "quire/agent-1",
      target_branch: "main",
    });
  });
});

describe("Gitea", () => {
  it("pages through the open pull requests to find one", async () => {
    const { mock, forge } = await setUp("gitea");
    // 55 others first, so the one sought is on the second page of 50.
    for (let index = 0; index < 55; index++)
      mock.addPullRequest("gitea", "acme/docs", { head: `other-${index}`, base: "main" });
    mock.addPullRequest("gitea", "acme/docs", { head: "quire/agent-1", base: "release" });
    const opened = await forge.openPullRequest({ ...request, draft: false });
    mock.requests.length = 0;
    expect(await forge.findPullRequest("quire/agent-1", "main")).toEqual(opened);
    expect(apiCalls(mock).map((call) => call.query.page)).toEqual(["1", "2"]);
  });
});

describe("reading a repository URL", () => {
  it.each([
    ["https://github.com/acme/docs", "acme/docs"],
    ["https://github.com/acme/docs.git", "acme/docs"],
    ["https://github.com/acme/docs/", "acme/docs"],
    ["https://x-access-token:ghp_secret@github.com/acme/docs.git", "acme/docs"],
    ["https://user@github.com/acme/docs.git", "acme/docs"],
    ["git@github.com:acme/docs.git", "acme/docs"],
    ["github.com:acme/docs", "acme/docs"],
    ["ssh://git@github.com:22/acme/docs.git", "acme/docs"],
    ["https://gitlab.com/group/subgroup/docs.git", "group/subgroup/docs"],
    ["git@gitlab.example.com:group/sub/deeper/docs.git", "group/sub/deeper/docs"],
    ["https://ghe.example.com/acme/my%20docs.git", "acme/my docs"],
  ])("%s is %s", (url, expected) => {
    expect(repositoryPath(url)).toBe(expected);
  });

  it("takes owner/name from the end of the path for GitHub and Gitea", () => {
    expect(repositoryPath("https://code.example.com/gitea/acme/docs.git", "gitea")).toBe(
      "acme/docs",
    );
    expect(repositoryPath("http://127.0.0.1:4000/git/acme/docs.git", "github")).toBe("acme/docs");
  });

  it("keeps GitLab's whole namespace path, less the sub-path GitLab is served under", () => {
    expect(repositoryPath("https://gitlab.com/group/sub/docs.git", "gitlab", null)).toBe(
      "group/sub/docs",
    );
    expect(
      repositoryPath(
        "https://example.com/gitlab/group/docs.git",
        "gitlab",
        "https://example.com/gitlab/api/v4",
      ),
    ).toBe("group/docs");
    expect(
      repositoryPath(
        "git@example.com:gitlab/docs.git",
        "gitlab",
        "https://other.example.com/gitlab/api/v4",
      ),
    ).toBe("gitlab/docs");
  });

  it.each([
    "/srv/docs",
    "file:///srv/docs",
    "https://github.com/acme",
    "not a url",
    "https://github.com/a/../b",
  ])("refuses %s with a ForgeError", (url) => {
    expect(() => repositoryPath(url)).toThrow(ForgeError);
  });

  it("never repeats credentials from the URL in an error", () => {
    expect(() => repositoryPath("https://x:ghp_secret@github.com/only-one")).toThrow(
      /^cannot read the repository's owner and name from "https:\/\/github.com\/only-one"/,
    );
  });

  it("refuses a bad setting when the forge is made, not mid-job", () => {
    expect(() =>
      createForge({ kind: "github", repository: "/srv/docs", apiUrl: null, token: TOKEN }),
    ).toThrow(ForgeError);
    expect(() =>
      createForge({
        kind: "github",
        repository: "https://github.com/a/b",
        apiUrl: "ftp://x",
        token: TOKEN,
      }),
    ).toThrow(/must be an http\(s\) URL/);
    expect(() =>
      createForge({
        kind: "bitbucket" as ForgeKind,
        repository: "https://x.test/a/b",
        apiUrl: null,
        token: TOKEN,
      }),
    ).toThrow(/unknown forge "bitbucket"/);
  });
});

describe("the default API URL", () => {
  it.each([
    ["github", "https://github.com/acme/docs.git", "https://api.github.com"],
    ["github", "git@github.com:acme/docs.git", "https://api.github.com"],
    ["github", "https://ghe.example.com/acme/docs.git", "https://ghe.example.com/api/v3"],
    ["github", "git@ghe.example.com:acme/docs.git", "https://ghe.example.com/api/v3"],
    ["gitlab", "https://gitlab.com/group/sub/docs.git", "https://gitlab.com/api/v4"],
    [
      "gitlab",
      "https://gitlab.example.com:8443/group/docs.git",
      "https://gitlab.example.com:8443/api/v4",
    ],
    [
      "gitlab",
      "ssh://git@gitlab.example.com:2222/group/docs.git",
      "https://gitlab.example.com/api/v4",
    ],
    ["gitea", "https://codeberg.org/acme/docs.git", "https://codeberg.org/api/v1"],
    [
      "gitea",
      "https://code.example.com/gitea/acme/docs.git",
      "https://code.example.com/gitea/api/v1",
    ],
    ["gitea", "http://gitea.local:3000/acme/docs.git", "http://gitea.local:3000/api/v1"],
  ] as const)("for %s at %s is %s", (kind, url, expected) => {
    expect(defaultApiUrl(kind, url)).toBe(expected);
  });

  it("gives way to an explicit API URL", () => {
    expect(
      defaultApiUrl("github", "https://github.com/a/b", "https://ghe.example.com/api/v3/"),
    ).toBe("https://ghe.example.com/api/v3");
  });
});
