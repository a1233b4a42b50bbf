import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { hostname } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generateSite } from "../../bench/generate-site.ts";
import { resolveConfig } from "../../src/config/settings.ts";
import { openInstallation } from "../../src/installation/index.ts";
import { waitFor } from "../helpers/api-server.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const BIN = path.resolve("bin/quire.js");
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/** Starts `quire api` as its own process and resolves with its address once it listens. */
function startServer(
  dataDir: string,
  environment: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [BIN, "api", "--port", "0", "--data-dir", dataDir], {
    env: { ...process.env, QUIRE_LOG_LEVEL: "info", QUIRE_JOB_LEASE: "60", ...environment },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.stderr?.on("data", (chunk) => {
      output += chunk;
      const match = /Quire API listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1] as string, output: () => output });
    });
    child.on("exit", (code) => reject(new Error(`quire api exited with ${code}: ${output}`)));
  });
}

async function seed(dataDir: string, repository: string) {
  const installation = await openInstallation(resolveConfig({ dataDir }, {}));
  try {
    const { admin } = installation.services;
    const org = await admin.createOrganization("Restart org");
    const project = await admin.createProject({
      orgId: org.id,
      name: "Big docs",
      domain: "big.example.test",
      repository,
    });
    const key = await admin.createApiKey(org.id);
    return { orgId: org.id, projectId: project.id, key: key.key };
  } finally {
    await installation.close();
  }
}

// A 200-page export, a killed server and a restart: minutes on a loaded machine.
describe("quire api after a crash", { timeout: 240_000 }, () => {
  it("completes an export whose server was SIGKILLed mid-run, with progress that never went back, and leaves no job stuck", async () => {
    const dataDir = makeTempDir();
    const site = makeTempDir();
    const generated = generateSite(site, 200, 7);
    const tenant = await seed(dataDir, generated.quireDir);
    const headers = { authorization: `Bearer ${tenant.key}`, "content-type": "application/json" };

    const first = await startServer(dataDir);
    const started = await (
      await fetch(`${first.url}/v1/static-export/jobs`, {
        method: "POST",
        headers,
        body: JSON.stringify({ domain: "big.example.test" }),
      })
    ).json();
    const poll = async (url: string) =>
      (await fetch(`${url}/v1/static-export/jobs/${started.jobId}`, { headers })).json();
    const seen: { status: string; progress: number; pageCount: number }[] = [];
    await waitFor(
      async () => {
        const job = await poll(first.url);
        seen.push(job);
        return job.status === "running" && job.pageCount > 0 && job;
      },
      60_000,
      "the export to be running",
    );
    first.child.kill("SIGKILL");
    await new Promise((resolve) => first.child.once("exit", resolve));
    const atKill = seen.at(-1) as { progress: number };
    expect(atKill.progress).toBeLessThan(100);

    // An agent job that was mid-run when the process died: it cannot resume.
    const installation = await openInstallation(resolveConfig({ dataDir }, {}));
    const agentJob = await installation.services.agentJobs.create(
      tenant.orgId,
      tenant.projectId,
      "Rewrite the intro",
    );
    await installation.context.database.db
      .updateTable("queue_jobs")
      .set({
        status: "running",
        attempts: 1,
        locked_by: `${hostname()}:${first.child.pid}:gone`,
        lease_expires_at: new Date(Date.now() + 60_000).toISOString(),
      })
      .where("subject_id", "=", agentJob.job.id)
      .execute();
    await installation.close();

    const second = await startServer(dataDir);
    const done = await waitFor(
      async () => {
        const job = await poll(second.url);
        seen.push(job);
        return (job.status === "completed" || job.status === "failed") && job;
      },
      120_000,
      "the export to finish after the restart",
    );
    expect(done.status, done.error).toBe("completed");
    expect(done.pageCount).toBe(generated.pages);
    for (let index = 1; index < seen.length; index++)
      expect(seen[index]?.progress).toBeGreaterThanOrEqual(seen[index - 1]?.progress as number);

    const bundle = await (
      await fetch(`${second.url}/v1/static-export/jobs/${started.jobId}/bundle`, {
        method: "POST",
        headers: { authorization: headers.authorization },
      })
    ).json();
    const archive = Buffer.from(await (await fetch(bundle.bundleUrl)).arrayBuffer());
    expect(createHash("sha256").update(archive).digest("hex")).toBe(bundle.sha256);

    const agent = await (
      await fetch(`${second.url}/v2/agent/${tenant.projectId}/job/${agentJob.job.id}`, { headers })
    ).json();
    expect(agent.status).toBe("failed");
    expect(agent.error).toMatch(/interrupted/);

    second.child.kill("SIGTERM");
    const code = await new Promise((resolve) => second.child.once("exit", resolve));
    expect(code).toBe(0);
    const after = await openInstallation(resolveConfig({ dataDir }, {}));
    const stuck = await after.context.database.db
      .selectFrom("queue_jobs")
      .select(["kind", "status"])
      .where("status", "in", ["queued", "running"])
      .execute();
    await after.close();
    expect(stuck).toEqual([]);
  });
});
