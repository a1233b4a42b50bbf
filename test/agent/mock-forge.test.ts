import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { forgeCredentials } from "../../src/git/index.ts";
import { startMockForge } from "../helpers/mock-forge.ts";

const TOKEN = "mock-secret-token-1234";

const folders: string[] = [];
afterEach(() => {
  while (folders.length > 0) rmSync(folders.pop() as string, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "quire-mock-forge-test-"));
  folders.push(folder);
  return folder;
}

/** Runs git with no user or system configuration and no prompt. */
function git(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith("GIT_")) env[name] = value;
  Object.assign(env, {
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    GIT_ASKPASS: "",
    SSH_ASKPASS: "",
    GIT_AUTHOR_NAME: "Test",
    GIT_AUTHOR_EMAIL: "test@example.test",
    GIT_COMMITTER_NAME: "Test",
    GIT_COMMITTER_EMAIL: "test@example.test",
    ...options.env,
  });
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, { cwd: options.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** The token as git sends it in a job: GIT_CONFIG_* variables, never argv or .git/config. */
function tokenEnv(token: string): Record<string, string> {
  const env: Record<string, string> = {};
  const entries = Object.entries(forgeCredentials("github", token).config);
  entries.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  env.GIT_CONFIG_COUNT = String(entries.length);
  return env;
}

describe("the mock forge's git", () => {
  it("clones with the token, takes a pushed branch, and shows what was pushed", async () => {
    const forge = await startMockForge({ token: TOKEN });
    await forge.createRepository("acme", "docs", {
      "docs.json": '{"name":"Docs"}\n',
      "guides/intro.mdx": "# Intro\n",
    });
    expect(await forge.branchFiles("acme", "docs", "main")).toEqual({
      "docs.json": '{"name":"Docs"}\n',
      "guides/intro.mdx": "# Intro\n",
    });

    const work = path.join(tempFolder(), "clone");
    const clone = await git([
      "-c",
      `http.extraHeader=${forge.gitAuthHeader()}`,
      "clone",
      "--quiet",
      `${forge.url}/git/acme/docs.git`,
      work,
    ]);
    expect(clone.stderr).toBe("");
    expect(clone.code).toBe(0);
    expect(readFileSync(path.join(work, "guides/intro.mdx"), "utf8")).toBe("# Intro\n");

    writeFileSync(path.join(work, "guides/intro.mdx"), "# Introduction\n");
    writeFileSync(path.join(work, "new.mdx"), "New page\n");
    expect((await git(["checkout", "--quiet", "-b", "quire/agent-1"], { cwd: work })).code).toBe(0);
    expect((await git(["add", "-A"], { cwd: work })).code).toBe(0);
    expect(
      (await git(["commit", "--quiet", "-m", "Edit the intro\n\nBody."], { cwd: work })).code,
    ).toBe(0);
    const push = await git(["push", "--quiet", "origin", "quire/agent-1"], {
      cwd: work,
      env: tokenEnv(TOKEN),
    });
    expect(push.stderr).toBe("");
    expect(push.code).toBe(0);

    expect(await forge.branches("acme", "docs")).toEqual(["main", "quire/agent-1"]);
    expect(await forge.branchFiles("acme", "docs", "quire/agent-1")).toEqual({
      "docs.json": '{"name":"Docs"}\n',
      "guides/intro.mdx": "# Introduction\n",
      "new.mdx": "New page\n",
    });
    expect(await forge.readFile("acme", "docs", "quire/agent-1", "new.mdx")).toBe("New page\n");
    expect(await forge.readFile("acme", "docs", "main", "new.mdx")).toBeNull();
    expect(await forge.readFile("acme", "docs", "no-such-branch", "new.mdx")).toBeNull();
    const commits = await forge.commits("acme", "docs", "quire/agent-1");
    expect(commits.map((commit) => commit.subject)).toEqual(["Edit the intro", "Initial commit"]);
    expect(commits[0]).toMatchObject({
      message: "Edit the intro\n\nBody.",
      author: { name: "Test", email: "test@example.test" },
      parents: [commits[1]?.sha],
    });
    expect(forge.requests.some((request) => request.path.endsWith("/git-receive-pack"))).toBe(true);
    await expect(forge.branchFiles("acme", "docs", "missing")).rejects.toThrow(
      /no branch "missing"/,
    );
  });

  it("refuses a clone and a push without the token", async () => {
    const forge = await startMockForge({ token: TOKEN });
    await forge.createRepository("acme", "docs", { "index.mdx": "Home\n" });
    const folder = tempFolder();

    const anonymous = await git([
      "clone",
      "--quiet",
      forge.repositoryUrl("acme", "docs"),
      path.join(folder, "a"),
    ]);
    expect(anonymous.code).not.toBe(0);
    expect(anonymous.stderr).toMatch(/could not read Username|Authentication failed/);

    const work = path.join(folder, "b");
    const clone = await git(["clone", "--quiet", forge.repositoryUrl("acme", "docs"), work], {
      env: tokenEnv(TOKEN),
    });
    expect(clone.code).toBe(0);
    writeFileSync(path.join(work, "index.mdx"), "Changed\n");
    await git(["commit", "--quiet", "-am", "Change"], { cwd: work });
    const wrongToken = await git(["push", "--quiet", "origin", "HEAD:refs/heads/x"], {
      cwd: work,
      env: tokenEnv("not-the-token"),
    });
    expect(wrongToken.code).not.toBe(0);
    const noToken = await git(["push", "--quiet", "origin", "HEAD:refs/heads/y"], { cwd: work });
    expect(noToken.code).not.toBe(0);
    expect(noToken.stderr).toMatch(/could not read Username|Authentication failed/);
    expect(await forge.branches("acme", "docs")).toEqual(["main"]);
    expect(
      forge.requests.filter((request) => request.status === 401).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it("takes a push larger than git's post buffer, sent chunked", async () => {
    const forge = await startMockForge({ token: TOKEN });
    await forge.createRepository("acme", "docs", { "index.mdx": "Home\n" });
    const work = path.join(tempFolder(), "clone");
    const clone = await git(["clone", "--quiet", forge.repositoryUrl("acme", "docs"), work], {
      env: tokenEnv(TOKEN),
    });
    expect(clone.code).toBe(0);
    // Random, so that compression keeps it over the 1 MiB buffer.
    writeFileSync(path.join(work, "large.txt"), randomBytes(1_200_000).toString("base64"));
    await git(["add", "-A"], { cwd: work });
    await git(["commit", "--quiet", "-m", "Large"], { cwd: work });
    const push = await git(["push", "--quiet", "origin", "HEAD:refs/heads/large"], {
      cwd: work,
      env: tokenEnv(TOKEN),
    });
    expect(push.code).toBe(0);
    expect(
      forge.requests.some((request) => request.headers["transfer-encoding"] === "chunked"),
    ).toBe(true);
    expect((await forge.readFile("acme", "docs", "large", "large.txt"))?.length).toBe(1_600_000);
  });

  it("serves repositories under nested GitLab namespaces and under each forge's prefix", async () => {
    const forge = await startMockForge();
    await forge.createRepository("group/sub", "handbook", { "a.md": "A\n" }, { branch: "trunk" });
    const work = path.join(tempFolder(), "clone");
    const clone = await git([
      "clone",
      "--quiet",
      forge.repositoryUrl("group/sub", "handbook", "gitlab"),
      work,
    ]);
    expect(clone.code).toBe(0);
    expect((await git(["rev-parse", "--abbrev-ref", "HEAD"], { cwd: work })).stdout.trim()).toBe(
      "trunk",
    );
    expect(forge.repositoryUrl("group/sub", "handbook", "gitlab")).toBe(
      `${forge.url}/gitlab/group/sub/handbook.git`,
    );
  });

  it("inflates a gzip-encoded request body, as git sends for large fetches", async () => {
    const forge = await startMockForge({ token: TOKEN });
    await forge.createRepository("acme", "docs", { "index.mdx": "Home\n" });
    const authorization = forge.gitAuthHeader().replace(/^Authorization: /, "");
    const refs = await fetch(`${forge.url}/git/acme/docs.git/info/refs?service=git-upload-pack`, {
      headers: { authorization },
    });
    expect(refs.status).toBe(200);
    expect(refs.headers.get("content-type")).toBe("application/x-git-upload-pack-advertisement");
    const advertisement = await refs.text();
    const sha = /([0-9a-f]{40}) refs\/heads\/main/.exec(advertisement)?.[1];
    expect(sha).toBeDefined();

    const pktLine = (text: string) => `${(text.length + 4).toString(16).padStart(4, "0")}${text}`;
    const wants = `${pktLine(`want ${sha}\n`)}0000${pktLine("done\n")}`;
    const pack = await fetch(`${forge.url}/git/acme/docs.git/git-upload-pack`, {
      method: "POST",
      headers: {
        authorization,
        "content-type": "application/x-git-upload-pack-request",
        "content-encoding": "gzip",
      },
      body: gzipSync(Buffer.from(wants)),
    });
    expect(pack.status).toBe(200);
    const body = Buffer.from(await pack.arrayBuffer());
    expect(body.includes(Buffer.from("PACK"))).toBe(true);
  });
});
