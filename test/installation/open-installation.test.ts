import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/settings.ts";
import { type Installation, openInstallation } from "../../src/installation/index.ts";
import { waitFor } from "../helpers/api-server.ts";
import { startMockModel } from "../helpers/mock-model-server.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const opened: Installation[] = [];
afterEach(async () => {
  while (opened.length > 0) await (opened.pop() as Installation).close();
});

async function open(
  settings: Record<string, string>,
  workers?: { kinds?: ("export" | "agent")[] },
): Promise<Installation> {
  const config = resolveConfig({ dataDir: makeTempDir(), logLevel: "silent", ...settings }, {});
  const installation = await openInstallation(config, { workers });
  opened.push(installation);
  return installation;
}

/** A docs repository on a `main` branch, in a local folder the agent clones from. */
function docsRepository(): string {
  const root = makeTempDir();
  writeFileSync(
    path.join(root, "docs.json"),
    JSON.stringify({ name: "Acme", navigation: { pages: ["index"] } }),
  );
  writeFileSync(path.join(root, "index.mdx"), "---\ntitle: Home\n---\n\nWelcome to Acme.\n");
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=T", "-c", "user.email=t@example.test", ...args], {
      cwd: root,
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
    });
  git("init", "-q", "-b", "main");
  git("add", ".");
  git("commit", "-qm", "Docs");
  return root;
}

describe("an installation opened without workers", () => {
  it("has no runner, and its services still queue work for the workers of other processes", async () => {
    const { services, runner, context } = await open({});
    expect(runner).toBeUndefined();
    const org = await services.admin.createOrganization("Acme");
    await services.admin.createProject({
      orgId: org.id,
      name: "Docs",
      domain: "docs.example.test",
      repository: "examples/docs",
    });
    const job = await services.exports.start(org.id, { domain: "docs.example.test" });
    const queued = await context.database.db
      .selectFrom("queue_jobs")
      .select(["kind", "status"])
      .where("subject_id", "=", job.jobId)
      .execute();
    expect(queued).toEqual([{ kind: "export", status: "queued" }]);
  });
});

describe("an installation opened with workers", () => {
  it("stops an archived agent job's run at once, long before its next heartbeat", async () => {
    const model = await startMockModel();
    model.script({ hang: true });
    // A heartbeat every 200 seconds: only the services' cancel can stop the run in time.
    const { services, runner } = await open(
      {
        jobLeaseSeconds: "600",
        agentProvider: "openai-compatible",
        agentModel: "test-model",
        agentBaseUrl: model.baseUrl,
      },
      { kinds: ["agent"] },
    );
    if (!runner) throw new Error("the installation has no runner");
    await runner.start();
    const org = await services.admin.createOrganization("Acme");
    const project = await services.admin.createProject({
      orgId: org.id,
      name: "Docs",
      domain: "agent.example.test",
      repository: docsRepository(),
      ref: "main",
    });
    const { job } = await services.agentJobs.create(org.id, project.id, "Rewrite the greeting");
    await waitFor(async () => model.requests.length > 0, 30_000, "the model's first call");
    expect(runner.runningCount).toBe(1);
    const archived = await services.agentJobs.archive(org.id, project.id, job.id);
    expect(archived.status).toBe("archived");
    await waitFor(async () => runner.runningCount === 0, 10_000, "the run to stop");
  });
});
