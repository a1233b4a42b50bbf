import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { list as listTar } from "tar";
import { describe, expect, it } from "vitest";
import {
  createTenant,
  startApi,
  type Tenant,
  type TestApi,
  waitFor,
} from "../helpers/api-server.ts";
import { startQuire } from "../helpers/quire-cli.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

/** `quire remote ARGS` with the tenant's key (or the given environment), without the machine's CI. */
const start = (args: string[], env: NodeJS.ProcessEnv, options: { cwd?: string } = {}) =>
  startQuire(["remote", ...args], { env, unset: ["CI"], cwd: options.cwd });

const remote = (args: string[], env: NodeJS.ProcessEnv, options: { cwd?: string } = {}) =>
  start(args, env, options).done;

const keyOf = (api: TestApi, tenant: Tenant) => ({
  QUIRE_URL: api.url,
  QUIRE_API_KEY: tenant.key,
});

describe("quire remote agent", () => {
  it("create --wait follows the job and exits 1 with the failure printed when no model is configured", async () => {
    const api = await startApi();
    const tenant = await createTenant(api);
    const run = await remote(
      ["agent", "create", tenant.projectId, "Fix the typos", "--wait"],
      keyOf(api, tenant),
    );
    expect(run.code, run.stderr).toBe(1);
    // One line per state seen (the job may fail before the first poll).
    expect(run.stderr).toMatch(/^agent job job_\S+: (active|failed)$/m);
    expect(run.stderr).toMatch(/quire: agent job job_\S+ failed: .*QUIRE_AGENT_PROVIDER/);
    expect(run.stdout).toMatch(/^Agent job job_\S+: failed/);
  });

  it("prints the API's resources with --json: create, get, list, archive, and errors as {error, status, code}", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const env = keyOf(api, tenant);

    const created = await remote(
      ["agent", "create", tenant.projectId, "Document it", "--json"],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    const job = JSON.parse(created.stdout);
    expect(Object.keys(job).sort()).toEqual([
      "archivedAt",
      "createdAt",
      "error",
      "id",
      "model",
      "prLink",
      "source",
      "status",
      "summary",
      "updatedAt",
    ]);
    expect(job.status).toBe("active");

    const got = await remote(["agent", "get", tenant.projectId, job.id, "--json"], env);
    expect(JSON.parse(got.stdout)).toEqual(job);

    const listed = await remote(["agent", "list", tenant.projectId, "--all", "--json"], env);
    expect(JSON.parse(listed.stdout)).toEqual({ jobs: [job], nextCursor: null });

    const archived = await remote(["agent", "archive", tenant.projectId, job.id, "--json"], env);
    expect(archived.code).toBe(0);
    expect(JSON.parse(archived.stdout)).toMatchObject({ id: job.id, status: "archived" });

    const conflict = await remote(
      ["agent", "message", tenant.projectId, job.id, "More", "--json"],
      env,
    );
    expect(conflict.code).toBe(1);
    expect(JSON.parse(conflict.stdout)).toEqual({
      error: "the agent job is archived: it takes no more messages",
      status: 409,
      code: "QUIRE_ERR_AGENT_JOB_CONFLICT",
    });
    expect(conflict.stderr).toMatch(/^quire: the agent job is archived.*\(HTTP 409/);

    const missing = await remote(["agent", "get", tenant.projectId, "job_nope"], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no agent job "job_nope".*HTTP 404/);
  });

  it("exits 2 naming the variable when QUIRE_API_KEY or QUIRE_URL is missing, and for bad flags", async () => {
    const noKey = await remote(["agent", "list", "prj_1"], { QUIRE_URL: "http://127.0.0.1:9" });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/^quire: QUIRE_API_KEY is not set/);
    const noUrl = await remote(["export", "docs.example.com"], { QUIRE_API_KEY: "quire_x" });
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toMatch(/^quire: QUIRE_URL is not set/);
    const env = { QUIRE_URL: "http://127.0.0.1:9", QUIRE_API_KEY: "quire_x" };
    const badTimeout = await remote(["agent", "get", "p", "j", "--timeout", "soon"], env);
    expect(badTimeout.code).toBe(2);
    expect(badTimeout.stderr).toMatch(/--timeout must be a number of seconds/);
    expect((await remote(["agent", "create", "prj_1"], env)).code).toBe(2);
  });

  it("exits 3 when --timeout runs out on a job that never finishes", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const started = Date.now();
    const run = await remote(
      ["agent", "create", tenant.projectId, "Never runs", "--timeout", "0.5", "--json"],
      keyOf(api, tenant),
    );
    expect(run.code, run.stderr).toBe(3);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(run.stderr).toMatch(/did not finish within 0.5 s \(still active\)/);
    const printed = JSON.parse(run.stdout);
    expect(printed).toMatchObject({ timeout: true, job: { status: "active" } });
  });

  it("reports the created job's state when --timeout runs out before the first read answers", async ({
    onTestFinished,
  }) => {
    // A server that creates the job and then never answers a read of it: however slow or
    // fast the machine, the deadline comes before any poll returns.
    const created = {
      id: "job_1",
      status: "active",
      prompt: "Never read",
      model: "m",
      prLink: null,
      error: null,
      createdAt: "2026-11-28T00:00:00.000Z",
      archivedAt: null,
    };
    const server = createServer((request, response) => {
      if (request.method === "POST") {
        response.writeHead(201, { "content-type": "application/json" });
        response.end(JSON.stringify(created));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    onTestFinished(() => {
      server.closeAllConnections();
      server.close();
    });
    const { port } = server.address() as AddressInfo;
    const run = await remote(
      ["agent", "create", "prj_1", "Never read", "--timeout", "0.3", "--json"],
      {
        QUIRE_URL: `http://127.0.0.1:${port}`,
        QUIRE_API_KEY: "quire_x",
      },
    );
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toMatch(/agent job job_1 did not finish within 0.3 s \(still active\)/);
    expect(JSON.parse(run.stdout)).toMatchObject({
      timeout: true,
      job: { id: "job_1", status: "active" },
    });
  });

  it("stops a wait cleanly on Ctrl-C (SIGINT) with exit code 130", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const run = start(
      ["agent", "create", tenant.projectId, "Never runs", "--wait"],
      keyOf(api, tenant),
    );
    await waitFor(async () => /: active/.test(run.stderr()), 20_000, "the wait to start");
    const sentAt = Date.now();
    run.child.kill("SIGINT");
    const result = await run.done;
    expect(Date.now() - sentAt).toBeLessThan(2000);
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(
      /quire: stopped waiting, interrupted; agent job job_\S+ .* keeps running on the server/,
    );
  });
});

describe("quire remote export", () => {
  it("-o FILE runs the whole export and writes a checked archive (exit 0)", async () => {
    const api = await startApi();
    const tenant = await createTenant(api);
    const folder = makeTempDir();
    const run = await remote(
      ["export", tenant.domain, "-o", "site.tar.gz", "--version", "1.0.0", "--json"],
      keyOf(api, tenant),
      { cwd: folder },
    );
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout);
    expect(printed.file).toBe(path.join(folder, "site.tar.gz"));
    expect(printed.job).toMatchObject({ status: "completed", version: "1.0.0" });
    const bytes = readFileSync(printed.file);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(printed.bundle.sha256);
    expect(readdirSync(folder)).toEqual(["site.tar.gz"]);
    const entries: string[] = [];
    await listTar({ file: printed.file, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries.some((entry) => /(^|\/)index\.html$/.test(entry))).toBe(true);
    // Plain progress lines on a pipe, no bar.
    expect(run.stderr).toMatch(/export job exp_\S+: completed, \d+ pages/);
    expect(run.stderr.includes("\u001b[")).toBe(false);
  });

  it("prints the started job without --wait, and exits 0 once it completes with --wait", async () => {
    const api = await startApi();
    const tenant = await createTenant(api);
    const env = keyOf(api, tenant);
    const started = await remote(["export", tenant.domain, "--json"], env);
    expect(started.code).toBe(0);
    expect(JSON.parse(started.stdout)).toMatchObject({ status: "queued", domain: tenant.domain });
    const waited = await remote(["export", tenant.domain, "--wait"], env);
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.stdout).toMatch(/^Export job exp_\S+ of .*: completed/);
  });

  it("exits 1 for a domain the key cannot export, and leaves no file on Ctrl-C during a wait", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const env = keyOf(api, tenant);
    const folder = makeTempDir();
    const unknown = await remote(["export", "nope.example.test", "-o", "x.tar.gz"], env, {
      cwd: folder,
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/HTTP 404/);

    const run = start(["export", tenant.domain, "-o", "site.tar.gz"], env, { cwd: folder });
    await waitFor(async () => /: queued/.test(run.stderr()), 20_000, "the wait to start");
    run.child.kill("SIGINT");
    const result = await run.done;
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(
      /keeps running on the server; nothing was written to site\.tar\.gz/,
    );
    expect(readdirSync(folder)).toEqual([]);
  });
});
