import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generateSite } from "../../bench/generate-site.ts";
import { resolveConfig } from "../../src/config/settings.ts";
import { openInstallation } from "../../src/installation/index.ts";
import { waitFor } from "../helpers/api-server.ts";
import { runQuireSync } from "../helpers/quire-cli.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const BIN = path.resolve("bin/quire.js");
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

function startServer(
  dataDir: string,
  args: string[] = [],
  environment: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(
    process.execPath,
    [BIN, "api", "--port", "0", "--data-dir", dataDir, ...args],
    { env: { ...process.env, ...environment }, stdio: ["ignore", "pipe", "pipe"] },
  );
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.stderr?.on("data", (chunk) => {
      output += chunk;
      const match = /Quire API listening on (https?:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1] as string, output: () => output });
    });
    child.on("exit", (code) => reject(new Error(`quire api exited with ${code}: ${output}`)));
  });
}

async function seed(dataDir: string, repository = "examples/docs") {
  const installation = await openInstallation(resolveConfig({ dataDir }, {}));
  try {
    const { admin } = installation.services;
    const org = await admin.createOrganization("Processes org");
    const project = await admin.createProject({
      orgId: org.id,
      name: "Docs",
      domain: "processes.example.test",
      repository,
    });
    return { orgId: org.id, projectId: project.id, key: (await admin.createApiKey(org.id)).key };
  } finally {
    await installation.close();
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", resolve),
  );

describe("quire api as a process", () => {
  it("keeps the rate limit exact across two server processes on one data dir", async () => {
    const dataDir = makeTempDir();
    const tenant = await seed(dataDir);
    const servers = await Promise.all([
      startServer(dataDir, ["--no-workers"]),
      startServer(dataDir, ["--no-workers"]),
    ]);
    const responses = await Promise.all(
      Array.from({ length: 150 }, (_, index) =>
        fetch(`${servers[index % 2]?.url}/v2/agent/${tenant.projectId}/job`, {
          method: "POST",
          headers: { authorization: `Bearer ${tenant.key}`, "content-type": "application/json" },
          body: JSON.stringify({ prompt: `task ${index}` }),
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(100);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    // Both processes accepted some: the limit held across them, not within one.
    const acceptedBy = [0, 1].map(
      (server) => statuses.filter((status, index) => index % 2 === server && status === 201).length,
    );
    expect(acceptedBy[0]).toBeGreaterThan(0);
    expect(acceptedBy[1]).toBeGreaterThan(0);
  });

  it("serves HTTPS when given a certificate and key", async () => {
    const folder = makeTempDir();
    const [cert, key] = [path.join(folder, "cert.pem"), path.join(folder, "key.pem")];
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
      { stdio: "ignore" },
    );
    const server = await startServer(makeTempDir(), ["--tls-cert", cert, "--tls-key", key]);
    expect(server.url).toMatch(/^https:\/\//);
    const body = execFileSync("curl", ["-s", "--cacert", cert, `${server.url}/healthz`], {
      encoding: "utf8",
    });
    expect(JSON.parse(body)).toEqual({ status: "ok" });
  });

  it("refuses to start with only one of --tls-cert and --tls-key, or an unreadable certificate", () => {
    const run = (args: string[]) =>
      runQuireSync(["api", "--port", "0", "--data-dir", makeTempDir(), ...args]);
    const half = run(["--tls-cert", "cert.pem"]);
    expect(half.code).toBe(2);
    expect(half.stderr).toMatch(/--tls-cert and --tls-key go together/);
    const missing = run([
      "--tls-cert",
      "/nonexistent/cert.pem",
      "--tls-key",
      "/nonexistent/key.pem",
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read the TLS certificate/);
    const badPort = run(["--port", "http"]);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toMatch(/--port must be a whole number/);
  });

  it("stops gracefully on SIGTERM mid-export: the job is handed back and completes at the next start", async () => {
    const dataDir = makeTempDir();
    const site = generateSite(makeTempDir(), 200, 11);
    const tenant = await seed(dataDir, site.quireDir);
    const headers = { authorization: `Bearer ${tenant.key}`, "content-type": "application/json" };
    const first = await startServer(dataDir, [], { QUIRE_SHUTDOWN_GRACE: "0" });
    const started = await (
      await fetch(`${first.url}/v1/static-export/jobs`, {
        method: "POST",
        headers,
        body: JSON.stringify({ domain: "processes.example.test" }),
      })
    ).json();
    await waitFor(async () => {
      const job = await (
        await fetch(`${first.url}/v1/static-export/jobs/${started.jobId}`, { headers })
      ).json();
      return job.status === "running" && job.pageCount > 0;
    }, 60_000);
    first.child.kill("SIGTERM");
    expect(await exited(first.child)).toBe(0);
    expect(first.output()).toMatch(/handed back to the queue/);

    const installation = await openInstallation(resolveConfig({ dataDir }, {}));
    const queue = await installation.context.database.db
      .selectFrom("queue_jobs")
      .select(["status", "attempts"])
      .where("subject_id", "=", started.jobId)
      .execute();
    await installation.close();
    expect(queue).toEqual([{ status: "queued", attempts: 0 }]);

    const second = await startServer(dataDir);
    const done = await waitFor(async () => {
      const job = await (
        await fetch(`${second.url}/v1/static-export/jobs/${started.jobId}`, { headers })
      ).json();
      return job.status !== "running" && job.status !== "queued" && job;
    }, 120_000);
    expect(done.status, done.error).toBe("completed");
    // Two servers and a 200-page export twice over: beside other test files on 2 cores this
    // takes longer than the default minute.
  }, 240_000);
});
