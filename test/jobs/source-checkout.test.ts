import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { x as extractTar } from "tar";
import { describe, expect, it } from "vitest";
import { checkoutSource } from "../../src/jobs/source-checkout.ts";
import { startApi, type TestApi, waitFor } from "../helpers/api-server.ts";
import { type MockForge, startMockForge } from "../helpers/mock-forge.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

/**
 * An export job's checkout keeps the repository's history, so each page's last-modified date
 * (the sitemap's `lastmod`) is the date of the last commit that changed it, for every kind of
 * repository a project names: a folder on the server, a file:// URL, and a forge over HTTPS
 * (smart HTTP with a token, the forge answering partial clones as GitHub, GitLab and Gitea do).
 */
const FIRST = "2024-01-02T03:04:05.000Z";
const SECOND = "2025-06-07T08:09:10.000Z";
const TOKEN = "forge-token-for-history";

/** A repository whose two commits touch different pages on different days. */
function datedRepository(): string {
  const repo = makeRepo({
    "docs.json": JSON.stringify({
      name: "Acme",
      colors: { primary: "#0a7" },
      navigation: { pages: ["index", "guide/setup"] },
    }),
    "index.mdx": "---\ntitle: Home\n---\n\nWelcome to Acme.\n",
    "guide/setup.mdx": "---\ntitle: Setup\n---\n\nInstall it.\n",
  });
  const git = (date: string, ...args: string[]) =>
    execFileSync("git", args, {
      cwd: repo,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "T",
        GIT_AUTHOR_EMAIL: "t@example.test",
        GIT_COMMITTER_NAME: "T",
        GIT_COMMITTER_EMAIL: "t@example.test",
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
      },
    });
  git(FIRST, "init", "-q", "-b", "main");
  git(FIRST, "add", ".");
  git(FIRST, "commit", "-qm", "first");
  writeFileSync(path.join(repo, "guide/setup.mdx"), "---\ntitle: Setup\n---\n\nInstall it now.\n");
  git(SECOND, "commit", "-qam", "second");
  return repo;
}

/** Puts a repository on the forge as `acme/docs`, answering partial clones. */
function publish(forge: MockForge, repo: string): string {
  const bare = path.join(forge.root, "acme", "docs.git");
  execFileSync("git", ["clone", "-q", "--bare", repo, bare]);
  execFileSync("git", ["-C", bare, "config", "uploadpack.allowFilter", "true"]);
  return forge.repositoryUrl("acme", "docs");
}

interface Project {
  domain: string;
  key: string;
}

/** The project exported from `repository`, and a key of its organization. */
async function createProject(
  api: TestApi,
  settings: { repository: string; forge?: "github"; forgeToken?: string },
): Promise<Project> {
  const { admin } = api.services;
  const org = await admin.createOrganization("History");
  const project = await admin.createProject({
    orgId: org.id,
    name: "Docs",
    domain: "history.example.test",
    plan: "enterprise",
    ...settings,
  });
  return { domain: project.domain, key: (await admin.createApiKey(org.id, "test")).key };
}

/** Runs an export job of the project and returns its sitemap's `lastmod` by page URL. */
async function exportedDates(
  api: TestApi,
  { domain, key }: Project,
): Promise<Record<string, string>> {
  const started = await (
    await api.request("POST", "/v1/static-export/jobs", { key, body: { domain } })
  ).json();
  const done = await waitFor(
    async () => {
      const job = await (
        await api.request("GET", `/v1/static-export/jobs/${started.jobId}`, { key })
      ).json();
      return (job.status === "completed" || job.status === "failed") && job;
    },
    60_000,
    "export job",
  );
  expect(done.status, done.error).toBe("completed");
  const bundle = await (
    await api.request("POST", `/v1/static-export/jobs/${started.jobId}/bundle`, { key })
  ).json();
  const folder = makeTempDir();
  const file = path.join(folder, "site.tar.gz");
  writeFileSync(file, Buffer.from(await (await fetch(bundle.bundleUrl)).arrayBuffer()));
  await extractTar({ file, cwd: folder });
  const sitemap = readFileSync(path.join(folder, "sitemap.xml"), "utf8");
  return Object.fromEntries(
    [...sitemap.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((match) => [
      match[1],
      match[2],
    ]),
  );
}

const EXPECTED = {
  "https://history.example.test/": FIRST,
  "https://history.example.test/guide/setup.html": SECOND,
};

describe("an export job's checkout", () => {
  it("dates each page by its own last commit, from a folder on the server", async () => {
    const api = await startApi();
    const project = await createProject(api, { repository: datedRepository() });
    expect(await exportedDates(api, project)).toEqual(EXPECTED);
  });

  it("dates each page by its own last commit, from a file:// URL", async () => {
    const api = await startApi();
    const project = await createProject(api, { repository: `file://${datedRepository()}` });
    expect(await exportedDates(api, project)).toEqual(EXPECTED);
  });

  it("dates each page by its own last commit, from a forge with a token, fetching no old file contents", async () => {
    const forge = await startMockForge({ token: TOKEN });
    const repository = publish(forge, datedRepository());
    const api = await startApi();
    const project = await createProject(api, { repository, forge: "github", forgeToken: TOKEN });
    expect(await exportedDates(api, project)).toEqual(EXPECTED);
    // The cache holds every commit but only the files of the one checked out: the first
    // version of guide/setup.mdx never came over the wire.
    const [cached] = readdirSync(path.join(api.dataDir, "cache", "git"));
    const bare = path.join(api.dataDir, "cache", "git", cached as string);
    const first = execFileSync("git", ["-C", bare, "rev-list", "--all", "--reverse"], {
      encoding: "utf8",
    }).split("\n")[0] as string;
    const missing = execFileSync(
      "git",
      ["-C", bare, "rev-list", "--objects", "--missing=print", first],
      { encoding: "utf8" },
    );
    expect(missing.match(/^\?/gm)).toHaveLength(1);
    // A second export, from the cache, dates the pages alike.
    expect(await exportedDates(api, project)).toEqual(EXPECTED);
  });

  it("makes again a cache that is no partial clone: an earlier Quire's shallow one, or one never fetched into", async () => {
    const repository = `file://${datedRepository()}`;
    const cacheDir = makeTempDir();
    const workDir = makeTempDir();
    const history = async () => {
      const checkout = await checkoutSource({ repository, ref: null, cacheDir, workDir });
      try {
        return execFileSync("git", ["log", "--format=%cI"], {
          cwd: checkout.root,
          encoding: "utf8",
        })
          .trim()
          .split("\n")
          .map((date) => new Date(date).toISOString());
      } finally {
        checkout.cleanup();
      }
    };
    expect(await history()).toEqual([SECOND, FIRST]);
    // What the cache of an earlier Quire was: the branch's last commit alone.
    const bare = path.join(cacheDir, readdirSync(cacheDir)[0] as string);
    rmSync(bare, { recursive: true });
    execFileSync("git", ["init", "-q", "--bare", bare]);
    execFileSync("git", ["-C", bare, "fetch", "-q", "--depth", "1", repository, "+HEAD:refs/old"]);
    expect(await history()).toEqual([SECOND, FIRST]);
    // Or one whose first fetch failed: made, but never fetched into.
    rmSync(bare, { recursive: true });
    execFileSync("git", ["init", "-q", "--bare", bare]);
    expect(await history()).toEqual([SECOND, FIRST]);
    expect(readdirSync(workDir)).toEqual([]);
  });
});
