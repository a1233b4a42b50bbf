// The README's commands, run as written. Shell blocks between
// `<!-- readme-test: NAME -->` and `<!-- /readme-test: NAME -->` are taken in order and run
// as one `bash -euo pipefail` script, the way a reader pastes them into a terminal.
//
// The script runs in a fresh folder under `.scratch/` (ignored by git) that holds a link to
// `examples/`: `npx quire` resolves this checkout as it does from the repository root and
// `examples/docs` resolves, while the files the README writes (`site.tar.gz`, `site/`,
// `docs-site.tar.gz`) never touch the checkout or a reader's own copies of them.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, type OnTestFinishedHandler } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const README = readFileSync(path.join(ROOT, "README.md"), "utf8");

/** The bodies of the `sh`/`bash` fences in the README region marked `name`, in order. */
function markedBlocks(name: string): string[] {
  const start = `<!-- readme-test: ${name} -->`;
  const end = `<!-- /readme-test: ${name} -->`;
  const from = README.indexOf(start);
  const to = README.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`README.md has no region ${start} … ${end}`);
  const region = README.slice(from + start.length, to).replace(/\r\n/g, "\n");
  const blocks = [...region.matchAll(/^```(?:sh|bash|shell)[ \t]*\n([\s\S]*?)^```[ \t]*$/gm)].map(
    (match) => match[1] as string,
  );
  if (blocks.length === 0) throw new Error(`the README region ${start} has no shell block`);
  return blocks;
}

/** Folders to remove and process groups to stop after a test, whatever happened. */
type Cleanups = (() => Promise<void> | void)[];

/**
 * The test's list of clean-ups, run last first when it ends. The tests run at once (each mostly
 * waits on its script's servers and `sleep 1` polls): the hook is the test's own (its context's
 * onTestFinished), so a test's end never stops another's processes or removes its folders.
 */
function cleanupsOf(onTestFinished: (handler: OnTestFinishedHandler) => void): Cleanups {
  const cleanups: Cleanups = [];
  onTestFinished(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}

/** Whether a test of this file made `.scratch/`: the last to finish then removes it. */
let scratchMadeHere = false;

/** A fresh working folder with `examples/` linked in, removed after the test. */
function makeWorkDir(cleanups: Cleanups): string {
  const scratch = path.join(ROOT, ".scratch");
  if (mkdirSync(scratch, { recursive: true }) !== undefined) scratchMadeHere = true;
  const work = mkdtempSync(path.join(scratch, "readme-"));
  cleanups.push(() => {
    rmSync(work, { recursive: true, force: true });
    // rmdir, never a recursive removal: a test running at once may have just made its folder.
    if (scratchMadeHere)
      try {
        rmdirSync(scratch);
      } catch {
        // Not empty: another test still works there, and its own clean-up comes later.
      }
  });
  symlinkSync(path.join(ROOT, "examples"), path.join(work, "examples"));
  return work;
}

function makeTempDir(cleanups: Cleanups, prefix: string): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The environment of a reader's shell under `npm test`: this one without any `QUIRE_*`
 * setting of the person running the tests, `node_modules/.bin` first on `PATH`, plus `extra`.
 */
function readerEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith("QUIRE_")) environment[name] = value;
  environment.PATH = [path.join(ROOT, "node_modules", ".bin"), process.env.PATH].join(
    path.delimiter,
  );
  return { ...environment, ...extra };
}

const groupAlive = (pgid: number): boolean => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * Stops every process left in the group: SIGTERM, as `kill %1` sends a job's whole group in
 * an interactive shell, then SIGKILL after `graceMs`. Returns the signal that emptied it.
 */
async function stopGroup(pgid: number, graceMs: number): Promise<"none" | "SIGTERM" | "SIGKILL"> {
  if (!groupAlive(pgid)) return "none";
  try {
    process.kill(-pgid, "SIGTERM");
  } catch {
    return "none";
  }
  if (await waitUntil(() => !groupAlive(pgid), graceMs)) return "SIGTERM";
  try {
    process.kill(-pgid, "SIGKILL");
  } catch {}
  await waitUntil(() => !groupAlive(pgid), 5_000);
  return "SIGKILL";
}

interface ScriptRun {
  code: number | null;
  timedOut: boolean;
  /** The process group of the script and everything it started. */
  pgid: number;
  /** Everything written so far (a server left in the group may still be writing). */
  output(): string;
}

/**
 * Runs `script` with `bash -euo pipefail` in its own process group. Resolves when bash exits
 * (a server it left behind may still hold the output pipe open); the group is stopped after
 * the test in any case, and at once if the script outlives `timeoutMs`.
 */
function runScript(
  cleanups: Cleanups,
  script: string,
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<ScriptRun> {
  const file = path.join(options.cwd, "readme-script.sh");
  writeFileSync(file, script);
  const child = spawn("bash", ["-euo", "pipefail", file], {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pgid = child.pid as number;
  cleanups.push(async () => {
    await stopGroup(pgid, 5_000);
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void stopGroup(pgid, 3_000);
    }, options.timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut, pgid, output: () => output });
    });
  });
}

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** The archive's entries, as `tar -tzf` lists them, without a leading `./`. */
function archiveEntries(file: string): string[] {
  const listing = spawnSync("tar", ["-tzf", file], { encoding: "utf8" });
  if (listing.status !== 0) throw new Error(`tar -tzf ${file} failed: ${listing.stderr}`);
  return listing.stdout
    .split("\n")
    .filter(Boolean)
    .map((entry) => entry.replace(/^\.\//, ""));
}

describe.concurrent("README quick start", () => {
  it("opens with two commands: install and export the sample site, then run the tests", async ({
    onTestFinished,
  }) => {
    const cleanups = cleanupsOf(onTestFinished);
    const [first, second] = markedBlocks("quick-start");
    expect(second?.trim()).toBe("npm test");
    const command = (first as string).trim();
    // `npm install` has already run: this is the checkout the tests run from.
    expect(command).toMatch(/^npm install && /);
    const exportCommand = command.replace(/^npm install && /, "");
    expect(exportCommand).toMatch(/^npx quire export /);
    const archive = /(?:^|\s)-o\s+(\S+\.tar\.gz)(?:\s|$)/.exec(exportCommand)?.[1];
    expect(archive, "the first command names its archive with -o").toBeDefined();

    const work = makeWorkDir(cleanups);
    const run = await runScript(cleanups, `${exportCommand}\n`, {
      cwd: work,
      env: readerEnvironment({ XDG_CACHE_HOME: makeTempDir(cleanups, "quire-readme-cache-") }),
      // Generous: the rest of the suite runs beside it, and a loaded machine is several times slower.
      timeoutMs: 240_000,
    });
    expect(run.timedOut, `timed out:\n${run.output()}`).toBe(false);
    expect(run.code, run.output()).toBe(0);
    const file = path.join(work, archive as string);
    expect(existsSync(file), run.output()).toBe(true);
    const entries = archiveEntries(file);
    expect(entries).toContain("index.html");
    expect(entries).toContain("quire-export.json");
  }, 300_000);

  it("runs the Admin API walkthrough: server, org, project, key, export, bundle, agent job, stop", async ({
    onTestFinished,
  }) => {
    const cleanups = cleanupsOf(onTestFinished);
    const script = `${markedBlocks("admin-api").join("\n")}\n`;
    for (const tool of ["curl", "sha256sum", "tar"])
      if (spawnSync(tool, ["--version"]).status !== 0)
        throw new Error(`the README's Admin API walkthrough needs ${tool} on PATH`);
    const work = makeWorkDir(cleanups);
    const dataDir = makeTempDir(cleanups, "quire-readme-data-");
    const port = await freePort();
    const run = await runScript(cleanups, script, {
      cwd: work,
      env: readerEnvironment({ QUIRE_DATA_DIR: dataDir, QUIRE_PORT: String(port) }),
      // An export and an agent job through the API: 30 s on an idle 2-core machine, over 70 s
      // while the rest of the suite runs beside it, and over 130 s on a day the machine runs at
      // a third of its pace.
      timeoutMs: 300_000,
    });

    // In a script there is no job control: the README's `kill %1` reaches `npx` but not the
    // server behind it, which must notice that `npx` is gone and stop by itself.
    const stoppedItself = await waitUntil(() => !groupAlive(run.pgid), 30_000);
    const stoppedBy = await stopGroup(run.pgid, 30_000);
    const output = run.output();
    expect(run.timedOut, `timed out:\n${output}`).toBe(false);
    expect(run.code, output).toBe(0);
    expect(stoppedItself, `the server outlived kill %1:\n${output}`).toBe(true);
    expect(stoppedBy, output).toBe("none");
    await expect(fetch(`http://127.0.0.1:${port}/readyz`)).rejects.toThrow();

    // The download is the archive the server stored, and `sha256sum -c` agreed with the
    // bundle's `sha256`.
    expect(output).toMatch(/^site\.tar\.gz: OK$/m);
    const stored = path.join(dataDir, "objects", "exports");
    const jobIds = readdirSync(stored);
    expect(jobIds).toHaveLength(1);
    const jobDir = path.join(stored, jobIds[0] as string);
    const [bundleName] = readdirSync(jobDir);
    const downloaded = path.join(work, "site.tar.gz");
    expect(sha256(downloaded)).toBe(sha256(path.join(jobDir, bundleName as string)));

    const entries = archiveEntries(downloaded);
    expect(entries).toContain("index.html");
    expect(entries).toContain("quire-export.json");
    expect(existsSync(path.join(work, "site", "index.html"))).toBe(true);
    const manifest = JSON.parse(readFileSync(path.join(work, "site", "quire-export.json"), "utf8"));
    expect(manifest).toMatchObject({
      formatVersion: 1,
      jobId: jobIds[0],
      domain: "docs.example.com",
    });
    expect(manifest.pageCount).toBeGreaterThan(0);
    expect(output).toMatch(new RegExp(`^export ${jobIds[0]}: completed$`, "m"));

    // With no model configured the agent job ends `failed`, naming the setting to make.
    const agentLine = output.split("\n").find((line) => line.startsWith('{"id":"job_'));
    expect(agentLine, output).toBeDefined();
    const agentJob = JSON.parse(agentLine as string);
    expect(agentJob.status).toBe("failed");
    expect(agentJob.error).toMatch(/QUIRE_AGENT_/);
  }, 360_000);

  it("runs the Running at scale walkthrough: PostgreSQL, an API without workers and a worker, an export", async ({
    onTestFinished,
  }) => {
    const cleanups = cleanupsOf(onTestFinished);
    const script = `${markedBlocks("running-at-scale").join("\n")}\n`;
    if (spawnSync("psql", ["--version"]).status !== 0)
      throw new Error("the README's Running at scale section needs psql on PATH");
    const work = makeWorkDir(cleanups);
    const port = await freePort();
    const run = await runScript(cleanups, script, {
      cwd: work,
      env: readerEnvironment({ QUIRE_PORT: String(port) }),
      // As the walkthrough above: a loaded machine takes several times as long.
      timeoutMs: 300_000,
    });
    const stopped = await waitUntil(() => !groupAlive(run.pgid), 30_000);
    const output = run.output();
    expect(run.timedOut, `timed out:\n${output}`).toBe(false);
    expect(run.code, output).toBe(0);
    expect(output).toMatch(/^export exp_\w+: completed$/m);
    expect(stopped, `a process outlived kill %1 %2:\n${output}`).toBe(true);
    // The bundle is in the shared folder, written by the worker; the API's data dir has none.
    expect(readdirSync(path.join(work, ".quire-shared", "objects", "exports"))).toHaveLength(1);
    expect(existsSync(path.join(work, ".quire-api", "objects"))).toBe(false);
  }, 360_000);
});
