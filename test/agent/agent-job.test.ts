import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { startApi, type TestApi, waitFor } from "../helpers/api-server.ts";
import { type MockForge, type MockForgeKind, startMockForge } from "../helpers/mock-forge.ts";
import { type MockModelServer, startMockModel, toolResults } from "../helpers/mock-model-server.ts";
import { testBackendIsPostgres } from "../helpers/postgres.ts";
import { runQuireSync } from "../helpers/quire-cli.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const TOKEN = "forge-token-0123456789";
const SITE = {
  "docs.json": JSON.stringify(
    { name: "Acme", colors: { primary: "#0a7" }, navigation: { pages: ["index", "guide"] } },
    null,
    2,
  ),
  "index.mdx": "---\ntitle: Home\n---\n\nWelcome to Acme.\n\nRead [the guide](/guide).\n",
  "guide.mdx": "---\ntitle: Guide\n---\n\n## Install\n\nRun the installer.\n",
};

interface Setup {
  api: TestApi;
  forge: MockForge;
  model: MockModelServer;
  orgId: string;
  projectId: string;
  key: string;
}

async function setup(
  options: {
    kind?: MockForgeKind;
    settings?: Record<string, string>;
    draft?: boolean;
    dataDir?: string;
    workers?: boolean;
  } = {},
): Promise<Setup> {
  const kind = options.kind ?? "github";
  const forge = await startMockForge({ token: TOKEN });
  await forge.createRepository("acme", "docs", SITE);
  const model = await startMockModel();
  const api = await startApi({
    workers: options.workers,
    dataDir: options.dataDir,
    settings: {
      agentProvider: "openai-compatible",
      agentModel: "test-model",
      agentBaseUrl: model.baseUrl,
      ...options.settings,
    },
  });
  const org = await api.services.admin.createOrganization("Acme");
  const project = await api.services.admin.createProject({
    orgId: org.id,
    name: "Docs",
    domain: `agent-${Math.random().toString(36).slice(2)}.example.test`,
    repository: forge.repositoryUrl("acme", "docs", kind),
    ref: "main",
    forge: kind,
    forgeApiUrl: forge.apiUrl(kind),
    forgeToken: TOKEN,
    pullRequestDraft: options.draft,
  });
  const key = (await api.services.admin.createApiKey(org.id)).key;
  return { api, forge, model, orgId: org.id, projectId: project.id, key };
}

async function createJob(s: Setup, prompt: string) {
  const response = await s.api.request("POST", `/v2/agent/${s.projectId}/job`, {
    key: s.key,
    body: { prompt },
  });
  expect(response.status).toBe(201);
  return response.json();
}

async function waitForJob(
  s: Setup,
  jobId: string,
  until: (job: { status: string }) => boolean = (job) => job.status !== "active",
) {
  return waitFor(
    async () => {
      const job = await (
        await s.api.request("GET", `/v2/agent/${s.projectId}/job/${jobId}`, { key: s.key })
      ).json();
      return until(job) && job;
    },
    60_000,
    `agent job ${jobId}`,
  );
}

const edit = (path: string, oldString: string, newString: string) => ({
  toolCalls: [
    { name: "edit_file", arguments: { path, old_string: oldString, new_string: newString } },
  ],
});

describe("an agent job", () => {
  it("edits the repository with its tools, pushes a branch and opens a pull request whose diff is the edit", async () => {
    const s = await setup();
    s.model.script(
      { toolCalls: [{ name: "read_file", arguments: { path: "index.mdx" } }] },
      edit("index.mdx", "Welcome to Acme.", "Welcome to Acme, the documentation platform."),
      { toolCalls: [{ name: "check_docs", arguments: {} }] },
      { text: "Expanded the welcome sentence on the home page." },
    );
    const created = await createJob(s, "Say what Acme is in the home page's welcome");
    const job = await waitForJob(s, created.id);
    expect(job.status, job.error).toBe("completed");
    expect(job.summary).toBe("Expanded the welcome sentence on the home page.");

    const [pullRequest, ...others] = s.forge.pullRequests();
    expect(others).toEqual([]);
    expect(job.prLink).toBe(pullRequest?.url);
    expect(pullRequest).toMatchObject({
      forge: "github",
      head: job.source.ref,
      base: "main",
      draft: false,
      title: "Docs: Say what Acme is in the home page's welcome",
    });
    expect(pullRequest?.body).toContain("> Say what Acme is in the home page's welcome");
    expect(pullRequest?.body).toContain("Expanded the welcome sentence");
    expect(pullRequest?.body).toContain("index.mdx");

    const branch = await s.forge.branchFiles("acme", "docs", job.source.ref);
    expect(branch["index.mdx"]).toContain("Welcome to Acme, the documentation platform.");
    expect(branch["guide.mdx"]).toBe(SITE["guide.mdx"]);
    expect(await s.forge.readFile("acme", "docs", "main", "index.mdx")).toBe(SITE["index.mdx"]);
    const [commit] = await s.forge.commits("acme", "docs", job.source.ref);
    expect(commit?.author).toEqual({ name: "Quire Agent", email: "agent@quire.invalid" });
    expect(commit?.subject).toBe("docs: Say what Acme is in the home page's welcome");

    // The model saw the file it read and the check's verdict, through the real wire protocol.
    expect(toolResults(s.model.requests[1] as never).join("\n")).toContain("Welcome to Acme.");
    expect(s.model.requests[0]?.tools?.map((tool) => tool.function.name)).toEqual(
      expect.arrayContaining([
        "list_files",
        "read_file",
        "search_files",
        "write_file",
        "edit_file",
        "delete_file",
        "move_file",
        "check_docs",
      ]),
    );
    expect(s.model.requests[0]?.model).toBe("test-model");
    // The token went to git and the forge, never to the model or the logs.
    expect(JSON.stringify(s.model.requests)).not.toContain(TOKEN);
    expect(s.api.logs.join("\n")).not.toContain(TOKEN);

    // The operator reads the run's trace with `quire jobs show`, from the same data dir.
    const cli = (...args: string[]) =>
      runQuireSync(["jobs", "show", job.id, "--data-dir", s.api.dataDir, ...args], {
        env: s.api.cliEnv,
      });
    const shown = JSON.parse(cli("--json").stdout);
    expect(shown.job).toMatchObject({ id: job.id, status: "completed", prLink: job.prLink });
    expect(shown.messages.map((message: { prompt: string }) => message.prompt)).toEqual([
      "Say what Acme is in the home page's welcome",
    ]);
    const steps = shown.steps.map(
      (step: { kind: string; name: string }) => `${step.kind} ${step.name}`,
    );
    expect(steps).toEqual(
      expect.arrayContaining([
        "git clone",
        "tool read_file",
        "tool edit_file",
        "tool check_docs",
        "check check_docs",
        "git push",
        "forge open pull request",
      ]),
    );
    expect(
      shown.steps
        .filter((step: { kind: string }) => step.kind === "model")
        .every((step: { inputTokens: number }) => step.inputTokens === 100),
    ).toBe(true);
    const text = cli().stdout;
    expect(text).toContain(`Agent job ${job.id}`);
    expect(text).toMatch(/tool edit_file/);
    expect(text).not.toContain(TOKEN);
  });

  it.each([
    "gitlab",
    "gitea",
  ] as const)("opens a %s pull (merge) request, as a draft when the project says so", async (kind) => {
    const s = await setup({ kind, draft: true });
    s.model.script(edit("guide.mdx", "Run the installer.", "Run the installer, then sign in."), {
      text: "Added the sign-in step.",
    });
    const job = await waitForJob(s, (await createJob(s, "Mention signing in after installing")).id);
    expect(job.status, job.error).toBe("completed");
    const [pullRequest] = s.forge.pullRequests();
    expect(pullRequest).toMatchObject({
      forge: kind,
      head: job.source.ref,
      base: "main",
      draft: true,
    });
    expect(job.prLink).toBe(pullRequest?.url);
  });

  it("completes with no pull request and says why when nothing needed to change", async () => {
    const s = await setup();
    s.model.script(
      { toolCalls: [{ name: "search_files", arguments: { pattern: "installer" } }] },
      { text: "The guide already explains installing; nothing to change." },
    );
    const job = await waitForJob(s, (await createJob(s, "Explain installing")).id);
    expect(job).toMatchObject({
      status: "completed",
      prLink: null,
      summary: "The guide already explains installing; nothing to change.",
    });
    expect(await s.forge.branches("acme", "docs")).toEqual(["main"]);
    expect(s.forge.pullRequests()).toEqual([]);
  });

  it("fails with the provider's message when the model keeps failing, after retrying", async () => {
    const s = await setup({ settings: { agentModelRetries: "1" } });
    s.model.script(
      ...Array.from({ length: 6 }, () => ({ status: 503, error: "the model is overloaded" })),
    );
    const job = await waitForJob(s, (await createJob(s, "Anything")).id);
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/the model failed: .*overloaded/);
    expect(s.model.requests.length).toBe(2);
  });

  it("retries a transient model error and goes on", async () => {
    const s = await setup();
    s.model.script({ status: 500, error: "temporary" }, { text: "Nothing to change." });
    const job = await waitForJob(s, (await createJob(s, "Anything")).id);
    expect(job).toMatchObject({ status: "completed", summary: "Nothing to change." });
  });

  it.each([
    ["the step limit", { agentMaxSteps: "3" }, /step limit of 3/],
    ["the token budget", { agentTokenBudget: "500" }, /token budget of 500 tokens/],
  ])("fails naming %s when it is hit", async (_name, settings, message) => {
    const s = await setup({ settings });
    s.model.usage = { prompt: 200, completion: 50 };
    s.model.script(
      ...Array.from({ length: 10 }, () => ({ toolCalls: [{ name: "list_files", arguments: {} }] })),
    );
    const job = await waitForJob(s, (await createJob(s, "Loop forever")).id);
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(message);
    expect(s.forge.pullRequests()).toEqual([]);
  });

  it("fails naming the time limit when a run takes too long", async () => {
    const s = await setup({ settings: { agentTimeoutSeconds: "1" } });
    s.model.script({ hang: true });
    const job = await waitForJob(s, (await createJob(s, "Think slowly")).id);
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/time limit of 1 s/);
  });

  it("refuses writes outside the checkout or through a symlink and goes on", async () => {
    const s = await setup();
    const outside = makeTempDir();
    s.model.script(
      {
        toolCalls: [
          {
            name: "write_file",
            arguments: { path: `../../../../../../${outside}/escaped.txt`, content: "x" },
          },
        ],
      },
      {
        toolCalls: [
          { name: "write_file", arguments: { path: `${outside}/absolute.txt`, content: "x" } },
        ],
      },
      {
        toolCalls: [
          {
            name: "write_file",
            arguments: { path: ".git/hooks/post-checkout", content: "#!/bin/sh\n" },
          },
        ],
      },
      edit("index.mdx", "Welcome to Acme.", "Welcome to Acme!"),
      { text: "Changed the greeting." },
    );
    const job = await waitForJob(s, (await createJob(s, "Make the greeting excited")).id);
    expect(job.status, job.error).toBe("completed");
    const refusals = s.model.requests.slice(1, 4).map((request) => toolResults(request).at(-1));
    for (const refusal of refusals) expect(refusal).toMatch(/^Error: /);
    const { readdirSync } = await import("node:fs");
    expect(readdirSync(outside)).toEqual([]);
    expect(Object.keys(await s.forge.branchFiles("acme", "docs", job.source.ref)).sort()).toEqual([
      "docs.json",
      "guide.mdx",
      "index.mdx",
    ]);
  });

  it("shows the model the errors its change introduced, and opens the pull request once they are fixed", async () => {
    const s = await setup();
    s.model.script(
      edit("guide.mdx", "Run the installer.", "<Note>\nRun the installer.\n"),
      { text: "Wrapped the step in a note." },
      (request) => {
        const last = request.messages.at(-1);
        expect(String(last?.content)).toMatch(
          /check_docs found errors that your change introduced[\s\S]*guide\.mdx:\d+/,
        );
        return edit(
          "guide.mdx",
          "<Note>\nRun the installer.\n",
          "<Note>\nRun the installer.\n</Note>\n",
        );
      },
      { text: "Wrapped the step in a note, now closed." },
    );
    const job = await waitForJob(s, (await createJob(s, "Put the install step in a note")).id);
    expect(job.status, job.error).toBe("completed");
    expect(job.summary).toBe("Wrapped the step in a note, now closed.");
    expect((await s.forge.branchFiles("acme", "docs", job.source.ref))["guide.mdx"]).toContain(
      "</Note>",
    );
    expect(s.forge.pullRequests()).toHaveLength(1);
  });

  it("opens no pull request and lists the errors when the change stays broken", async () => {
    const s = await setup({ settings: { agentFixRounds: "1" } });
    s.model.script(
      edit("guide.mdx", "Run the installer.", "<Note>\nRun the installer.\n"),
      { text: "Done." },
      { text: "I could not fix it." },
    );
    const job = await waitForJob(s, (await createJob(s, "Put the install step in a note")).id);
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/introduces 1 error that[\s\S]*guide\.mdx:\d+:\d+/);
    expect(s.forge.pullRequests()).toEqual([]);
    expect(await s.forge.branches("acme", "docs")).toEqual(["main"]);
  });

  it("stops at once when archived while active: no push, no pull request", async () => {
    const s = await setup();
    s.model.script(edit("index.mdx", "Welcome to Acme.", "Hello."), { hang: true });
    const created = await createJob(s, "Rewrite the greeting");
    await waitFor(async () => s.model.requests.length >= 2, 20_000, "the model's second call");
    const archived = await (
      await s.api.request("POST", `/v2/agent/${s.projectId}/job/${created.id}/archive`, {
        key: s.key,
      })
    ).json();
    expect(archived.status).toBe("archived");
    await waitFor(async () => (s.api.runner?.runningCount ?? 0) === 0, 10_000, "the run to stop");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await s.forge.branches("acme", "docs")).toEqual(["main"]);
    expect(s.forge.pullRequests()).toEqual([]);
    const job = await (
      await s.api.request("GET", `/v2/agent/${s.projectId}/job/${created.id}`, { key: s.key })
    ).json();
    expect(job).toMatchObject({ status: "archived", prLink: null });
  });

  it("continues on the same branch and pull request after a follow-up message, with the conversation so far", async () => {
    const s = await setup();
    s.model.script(edit("index.mdx", "Welcome to Acme.", "Welcome to Acme!"), {
      text: "Excited greeting.",
    });
    const created = await createJob(s, "Make the greeting excited");
    const first = await waitForJob(s, created.id);
    expect(first.status, first.error).toBe("completed");

    s.model.script(edit("guide.mdx", "Run the installer.", "Run the installer!"), {
      text: "Excited guide too.",
    });
    const response = await s.api.request(
      "POST",
      `/v2/agent/${s.projectId}/job/${created.id}/message`,
      { key: s.key, body: { prompt: "Now the guide too" } },
    );
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe("active");
    const second = await waitForJob(s, created.id);
    expect(second).toMatchObject({
      status: "completed",
      prLink: first.prLink,
      summary: "Excited guide too.",
    });
    expect(s.forge.pullRequests()).toHaveLength(1);
    expect(await s.forge.commits("acme", "docs", created.source.ref)).toHaveLength(3);
    const files = await s.forge.branchFiles("acme", "docs", created.source.ref);
    expect(files["index.mdx"]).toContain("Welcome to Acme!");
    expect(files["guide.mdx"]).toContain("Run the installer!");
    const followUp = s.model.requests.at(-2);
    const userTurns = followUp?.messages
      .filter((message) => message.role === "user")
      .map((message) => String(message.content));
    expect(userTurns).toEqual(["Make the greeting excited", "Now the guide too"]);
  });

  // Simulates a dead worker in the embedded queue's own table; pg-boss recovery has its own test.
  it.skipIf(testBackendIsPostgres())(
    "opens the pull request once on restart when the run died after its push",
    async () => {
      const dataDir = makeTempDir();
      const s = await setup({ dataDir, workers: false });
      const { job } = await s.api.services.agentJobs.create(
        s.orgId,
        s.projectId,
        "Fix the greeting",
      );
      const commit = await s.forge.commitFiles(
        "acme",
        "docs",
        job.source.ref as string,
        { "index.mdx": "---\ntitle: Home\n---\n\nHello from Acme.\n" },
        { from: "main" },
      );
      const { db } = s.api.services.context.database;
      await db
        .updateTable("agent_jobs")
        .set({ pushed_commit: commit, summary: "Fixed the greeting." })
        .where("id", "=", job.id)
        .execute();
      await db
        .updateTable("queue_jobs")
        .set({
          status: "running",
          attempts: 1,
          locked_by: `${hostname()}:999999:dead`,
          lease_expires_at: new Date(Date.now() + 60_000).toISOString(),
        })
        .where("subject_id", "=", job.id)
        .execute();
      await s.api.close();

      const restarted = await startApi({
        dataDir,
        settings: {
          agentProvider: "openai-compatible",
          agentModel: "test-model",
          agentBaseUrl: s.model.baseUrl,
        },
      });
      const done = await waitFor(async () => {
        const current = await restarted.services.agentJobs.get(s.orgId, s.projectId, job.id);
        return current.status !== "active" && current;
      }, 30_000);
      expect(done.status, done.error ?? "").toBe("completed");
      const pullRequests = s.forge.pullRequests();
      expect(pullRequests).toHaveLength(1);
      expect(done.prLink).toBe(pullRequests[0]?.url);
      expect(s.model.requests).toEqual([]);
    },
  );

  // Simulates a dead worker in the embedded queue's own table; pg-boss recovery has its own test.
  it.skipIf(testBackendIsPostgres())(
    "finds the pull request an earlier attempt opened instead of opening a second",
    async () => {
      const dataDir = makeTempDir();
      const s = await setup({ dataDir, workers: false });
      const { job } = await s.api.services.agentJobs.create(
        s.orgId,
        s.projectId,
        "Fix the greeting",
      );
      const commit = await s.forge.commitFiles(
        "acme",
        "docs",
        job.source.ref as string,
        { "index.mdx": "Hello.\n" },
        { from: "main" },
      );
      const existing = s.forge.addPullRequest("github", "acme/docs", {
        head: job.source.ref as string,
        base: "main",
        title: "Docs: Fix the greeting",
      });
      const { db } = s.api.services.context.database;
      await db
        .updateTable("agent_jobs")
        .set({ pushed_commit: commit })
        .where("id", "=", job.id)
        .execute();
      await db
        .updateTable("queue_jobs")
        .set({
          status: "running",
          attempts: 1,
          locked_by: `${hostname()}:999999:dead`,
          lease_expires_at: new Date(Date.now() + 60_000).toISOString(),
        })
        .where("subject_id", "=", job.id)
        .execute();
      await s.api.close();
      const restarted = await startApi({
        dataDir,
        settings: {
          agentProvider: "openai-compatible",
          agentModel: "test-model",
          agentBaseUrl: s.model.baseUrl,
        },
      });
      const done = await waitFor(async () => {
        const current = await restarted.services.agentJobs.get(s.orgId, s.projectId, job.id);
        return current.status !== "active" && current;
      }, 30_000);
      expect(done).toMatchObject({ status: "completed", prLink: existing.url });
      expect(s.forge.pullRequests()).toHaveLength(1);
    },
  );
});

describe("an agent job on a local repository without a forge", () => {
  it("pushes its branch to the repository and completes with no pull request", async () => {
    const { execFileSync } = await import("node:child_process");
    const { makeRepo } = await import("../helpers/temp-repo.ts");
    const repo = makeRepo(SITE);
    const git = (...args: string[]) =>
      execFileSync(
        "git",
        ["-C", repo, "-c", "user.name=T", "-c", "user.email=t@example.test", ...args],
        { encoding: "utf8" },
      );
    git("init", "-q", "-b", "main");
    git("add", ".");
    git("commit", "-qm", "Docs");
    const model = await startMockModel();
    const api = await startApi({
      settings: {
        agentProvider: "openai-compatible",
        agentModel: "test-model",
        agentBaseUrl: model.baseUrl,
      },
    });
    const org = await api.services.admin.createOrganization("Local");
    const project = await api.services.admin.createProject({
      orgId: org.id,
      name: "Docs",
      domain: "local-agent.example.test",
      repository: repo,
      ref: "main",
    });
    const key = (await api.services.admin.createApiKey(org.id)).key;
    model.script(edit("index.mdx", "Welcome to Acme.", "Welcome to Acme, locally."), {
      text: "Changed the greeting.",
    });
    const created = await (
      await api.request("POST", `/v2/agent/${project.id}/job`, {
        key,
        body: { prompt: "Change the greeting" },
      })
    ).json();
    const job = await waitFor(async () => {
      const current = await api.services.agentJobs.get(org.id, project.id, created.id);
      return current.status !== "active" && current;
    }, 30_000);
    expect(job).toMatchObject({
      status: "completed",
      prLink: null,
      summary: "Changed the greeting.",
    });
    expect(git("show", `${job.source.ref}:index.mdx`)).toContain("Welcome to Acme, locally.");
    expect(git("rev-parse", "--abbrev-ref", "HEAD").trim()).toBe("main");
  });
});
