import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { x as extractTar } from "tar";
import { describe, expect, it } from "vitest";
import {
  createTenant,
  startApi,
  type Tenant,
  type TestApi,
  waitFor,
} from "../helpers/api-server.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

const SITE = {
  "docs.json": JSON.stringify({
    name: "Acme",
    colors: { primary: "#0a7" },
    navigation: { pages: ["index", "guide/setup"] },
  }),
  "index.mdx": "---\ntitle: Home\n---\n\nWelcome to Acme.\n",
  "guide/setup.mdx": "---\ntitle: Setup\n---\n\nInstall it.\n",
};

async function startExport(
  api: TestApi,
  tenant: Tenant,
  body: unknown = { domain: tenant.domain },
) {
  const response = await api.request("POST", "/v1/static-export/jobs", { key: tenant.key, body });
  return { response, job: await response.json() };
}

async function waitForExport(api: TestApi, tenant: Tenant, jobId: string, seen: unknown[] = []) {
  return waitFor(
    async () => {
      const job = await (
        await api.request("GET", `/v1/static-export/jobs/${jobId}`, { key: tenant.key })
      ).json();
      seen.push(job);
      return (job.status === "completed" || job.status === "failed") && job;
    },
    60_000,
    `export ${jobId}`,
  );
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "T",
      GIT_AUTHOR_EMAIL: "t@example.test",
      GIT_COMMITTER_NAME: "T",
      GIT_COMMITTER_EMAIL: "t@example.test",
    },
  });
}

describe("the static export flow", () => {
  it("starts (202 queued), reports growing progress and pageCount, completes, and serves a bundle whose sha256 and contents are right", async () => {
    const api = await startApi();
    const tenant = await createTenant(api);
    const { response, job } = await startExport(api, tenant, {
      domain: tenant.domain,
      version: "2.4.0",
    });
    expect(response.status).toBe(202);
    expect(Object.keys(job).sort()).toEqual([
      "createdAt",
      "domain",
      "error",
      "jobId",
      "pageCount",
      "progress",
      "status",
      "updatedAt",
      "version",
    ]);
    expect(job).toMatchObject({
      status: "queued",
      progress: 0,
      pageCount: 0,
      domain: tenant.domain,
      version: "2.4.0",
      error: null,
    });

    const seen: { status: string; progress: number; pageCount: number }[] = [];
    const done = await waitForExport(api, tenant, job.jobId, seen);
    expect(done.status).toBe("completed");
    expect(done.progress).toBe(100);
    const pageCount = readdirSync("examples/docs", { recursive: true }).filter(
      (file) => /\.mdx?$/.test(String(file)) && !String(file).startsWith("snippets"),
    ).length;
    expect(done.pageCount).toBeGreaterThan(20);
    expect(done.pageCount).toBeLessThanOrEqual(pageCount);
    for (let index = 1; index < seen.length; index++) {
      expect(seen[index]?.progress).toBeGreaterThanOrEqual(seen[index - 1]?.progress as number);
      expect(seen[index]?.pageCount).toBeGreaterThanOrEqual(seen[index - 1]?.pageCount as number);
    }

    const bundleResponse = await api.request("POST", `/v1/static-export/jobs/${job.jobId}/bundle`, {
      key: tenant.key,
    });
    expect(bundleResponse.status).toBe(200);
    const bundle = await bundleResponse.json();
    expect(Object.keys(bundle).sort()).toEqual([
      "bundleUrl",
      "expiresAt",
      "jobId",
      "sha256",
      "sizeBytes",
    ]);
    expect(Date.parse(bundle.expiresAt) - Date.now()).toBeGreaterThan(3500_000);
    expect(Date.parse(bundle.expiresAt) - Date.now()).toBeLessThanOrEqual(3600_000);

    const download = await fetch(bundle.bundleUrl);
    expect(download.status).toBe(200);
    expect(Number(download.headers.get("content-length"))).toBe(bundle.sizeBytes);
    const archive = Buffer.from(await download.arrayBuffer());
    expect(archive.length).toBe(bundle.sizeBytes);
    expect(createHash("sha256").update(archive).digest("hex")).toBe(bundle.sha256);

    const folder = makeTempDir();
    const file = path.join(folder, "site.tar.gz");
    execFileSync("cp", ["/dev/null", file]);
    await import("node:fs/promises").then((fs) => fs.writeFile(file, archive));
    await extractTar({ file, cwd: folder });
    for (const name of [
      "index.html",
      "404.html",
      "sitemap.xml",
      "robots.txt",
      "llms.txt",
      "quire-export.json",
    ])
      expect(existsSync(path.join(folder, name)), name).toBe(true);
    const manifest = JSON.parse(readFileSync(path.join(folder, "quire-export.json"), "utf8"));
    expect(manifest).toMatchObject({
      formatVersion: 1,
      jobId: job.jobId,
      domain: tenant.domain,
      version: "2.4.0",
      pageCount: done.pageCount,
    });
    expect(readFileSync(path.join(folder, "sitemap.xml"), "utf8")).toContain(
      `https://${tenant.domain}/`,
    );
  });

  it("gives a fresh link on every bundle call over the same archive, and the job stays reusable", async () => {
    const api = await startApi({ localStore: true });
    const tenant = await createTenant(api, { repository: makeRepo(SITE) });
    const { job } = await startExport(api, tenant);
    await waitForExport(api, tenant, job.jobId);
    const first = await (
      await api.request("POST", `/v1/static-export/jobs/${job.jobId}/bundle`, { key: tenant.key })
    ).json();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await (
      await api.request("POST", `/v1/static-export/jobs/${job.jobId}/bundle`, { key: tenant.key })
    ).json();
    expect(second.bundleUrl).not.toBe(first.bundleUrl);
    expect(second.sha256).toBe(first.sha256);
    expect(second.sizeBytes).toBe(first.sizeBytes);
    expect(Date.parse(second.expiresAt)).toBeGreaterThan(Date.parse(first.expiresAt));
    for (const link of [first.bundleUrl, second.bundleUrl])
      expect((await fetch(link)).status).toBe(200);
    expect(readdirSync(path.join(api.dataDir, "objects", "exports", job.jobId))).toHaveLength(1);
  });

  it("refuses an expired link and any altered link with 403 {error}", async () => {
    const api = await startApi({ settings: { bundleLinkTtlSeconds: "1" }, localStore: true });
    const tenant = await createTenant(api, { repository: makeRepo(SITE) });
    const { job } = await startExport(api, tenant);
    await waitForExport(api, tenant, job.jobId);
    const bundle = await (
      await api.request("POST", `/v1/static-export/jobs/${job.jobId}/bundle`, { key: tenant.key })
    ).json();
    const url = new URL(bundle.bundleUrl);
    const altered = [
      (() => {
        const copy = new URL(url);
        copy.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
        return copy;
      })(),
      (() => {
        const copy = new URL(url);
        const signature = url.searchParams.get("signature") as string;
        copy.searchParams.set(
          "signature",
          `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`,
        );
        return copy;
      })(),
      // Another last character than the id's own, so the link always differs.
      new URL(
        url.href.replace(
          job.jobId,
          `${job.jobId.slice(0, -1)}${job.jobId.endsWith("x") ? "y" : "x"}`,
        ),
      ),
      (() => {
        const copy = new URL(url);
        copy.searchParams.delete("signature");
        return copy;
      })(),
    ];
    for (const link of altered) {
      const response = await fetch(link);
      expect(response.status, link.href).toBe(403);
      expect(Object.keys(await response.json())).toEqual(["error"]);
    }
    await waitFor(async () => Date.now() > Date.parse(bundle.expiresAt) + 50, 5000);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect((await expired.json()).error).toMatch(/expired/);
    // A new call gives a working link again: only the link is time-limited.
    const fresh = await (
      await api.request("POST", `/v1/static-export/jobs/${job.jobId}/bundle`, { key: tenant.key })
    ).json();
    expect((await fetch(fresh.bundleUrl)).status).toBe(200);
  });

  it("answers 409 for the bundle of a job that has not completed, and of one that failed", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api, { repository: makeRepo(SITE) });
    const { job } = await startExport(api, tenant);
    const early = await api.request("POST", `/v1/static-export/jobs/${job.jobId}/bundle`, {
      key: tenant.key,
    });
    expect(early.status).toBe(409);
    expect((await early.json()).error).toMatch(/queued/);
  });

  it("exports a git repository at the project's branch, through a cached partial clone", async () => {
    const repo = makeRepo(SITE);
    git(repo, "init", "-q", "-b", "main");
    git(repo, "add", ".");
    git(repo, "commit", "-qm", "first");
    git(repo, "checkout", "-qb", "docs-next");
    await import("node:fs/promises").then((fs) =>
      fs.writeFile(
        path.join(repo, "index.mdx"),
        "---\ntitle: Home\n---\n\nWelcome to the next Acme.\n",
      ),
    );
    git(repo, "commit", "-qam", "next");
    git(repo, "checkout", "-q", "main");

    const api = await startApi();
    const org = await api.services.admin.createOrganization("Git org");
    const project = await api.services.admin.createProject({
      orgId: org.id,
      name: "Git docs",
      domain: "git-docs.example.test",
      repository: `file://${repo}`,
      ref: "docs-next",
    });
    const key = (await api.services.admin.createApiKey(org.id)).key;
    const tenant = { orgId: org.id, projectId: project.id, key, domain: project.domain };
    for (let run = 0; run < 2; run++) {
      const { job } = await startExport(api, tenant);
      const done = await waitForExport(api, tenant, job.jobId);
      expect(done.status, done.error).toBe("completed");
      expect(done.pageCount).toBe(2);
      const bundle = await (
        await api.request("POST", `/v1/static-export/jobs/${job.jobId}/bundle`, { key })
      ).json();
      const folder = makeTempDir();
      const file = path.join(folder, "site.tar.gz");
      await import("node:fs/promises").then(async (fs) =>
        fs.writeFile(file, Buffer.from(await (await fetch(bundle.bundleUrl)).arrayBuffer())),
      );
      await extractTar({ file, cwd: folder });
      expect(readFileSync(path.join(folder, "index.html"), "utf8")).toContain(
        "Welcome to the next Acme.",
      );
    }
    expect(readdirSync(path.join(api.dataDir, "cache", "git"))).toHaveLength(1);
    expect(readdirSync(path.join(api.dataDir, "tmp"))).toEqual([]);
  });

  it("finds the docs in a folder below the repository root, as monorepos keep them", async () => {
    const api = await startApi();
    const nested = Object.fromEntries(
      Object.entries(SITE).map(([name, content]) => [`docs/${name}`, content]),
    );
    const tenant = await createTenant(api, {
      repository: makeRepo({ ...nested, "package.json": "{}" }),
    });
    const { job } = await startExport(api, tenant);
    const done = await waitForExport(api, tenant, job.jobId);
    expect(done.status, done.error).toBe("completed");
    expect(done.pageCount).toBe(2);
  });
});

/** Downloads a completed job's bundle and unpacks it into a new folder; returns the folder. */
async function downloadSite(api: TestApi, tenant: Tenant, jobId: string): Promise<string> {
  const bundle = await (
    await api.request("POST", `/v1/static-export/jobs/${jobId}/bundle`, { key: tenant.key })
  ).json();
  const folder = makeTempDir();
  const file = path.join(folder, "site.tar.gz");
  writeFileSync(file, Buffer.from(await (await fetch(bundle.bundleUrl)).arrayBuffer()));
  await extractTar({ file, cwd: folder });
  return folder;
}

describe("the project's export settings reach the export", () => {
  const COMPONENT_SITE = {
    ...SITE,
    "index.mdx":
      "---\ntitle: Home\n---\n\nexport const Hello = () => <p>hello from a component</p>;\n\nWelcome to Acme.\n\n<Hello />\n",
  };

  it("custom components: off leaves an empty placeholder, static keeps the rendered HTML without component code", async () => {
    const api = await startApi();
    const repository = makeRepo(COMPONENT_SITE);
    const off = await createTenant(api, { repository, customComponents: "off" });
    const staticHtml = await createTenant(api, { repository, customComponents: "static" });
    const [offJob, staticJob] = await Promise.all([
      startExport(api, off).then(({ job }) => job.jobId as string),
      startExport(api, staticHtml).then(({ job }) => job.jobId as string),
    ]);
    for (const [tenant, jobId] of [
      [off, offJob],
      [staticHtml, staticJob],
    ] as const) {
      const done = await waitForExport(api, tenant, jobId);
      expect(done.status, done.error).toBe("completed");
    }

    const offSite = await downloadSite(api, off, offJob);
    const offPage = readFileSync(path.join(offSite, "index.html"), "utf8");
    expect(offPage).toContain("Welcome to Acme.");
    expect(offPage).toContain('class="quire-placeholder"');
    expect(offPage).not.toContain("hello from a component");

    const staticSite = await downloadSite(api, staticHtml, staticJob);
    const staticPage = readFileSync(path.join(staticSite, "index.html"), "utf8");
    expect(staticPage).toContain("hello from a component");
    expect(staticPage).not.toContain('class="quire-placeholder"');
    expect(existsSync(path.join(staticSite, "_quire", "components"))).toBe(false);
  });

  it("an air-gapped project keeps the API playground only when it turns it on", async () => {
    const api = await startApi();
    const repository = path.resolve("examples/api-docs");
    const without = await createTenant(api, { repository, deployment: "air-gapped" });
    const withPlayground = await createTenant(api, {
      repository,
      deployment: "air-gapped",
      airGappedPlayground: true,
    });
    const pages: Record<string, string> = {};
    for (const [name, tenant] of [
      ["without", without],
      ["with", withPlayground],
    ] as const) {
      const { job } = await startExport(api, tenant, {
        domain: tenant.domain,
        paths: ["api-reference/tasks/"],
      });
      const done = await waitForExport(api, tenant, job.jobId);
      expect(done.status, done.error).toBe("completed");
      const site = await downloadSite(api, tenant, job.jobId);
      pages[name] = readFileSync(path.join(site, "api-reference/tasks/create-a-task.html"), "utf8");
    }
    expect(pages.without).toContain('<div class="api-reference"');
    expect(pages.without).not.toContain("data-api-playground");
    expect(pages.with).toContain("data-api-playground");
  });
});

describe("a project's readers' assistant", () => {
  it("is offered by its exports' pages and manifest only when the project turns it on", async () => {
    const api = await startApi();
    const repository = makeRepo(SITE);
    const results: Record<string, { manifest: { assistant?: unknown }; page: string }> = {};
    for (const [name, serveAssistant] of [
      ["without", false],
      ["with", true],
    ] as const) {
      const tenant = await createTenant(api, {
        repository,
        deployment: "air-gapped",
        serveAssistant,
      });
      const { job } = await startExport(api, tenant, { domain: tenant.domain });
      const done = await waitForExport(api, tenant, job.jobId);
      expect(done.status, done.error).toBe("completed");
      const site = await downloadSite(api, tenant, job.jobId);
      results[name] = {
        manifest: JSON.parse(readFileSync(path.join(site, "quire-export.json"), "utf8")),
        page: readFileSync(path.join(site, "index.html"), "utf8"),
      };
    }
    expect(results.without?.manifest.assistant).toBeUndefined();
    expect(results.without?.page).not.toContain("data-assistant");
    expect(results.with?.manifest.assistant).toEqual({ endpoint: "_quire/assistant" });
    expect(results.with?.page).toContain('data-assistant="_quire/assistant"');
  });
});

describe("failed exports say what to fix", () => {
  it("fails with every invalid MDX page as file:line:column", async () => {
    const api = await startApi();
    const tenant = await createTenant(api, {
      repository: makeRepo({
        ...SITE,
        "guide/setup.mdx": "---\ntitle: Setup\n---\n\n<Note>\nunclosed\n",
      }),
    });
    const { job } = await startExport(api, tenant);
    const done = await waitForExport(api, tenant, job.jobId);
    expect(done.status).toBe("failed");
    expect(done.error).toMatch(/guide\/setup\.mdx:\d+:\d+ MDX syntax error/);
    expect(
      (await api.request("POST", `/v1/static-export/jobs/${job.jobId}/bundle`, { key: tenant.key }))
        .status,
    ).toBe(409);
  });

  it.each([
    [
      "a repository URL that does not exist",
      "file:///nonexistent/repository.git",
      null,
      /was not found or cannot be read/,
    ],
    [
      "a branch that does not exist",
      "GIT",
      "no-such-branch",
      /branch "no-such-branch" does not exist/,
    ],
    ["a repository without docs.json", "EMPTY", null, /no docs\.json or mint\.json/],
  ])("fails with a clear error for %s", async (_name, repository, ref, message) => {
    const api = await startApi();
    let url = repository;
    if (repository === "GIT" || repository === "EMPTY") {
      const repo = makeRepo(repository === "GIT" ? SITE : { "README.md": "nothing here" });
      git(repo, "init", "-q", "-b", "main");
      git(repo, "add", ".");
      git(repo, "commit", "-qm", "first");
      url = `file://${repo}`;
    }
    const org = await api.services.admin.createOrganization("O");
    const project = await api.services.admin.createProject({
      orgId: org.id,
      name: "P",
      domain: `bad-${Math.random().toString(36).slice(2)}.example.test`,
      repository: url,
      ref,
    });
    const key = (await api.services.admin.createApiKey(org.id)).key;
    const tenant = { orgId: org.id, projectId: project.id, key, domain: project.domain };
    const { job } = await startExport(api, tenant);
    const done = await waitForExport(api, tenant, job.jobId);
    expect(done.status).toBe("failed");
    expect(done.error).toMatch(message);
  });
});

describe("POST /v1/static-export/jobs", () => {
  it("answers 403 for a project that is not on the enterprise plan", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api, { plan: "pro" });
    const { response, job } = await startExport(api, tenant);
    expect(response.status).toBe(403);
    expect(job.error).toMatch(/enterprise/);
  });

  it("answers 404 for a domain with no project, and matches domains however they are written", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    expect(
      (await startExport(api, tenant, { domain: "nobody.example.test" })).response.status,
    ).toBe(404);
    const { response, job } = await startExport(api, tenant, {
      domain: `https://${tenant.domain.toUpperCase()}/`,
    });
    expect(response.status).toBe(202);
    expect(job.domain).toBe(tenant.domain);
  });

  it.each([
    ["no domain", {}, /domain is required/],
    ["an empty domain", { domain: "" }, /domain must not be empty/],
    ["a domain that is a number", { domain: 7 }, /domain must be a string/],
    ["a domain that is not a host name", { domain: "not a domain" }, /host name/],
    [
      "paths that are not a list",
      { domain: "x.example.test", paths: "index" },
      /paths must be a array|paths/,
    ],
  ])("answers 400 for %s", async (_name, body, message) => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const { response, job } = await startExport(api, tenant, body);
    expect(response.status).toBe(400);
    expect(job.error).toMatch(message);
  });

  it("exports only the pages named in paths", async () => {
    const api = await startApi();
    const tenant = await createTenant(api, { repository: makeRepo(SITE) });
    const { job } = await startExport(api, tenant, { domain: tenant.domain, paths: ["guide/"] });
    const done = await waitForExport(api, tenant, job.jobId);
    expect(done).toMatchObject({ status: "completed", pageCount: 1 });
  });

  it("answers 404 for an unknown export job", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const response = await api.request("GET", "/v1/static-export/jobs/exp_unknown", {
      key: tenant.key,
    });
    expect(response.status).toBe(404);
    expect(Object.keys(await response.json())).toEqual(["error"]);
  });
});
