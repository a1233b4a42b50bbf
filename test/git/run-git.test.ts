import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  forgeCredentials,
  GitError,
  gitEnvironment,
  NO_CREDENTIALS,
  redact,
  runGit,
} from "../../src/git/index.ts";
import { startMockForge } from "../helpers/mock-forge.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const TOKEN = "forge-token-Zq81x";

/** A repository made with the machine's git, apart from the runner under test. */
function makeGitRepository(files: Record<string, string>): string {
  const root = makeTempDir();
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  const run = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=T", "-c", "user.email=t@example.test", ...args], {
      cwd: root,
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
    });
  run("init", "-q", "-b", "main");
  run("add", ".");
  run("commit", "-qm", "first");
  return root;
}

async function failure(run: Promise<unknown>): Promise<GitError> {
  const error = await run.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(GitError);
  return error as GitError;
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** An HTTP server on 127.0.0.1 that takes requests and never answers them. */
async function silentServer(): Promise<string> {
  const server = http.createServer(() => {});
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the environment git runs in", () => {
  it("has no system or user configuration, no prompt, and nothing inherited that redirects git", () => {
    const environment = gitEnvironment(NO_CREDENTIALS, {
      PATH: "/usr/bin",
      HOME: "/home/quire",
      GIT_SSH_COMMAND: "ssh -i /keys/deploy",
      GIT_DIR: "/elsewhere/.git",
      GIT_WORK_TREE: "/elsewhere",
      GIT_INDEX_FILE: "/elsewhere/index",
      GIT_CONFIG_PARAMETERS: "'core.sshcommand=evil'",
      GIT_CONFIG_GLOBAL: "/home/quire/.gitconfig",
      GIT_CONFIG_SYSTEM: "/etc/gitconfig",
      GIT_CONFIG_KEY_7: "core.pager",
      GIT_CONFIG_VALUE_7: "evil",
    });
    expect(environment).toMatchObject({
      PATH: "/usr/bin",
      HOME: "/home/quire",
      GIT_SSH_COMMAND: "ssh -i /keys/deploy",
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_TERMINAL_PROMPT: "0",
    });
    for (const name of [
      "GIT_DIR",
      "GIT_WORK_TREE",
      "GIT_INDEX_FILE",
      "GIT_CONFIG_PARAMETERS",
      "GIT_CONFIG_SYSTEM",
      "GIT_CONFIG_KEY_7",
      "GIT_CONFIG_VALUE_7",
    ])
      expect(environment, name).not.toHaveProperty(name);
  });

  it("gives git only Quire's own settings, whatever the user's and the system's files say", async () => {
    const home = makeTempDir();
    writeFileSync(path.join(home, ".gitconfig"), "[user]\n\tname = From Home\n");
    const globalFile = path.join(home, "global.gitconfig");
    writeFileSync(globalFile, "[core]\n\tpager = from-global\n");
    const listed = await runGit(["config", "--list", "--show-scope"], {
      cwd: home,
      inherited: {
        ...process.env,
        HOME: home,
        XDG_CONFIG_HOME: home,
        GIT_CONFIG_GLOBAL: globalFile,
        GIT_CONFIG_SYSTEM: globalFile,
        GIT_CONFIG_PARAMETERS: "'core.editor=from-parent'",
      },
    });
    const lines = listed.trim().split("\n");
    expect(
      lines.every((line) => line.startsWith("command\t")),
      listed,
    ).toBe(true);
    expect(lines).toContain("command\tprotocol.allow=never");
    expect(lines).toContain("command\tcore.hookspath=/dev/null");
    expect(listed).not.toMatch(/From Home|from-global|from-parent/);
  });

  it("works on the repository it is pointed at, never one an inherited GIT_DIR names", async () => {
    const mine = makeGitRepository({ "mine.md": "mine" });
    const other = makeGitRepository({ "other.md": "other" });
    const files = await runGit(["ls-files"], {
      cwd: mine,
      inherited: { ...process.env, GIT_DIR: path.join(other, ".git"), GIT_WORK_TREE: other },
    });
    expect(files.trim()).toBe("mine.md");
  });

  it("refuses transports that would run a program, such as ext::", async () => {
    const marker = path.join(makeTempDir(), "ran");
    const error = await failure(runGit(["ls-remote", "--", `ext::sh -c touch% ${marker}`]));
    expect(error.message).toMatch(/transport 'ext' not allowed/);
    expect(existsSync(marker)).toBe(false);
  });

  it("runs no hook of the repository", async () => {
    const repository = makeGitRepository({ "a.md": "a" });
    const marker = path.join(makeTempDir(), "hook-ran");
    const hook = path.join(repository, ".git", "hooks", "pre-commit");
    writeFileSync(hook, `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
    writeFileSync(path.join(repository, "a.md"), "changed");
    await runGit(
      ["-c", "user.name=T", "-c", "user.email=t@example.test", "commit", "-qam", "change"],
      { cwd: repository },
    );
    expect(existsSync(marker)).toBe(false);
  });
});

describe("credentials", () => {
  it("authenticate a clone from a forge that asks for its token", async () => {
    const forge = await startMockForge({ token: TOKEN });
    await forge.createRepository("acme", "docs", { "index.mdx": "# Docs\n" });
    const target = path.join(makeTempDir(), "clone");
    await runGit(["clone", "--quiet", "--", forge.repositoryUrl("acme", "docs"), target], {
      credentials: forgeCredentials("github", TOKEN),
    });
    expect(readFileSync(path.join(target, "index.mdx"), "utf8")).toBe("# Docs\n");
    // Passed for the one command: nothing of it is written into the clone.
    expect(readFileSync(path.join(target, ".git", "config"), "utf8")).not.toContain("extraHeader");
  });

  it("never appear in an error, even when git traces every header it sends", async () => {
    const forge = await startMockForge({ token: TOKEN });
    const credentials = forgeCredentials("github", TOKEN);
    const error = await failure(
      runGit(["ls-remote", "--", `${forge.url}/git/acme/missing.git`], {
        credentials,
        inherited: { ...process.env, GIT_TRACE_CURL: "1", GIT_TRACE_REDACT: "0" },
      }),
    );
    expect(error.stderr).toContain("Authorization: Basic [redacted]");
    for (const secret of credentials.secrets) {
      expect(error.stderr).not.toContain(secret);
      expect(error.message).not.toContain(secret);
    }
  });

  it("carried in a repository URL never appear in an error", async () => {
    const forge = await startMockForge({ token: TOKEN });
    const url = `${forge.url.replace("//", `//x-access-token:${TOKEN}@`)}/git/acme/missing.git`;
    const error = await failure(runGit(["ls-remote", "--", url]));
    expect(`${error.message}\n${error.stderr}`).not.toContain(TOKEN);
  });
});

describe("a git command that does not end", () => {
  it("is stopped after its time limit, and the error says so", async () => {
    const url = await silentServer();
    const error = await failure(runGit(["ls-remote", "--", `${url}/repo.git`], { timeoutMs: 300 }));
    expect(error.failure).toBe("timed-out");
    expect(error.message).toBe("git ls-remote took too long and was stopped");
  });

  it("is stopped when its signal is aborted, rejecting with the signal's reason", async () => {
    const url = await silentServer();
    const controller = new AbortController();
    const run = runGit(["ls-remote", "--", `${url}/repo.git`], { signal: controller.signal });
    const reason = new Error("the job was cancelled");
    setTimeout(() => controller.abort(reason), 100);
    await expect(run).rejects.toBe(reason);
  });
});

describe("redact", () => {
  it("removes every secret, the longest first, and the credentials of every URL", () => {
    expect(
      redact("token abc123 in Basic abc123xyz; from https://u:abc@host/a and git://me:pw@h/b", [
        "abc123",
        "abc123xyz",
      ]),
    ).toBe("token [redacted] in Basic [redacted]; from https://host/a and git://h/b");
  });
});
