import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, type OnTestFinishedHandler } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/postgres.ts";
import { QUIRE_BIN } from "../helpers/quire-cli.ts";
import { startS3Server, type TestS3Server } from "../helpers/s3-server.ts";
import { type RepoEntry, writeRepoFiles } from "../helpers/temp-repo.ts";

/**
 * Quire scaled out on one machine, as real processes: two `quire api --no-workers` and two
 * `quire worker` on one PostgreSQL database (jobs through pg-boss) and one S3 bucket, each
 * process with a data dir of its own and the shared secret key.
 */
const BUCKET = "scale-out";

interface Process {
  child: ChildProcess;
  /** Standard output and error as they came. */
  output: () => string;
  stdout: () => string;
  exited: Promise<number | null>;
}

let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startS3Server({ buckets: [BUCKET] });
});

afterAll(async () => {
  await s3?.close();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Installation {
  /** A folder with these files, removed when the test ends. */
  repo(files: Record<string, RepoEntry>): string;
  /** Starts `quire ARGS` on the installation, with a data dir of its own. */
  start(args: string[]): Process;
  /** Starts `quire api --no-workers` on a free port; resolves to its URL once it is ready. */
  startApi(): Promise<string>;
  /** An admin command on the shared database, from a data dir of its own; resolves to its stdout. */
  cli(args: string[]): Promise<string>;
}

/**
 * An installation of the test's own: a PostgreSQL database, a prefix of the S3 bucket and a
 * secret key, shared by the processes the test starts. Its processes are killed, its folders
 * removed and its database dropped when this test ends: the two tests run at once, so neither
 * uses the helpers' folders (removed after every test, the other's too), and each worker must
 * see only its own test's jobs.
 */
async function installation(
  prefix: string,
  onTestFinished: (handler: OnTestFinishedHandler) => void,
  leaseSeconds: number,
): Promise<Installation> {
  const processes: Process[] = [];
  const folders: string[] = [];
  const folder = (namePrefix: string) => {
    const created = mkdtempSync(path.join(os.tmpdir(), namePrefix));
    folders.push(created);
    return created;
  };
  // The test's own hook (its context's): the global one may attach to the other test.
  const database: TestDatabase = await createTestDatabase();
  onTestFinished(async () => {
    for (const running of processes.splice(0)) {
      if (running.child.exitCode === null) running.child.kill("SIGKILL");
      await running.exited;
    }
    for (const created of folders) rmSync(created, { recursive: true, force: true });
    await database.drop();
  });
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    ...s3.env,
    QUIRE_DATABASE_URL: database.url,
    QUIRE_STORAGE_URL: s3.storageUrl(BUCKET, prefix),
    QUIRE_SECRET_KEY: randomBytes(32).toString("hex"),
    QUIRE_JOB_LEASE: String(leaseSeconds),
    QUIRE_LOG_LEVEL: "info",
  };
  delete environment.AWS_SESSION_TOKEN;

  const start = (args: string[]): Process => {
    const child = spawn(
      process.execPath,
      [QUIRE_BIN, ...args, "--data-dir", folder("quire-out-")],
      {
        env: environment,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    let stdout = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      stdout += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once("exit", (code) => resolve(code)),
    );
    const running = { child, output: () => output, stdout: () => stdout, exited };
    processes.push(running);
    return running;
  };

  return {
    repo: (files) => {
      const root = folder("quire-test-");
      writeRepoFiles(root, files);
      return root;
    },
    start,
    startApi: async () => {
      const port = await freePort();
      const api = start(["api", "--no-workers", "--host", "127.0.0.1", "--port", String(port)]);
      const url = `http://127.0.0.1:${port}`;
      await until(
        async () => (await fetch(`${url}/readyz`).catch(() => undefined))?.ok,
        `the API on port ${port}: ${api.output()}`,
      );
      return url;
    },
    // Not quireOutput, which blocks: the other test's processes and polling go on meanwhile.
    // Its process is the installation's, so the test's end stops it if it hangs. "close", not
    // "exit": the output is whole only once the pipes have closed.
    cli: async (args) => {
      const command = start(args);
      const [code] = await once(command.child, "close");
      if (code !== 0)
        throw new Error(`quire ${args.join(" ")} exited with ${code}:\n${command.output()}`);
      return command.stdout();
    },
  };
}

/** Subjects each worker started, from their JSON log lines. */
function startedSubjects(worker: Process): string[] {
  return worker
    .output()
    .split("\n")
    .filter((line) => line.includes('"job started"'))
    .map((line) => JSON.parse(line).subject as string);
}

// Each test has an installation of its own: the second spends most of its time waiting for the
// queue to notice its killed worker, while the first runs.
describe.concurrent("two API processes and two workers on PostgreSQL and S3", () => {
  it("accepts exactly 100 of 150 simultaneous agent job creations spread over both APIs, and runs 20 exports each exactly once", async ({
    onTestFinished,
  }) => {
    const {
      repo: makeRepo,
      start,
      startApi,
      cli,
    } = await installation(
      "bundles",
      onTestFinished,
      // Longer than a busy CI machine can starve a worker's heartbeats: a lapsed claim would run
      // an export a second time, which is the queue doing its job, not what this test is about.
      60,
    );
    const repo = makeRepo({
      "docs.json": JSON.stringify({
        name: "Small",
        colors: { primary: "#2563eb" },
        navigation: { pages: ["index", "guide"] },
      }),
      "index.mdx": "---\ntitle: Home\n---\n\nHello.\n",
      "guide.mdx": "---\ntitle: Guide\n---\n\n## Steps\n\nDo this.\n",
    });
    const orgId = JSON.parse(await cli(["orgs", "create", "--name", "Scale", "--json"])).orgId;
    const projectId = JSON.parse(
      await cli([
        "projects",
        "create",
        "--org",
        orgId,
        "--name",
        "Docs",
        "--domain",
        "scale.example.com",
        "--repo",
        repo,
        "--json",
      ]),
    ).projectId;
    const key = JSON.parse(await cli(["keys", "create", "--org", orgId, "--json"])).key;
    const apis = await Promise.all([startApi(), startApi()]);
    const workers = [
      start(["worker", "--kinds", "export"]),
      start(["worker", "--kinds", "export"]),
    ];
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };

    const statuses = await Promise.all(
      Array.from({ length: 150 }, (_, index) =>
        fetch(`${apis[index % 2]}/v2/agent/${projectId}/job`, {
          method: "POST",
          headers,
          body: JSON.stringify({ prompt: `Edit page ${index}` }),
        }).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(100);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);

    const jobIds: string[] = [];
    for (let index = 0; index < 20; index++) {
      const response = await fetch(`${apis[index % 2]}/v1/static-export/jobs`, {
        method: "POST",
        headers,
        body: JSON.stringify({ domain: "scale.example.com" }),
      });
      expect(response.status).toBe(202);
      jobIds.push((await response.json()).jobId);
    }
    await until(
      async () => {
        const states = await Promise.all(
          jobIds.map(
            async (id, index) =>
              (
                await (
                  await fetch(`${apis[index % 2]}/v1/static-export/jobs/${id}`, { headers })
                ).json()
              ).status,
          ),
        );
        return states.every((state) => state === "completed");
      },
      "20 exports to complete",
      120_000,
    );
    const started = workers.flatMap(startedSubjects);
    const repeated = started.filter((subject, index) => started.indexOf(subject) !== index);
    // On failure, what the workers logged about a job that ran twice says why.
    const about = workers
      .flatMap((worker) => worker.output().split("\n"))
      .filter((line) => repeated.some((subject) => line.includes(subject)));
    expect([...started].sort(), about.join("\n")).toEqual([...jobIds].sort());
    // Both workers took work: the queue spreads it.
    expect(workers.every((worker) => startedSubjects(worker).length > 0)).toBe(true);

    const bundle = await (
      await fetch(`${apis[1]}/v1/static-export/jobs/${jobIds[0]}/bundle`, {
        method: "POST",
        headers,
      })
    ).json();
    expect(bundle.bundleUrl).toContain(s3.endpoint);
    const archive = await fetch(bundle.bundleUrl);
    expect(archive.status).toBe(200);
    expect(Number(archive.headers.get("content-length"))).toBe(bundle.sizeBytes);
  }, 240_000);

  it("finishes on the other worker the export of a worker killed mid-run, and leaves nothing stuck", async ({
    onTestFinished,
  }) => {
    const {
      repo: makeRepo,
      start,
      startApi,
      cli,
    } = await installation(
      "killed",
      onTestFinished,
      // Short: the test waits for the killed worker's claim to lapse.
      10,
    );
    const pages: Record<string, string> = {};
    for (let index = 0; index < 200; index++)
      pages[`pages/p${index}.mdx`] =
        `---\ntitle: Page ${index}\n---\n\n${"A line of text with `code` and **bold**.\n\n".repeat(40)}\n\`\`\`js\nconst n = ${index};\n\`\`\`\n`;
    const repo = makeRepo({
      "docs.json": JSON.stringify({
        name: "Big",
        colors: { primary: "#2563eb" },
        navigation: { pages: Object.keys(pages).map((file) => file.replace(/\.mdx$/, "")) },
      }),
      ...pages,
    });
    const orgId = JSON.parse(await cli(["orgs", "create", "--name", "Kill", "--json"])).orgId;
    const projectId = JSON.parse(
      await cli([
        "projects",
        "create",
        "--org",
        orgId,
        "--name",
        "Docs",
        "--domain",
        "kill.example.com",
        "--repo",
        repo,
        "--json",
      ]),
    ).projectId;
    expect(projectId).toBeTruthy();
    const key = JSON.parse(await cli(["keys", "create", "--org", orgId, "--json"])).key;
    const api = await startApi();
    const first = start(["worker", "--kinds", "export"]);
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const { jobId } = await (
      await fetch(`${api}/v1/static-export/jobs`, {
        method: "POST",
        headers,
        body: JSON.stringify({ domain: "kill.example.com" }),
      })
    ).json();

    await until(
      () => startedSubjects(first).includes(jobId),
      "the first worker to start the export",
    );
    await until(
      async () =>
        (await (await fetch(`${api}/v1/static-export/jobs/${jobId}`, { headers })).json())
          .progress > 5,
      "the export to make progress",
    );
    first.child.kill("SIGKILL");
    await first.exited;
    const second = start(["worker", "--kinds", "export"]);

    const done = await until(
      async () => {
        const job = await (
          await fetch(`${api}/v1/static-export/jobs/${jobId}`, { headers })
        ).json();
        return job.status === "completed" || job.status === "failed" ? job : undefined;
      },
      "the export to finish on the second worker",
      120_000,
    );
    expect(done.status, done.error ?? "").toBe("completed");
    expect(done.pageCount).toBe(200);
    expect(startedSubjects(second)).toEqual([jobId]);
    // The queue marks its entry done just after the job's row: the gauge settles at 0 soon after.
    const settled = /quire_queue_depth\{kind="export",status="running"[^}]*\} 0\n/;
    const metrics = await until(
      async () => {
        const text = await (await fetch(`${api}/metrics`)).text();
        return settled.test(text) ? text : undefined;
      },
      "no export left running in the queue",
      30_000,
    );
    expect(metrics).toMatch(/quire_queue_depth\{kind="export",status="queued"[^}]*\} 0\n/);
  }, 240_000);
});
