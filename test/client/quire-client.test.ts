import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { list as listTar } from "tar";
import { afterEach, describe, expect, it } from "vitest";
import * as clientPackage from "../../client/src/index.ts";
import {
  type AgentJob,
  BundleIntegrityError,
  type ExportSiteProgress,
  QuireApiError,
  QuireClient,
  QuireConflictError,
  QuireNetworkError,
  QuireNotFoundError,
  QuireRateLimitError,
  QuireUnauthorizedError,
  type RetryEvent,
  WaitTimeoutError,
} from "../../client/src/index.ts";
import { createTenant, startApi, type Tenant, type TestApi } from "../helpers/api-server.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const FAST = { initialMs: 100, maxMs: 200 };

function clientFor(
  api: TestApi,
  tenant: Tenant,
  extra: Partial<ConstructorParameters<typeof QuireClient>[0]> = {},
) {
  return new QuireClient({ baseUrl: api.url, apiKey: tenant.key, ...extra });
}

/** The error a promise rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to fail");
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

interface SeenRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  at: number;
}

/** A small HTTP server of the test: each request gets the next scripted answer. */
async function scriptedServer(
  script: ((request: IncomingMessage, response: ServerResponse) => void)[],
): Promise<{ url: string; requests: SeenRequest[] }> {
  const requests: SeenRequest[] = [];
  const server = createServer((request, response) => {
    const step = script[Math.min(requests.length, script.length - 1)];
    requests.push({
      method: request.method ?? "",
      url: request.url ?? "",
      authorization: request.headers.authorization,
      at: Date.now(),
    });
    request.resume();
    request.on("end", () => step?.(request, response));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, requests };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (_request: IncomingMessage, response: ServerResponse) =>
    void response
      .writeHead(status, { "content-type": "application/json", ...headers })
      .end(JSON.stringify(body));
const cut = (request: IncomingMessage) => request.socket.destroy();

const SOME_JOB: AgentJob = {
  id: "job_1",
  status: "active",
  source: { repository: "https://example.test/repo", ref: "quire/agent-job_1" },
  model: "m",
  prLink: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  archivedAt: null,
  error: null,
  summary: null,
};

describe("the @quire/client package", () => {
  it("exports exactly the client, its errors and its helpers (the types are erased)", () => {
    expect(Object.keys(clientPackage).sort()).toEqual([
      "AgentJobsApi",
      "BundleIntegrityError",
      "ExportJobFailedError",
      "FINAL_AGENT_JOB_STATUSES",
      "FINAL_EXPORT_JOB_STATUSES",
      "QuireApiError",
      "QuireClient",
      "QuireConflictError",
      "QuireNetworkError",
      "QuireNotFoundError",
      "QuireRateLimitError",
      "QuireUnauthorizedError",
      "StaticExportsApi",
      "WaitTimeoutError",
      "exportSite",
      "waitForAgentJob",
      "waitForExportJob",
    ]);
    const manifest = JSON.parse(readFileSync("client/package.json", "utf8"));
    expect(manifest).toMatchObject({ name: "@quire/client", type: "module" });
    expect(Object.keys(manifest.exports)).toEqual(["."]);
  });
});

describe("QuireClient against a real API", () => {
  it("creates, gets, lists (a page, then every page through the iterator) and archives agent jobs", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const client = clientFor(api, tenant);

    const created: AgentJob[] = [];
    for (const prompt of ["one", "two", "three"])
      created.push(await client.agent.create(tenant.projectId, prompt));
    expect(created[0]).toMatchObject({ status: "active", prLink: null, archivedAt: null });

    const fetched = await client.agent.get(tenant.projectId, created[0]?.id as string);
    expect(fetched).toEqual(created[0]);

    const page = await client.agent.list(tenant.projectId, { limit: 2 });
    expect(page.jobs.map((job) => job.id)).toEqual([created[2]?.id, created[1]?.id]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const rest = await client.agent.list(tenant.projectId, {
      limit: 2,
      cursor: page.nextCursor as string,
    });
    expect(rest).toEqual({ jobs: [created[0]], nextCursor: null });

    const all: AgentJob[] = [];
    for await (const job of client.agent.listAll(tenant.projectId, { limit: 2 })) all.push(job);
    expect(all.map((job) => job.id)).toEqual(created.map((job) => job.id).reverse());

    const archived = await client.agent.archive(tenant.projectId, created[1]?.id as string);
    expect(archived.status).toBe("archived");
    expect(archived.archivedAt).toEqual(expect.any(String));
    expect((await client.agent.archive(tenant.projectId, archived.id)).archivedAt).toBe(
      archived.archivedAt,
    );
    const archivedOnly = await client.agent.list(tenant.projectId, { status: "archived" });
    expect(archivedOnly.jobs.map((job) => job.id)).toEqual([archived.id]);
  });

  it("throws typed errors carrying the status, the server's message and its error code", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const client = clientFor(api, tenant);

    const invalid = await rejection(client.agent.create(tenant.projectId, ""));
    expect(invalid).toBeInstanceOf(QuireApiError);
    expect(invalid).toMatchObject({
      status: 400,
      kind: "invalid",
      code: "QUIRE_ERR_REQUEST_INVALID",
      message: "prompt must not be empty",
      request: `POST /v2/agent/${tenant.projectId}/job`,
    });
    expect(await rejection(client.agent.list(tenant.projectId, { limit: 500 }))).toMatchObject({
      status: 400,
    });

    const stranger = new QuireClient({ baseUrl: api.url, apiKey: `quire_${"x".repeat(40)}` });
    const unauthorized = await rejection(stranger.agent.get(tenant.projectId, "job_1"));
    expect(unauthorized).toBeInstanceOf(QuireUnauthorizedError);
    expect(unauthorized).toMatchObject({
      status: 401,
      kind: "unauthorized",
      code: "QUIRE_ERR_AUTH_INVALID",
      message: expect.stringMatching(/invalid API key/),
    });

    const missing = await rejection(client.agent.get("prj_nope", "job_nope"));
    expect(missing).toBeInstanceOf(QuireNotFoundError);
    expect(missing).toMatchObject({ status: 404, message: expect.stringMatching(/prj_nope/) });
    expect(await rejection(client.exports.get("exp_nope"))).toBeInstanceOf(QuireNotFoundError);

    const job = await client.agent.create(tenant.projectId, "Fix typos");
    const conflict = await rejection(client.agent.message(tenant.projectId, job.id, "More"));
    expect(conflict).toBeInstanceOf(QuireConflictError);
    expect(conflict).toMatchObject({
      status: 409,
      kind: "conflict",
      code: "QUIRE_ERR_AGENT_JOB_CONFLICT",
      message: expect.stringMatching(/still active/),
    });

    const exportJob = await client.exports.start({ domain: tenant.domain });
    expect(exportJob).toMatchObject({ status: "queued", domain: tenant.domain, version: null });
    expect(await client.exports.get(exportJob.jobId)).toEqual(exportJob);
    expect(await rejection(client.exports.bundle(exportJob.jobId))).toMatchObject({
      status: 409,
      code: "QUIRE_ERR_EXPORT_NOT_COMPLETED",
    });
  });

  it("does not sleep through an hour-long Retry-After: the 429 is thrown with retryAfter at once", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        api.services.agentJobs.create(tenant.orgId, tenant.projectId, `job ${index}`),
      ),
    );
    const retries: RetryEvent[] = [];
    const client = clientFor(api, tenant, { retry: { onRetry: (event) => retries.push(event) } });
    const started = Date.now();
    const limited = await rejection(client.agent.create(tenant.projectId, "one more"));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(limited).toBeInstanceOf(QuireRateLimitError);
    expect(limited).toMatchObject({
      status: 429,
      kind: "rate-limited",
      code: "QUIRE_ERR_RATE_LIMITED",
      message: expect.stringMatching(/rate limit/),
    });
    expect((limited as QuireApiError).retryAfter).toBeGreaterThan(3000);
    expect(retries).toEqual([]);
  });

  it("follows an agent job to failed (no model configured), reporting each change, and takes a follow-up message", async () => {
    const api = await startApi();
    const tenant = await createTenant(api);
    const client = clientFor(api, tenant);
    const job = await client.agent.create(tenant.projectId, "Fix typos");
    const updates: AgentJob[] = [];
    const final = await client.waitForAgentJob(tenant.projectId, job.id, {
      onUpdate: (current) => updates.push(current),
      interval: FAST,
    });
    expect(final.status).toBe("failed");
    expect(final.error).toContain("QUIRE_AGENT_PROVIDER");
    expect(updates.at(-1)).toEqual(final);
    expect(new Set(updates.map((update) => JSON.stringify(update))).size).toBe(updates.length);

    const again = await client.agent.message(tenant.projectId, job.id, "Try again");
    expect(again).toMatchObject({ id: job.id, status: "active", error: null });
    expect(
      (await client.waitForAgentJob(tenant.projectId, job.id, { interval: FAST })).status,
    ).toBe("failed");
  });

  it("stops waiting at once when the signal aborts, and after `timeout` with a WaitTimeoutError holding the last state", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const client = clientFor(api, tenant);
    const job = await client.agent.create(tenant.projectId, "Never runs");

    const controller = new AbortController();
    const reason = new Error("stop it");
    setTimeout(() => controller.abort(reason), 300);
    let started = Date.now();
    const aborted = await rejection(
      client.waitForAgentJob(tenant.projectId, job.id, { signal: controller.signal }),
    );
    expect(aborted).toBe(reason);
    expect(Date.now() - started).toBeLessThan(1000);

    started = Date.now();
    const timedOut = await rejection(
      client.waitForAgentJob(tenant.projectId, job.id, { timeout: 400 }),
    );
    expect(Date.now() - started).toBeLessThan(1200);
    expect(timedOut).toBeInstanceOf(WaitTimeoutError);
    expect(timedOut.message).toMatch(new RegExp(`agent job ${job.id} did not finish within 0.4 s`));
    expect((timedOut as WaitTimeoutError<AgentJob>).job).toMatchObject({
      id: job.id,
      status: "active",
    });
  });

  it("exports a whole site: starts, follows the progress, downloads the bundle and checks its sha256", async () => {
    const api = await startApi();
    const tenant = await createTenant(api);
    const client = clientFor(api, tenant);
    const folder = makeTempDir();
    const events: ExportSiteProgress[] = [];
    const result = await client.exportSite(tenant.domain, {
      version: "2.4.0",
      file: path.join(folder, "site.tar.gz"),
      onProgress: (event) => events.push(event),
      interval: FAST,
    });

    expect(result.file).toBe(path.join(folder, "site.tar.gz"));
    expect(result.job).toMatchObject({ status: "completed", progress: 100, version: "2.4.0" });
    expect(result.job.pageCount).toBeGreaterThan(10);
    const bytes = readFileSync(result.file);
    expect(bytes.length).toBe(result.bundle.sizeBytes);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(result.bundle.sha256);
    expect(readdirSync(folder)).toEqual(["site.tar.gz"]);
    const entries: string[] = [];
    await listTar({ file: result.file, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries.some((entry) => /(^|\/)index\.html$/.test(entry))).toBe(true);

    const exportEvents = events.filter((event) => event.phase === "export");
    expect(exportEvents[0]?.jobId).toBe(result.job.jobId);
    expect(exportEvents.at(-1)).toMatchObject({ status: "completed", progress: 100 });
    const progresses = exportEvents.map((event) => event.progress);
    expect(progresses).toEqual([...progresses].sort((a, b) => a - b));
    expect(events.at(-1)).toEqual({
      phase: "download",
      jobId: result.job.jobId,
      receivedBytes: result.bundle.sizeBytes,
      totalBytes: result.bundle.sizeBytes,
    });

    // A bundle whose checksum does not match leaves no file behind.
    const bundle = await client.exports.bundle(result.job.jobId);
    const wrong = await rejection(
      client.download({ ...bundle, sha256: "0".repeat(64) }, path.join(folder, "bad.tar.gz")),
    );
    expect(wrong).toBeInstanceOf(BundleIntegrityError);
    expect(wrong.message).toMatch(/sha256/);
    expect(readdirSync(folder)).toEqual(["site.tar.gz"]);
  });
});

describe("QuireClient retries", () => {
  it("retries a 429 after its Retry-After, then returns the created job", async () => {
    const server = await scriptedServer([
      json(429, { error: "rate limit exceeded" }, { "retry-after": "1" }),
      json(201, SOME_JOB),
    ]);
    const retries: RetryEvent[] = [];
    const client = new QuireClient({
      baseUrl: server.url,
      apiKey: "quire_test",
      retry: { onRetry: (event) => retries.push(event) },
    });
    const job = await client.agent.create("prj_1", "Fix typos");
    expect(job).toEqual(SOME_JOB);
    expect(server.requests[0]?.authorization).toBe("Bearer quire_test");
    expect(server.requests.map((request) => request.method)).toEqual(["POST", "POST"]);
    const [first, second] = server.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(retries).toMatchObject([
      { reason: "rate-limited", attempt: 2, delayMs: 1000, request: "POST /v2/agent/prj_1/job" },
    ]);
  });

  it("gives up on 429 after the configured attempts, and a signal cuts the Retry-After pause short", async () => {
    const server = await scriptedServer([
      json(429, { error: "rate limit exceeded" }, { "retry-after": "1" }),
    ]);
    const once = new QuireClient({
      baseUrl: server.url,
      apiKey: "quire_test",
      retry: { rateLimitAttempts: 1 },
    });
    const refused = await rejection(once.agent.create("prj_1", "x"));
    expect(refused).toMatchObject({ status: 429, retryAfter: 1, message: "rate limit exceeded" });
    expect(server.requests).toHaveLength(1);

    const patient = new QuireClient({
      baseUrl: server.url,
      apiKey: "quire_test",
      retry: { rateLimitAttempts: 5 },
    });
    const started = Date.now();
    const aborted = await rejection(
      patient.agent.create("prj_1", "x", { signal: AbortSignal.timeout(200) }),
    );
    expect(aborted.name).toBe("TimeoutError");
    expect(Date.now() - started).toBeLessThan(900);
    expect(server.requests).toHaveLength(2);
  });

  it("retries a GET after a broken connection, but never repeats a POST that creates", async () => {
    const server = await scriptedServer([cut, json(200, SOME_JOB)]);
    const client = new QuireClient({
      baseUrl: server.url,
      apiKey: "quire_test",
      retry: { networkDelayMs: 10 },
    });
    expect(await client.agent.get("prj_1", "job_1")).toEqual(SOME_JOB);
    expect(server.requests).toHaveLength(2);

    const creating = await scriptedServer([cut, json(201, SOME_JOB)]);
    const creator = new QuireClient({
      baseUrl: creating.url,
      apiKey: "quire_test",
      retry: { networkDelayMs: 10 },
    });
    const failure = await rejection(creator.agent.create("prj_1", "x"));
    expect(failure).toBeInstanceOf(QuireNetworkError);
    expect(failure.message).toMatch(/^POST \/v2\/agent\/prj_1\/job: cannot reach/);
    expect(creating.requests).toHaveLength(1);
  });

  it("removes the partial file when a download is aborted", async () => {
    const body = randomBytes(200_000);
    const server = await scriptedServer([
      (_request, response) => {
        response.writeHead(200, { "content-length": String(body.length) });
        response.write(body.subarray(0, 50_000));
        // The rest never comes: the download hangs until aborted.
      },
    ]);
    const client = new QuireClient({ baseUrl: server.url, apiKey: "quire_test" });
    const folder = makeTempDir();
    const controller = new AbortController();
    const received: number[] = [];
    const download = client.download(
      {
        jobId: "exp_1",
        bundleUrl: `${server.url}/downloads/exp_1.tar.gz?signature=x`,
        expiresAt: "2099-01-01T00:00:00.000Z",
        sizeBytes: body.length,
        sha256: createHash("sha256").update(body).digest("hex"),
      },
      path.join(folder, "site.tar.gz"),
      {
        signal: controller.signal,
        onProgress: (progress) => {
          received.push(progress.receivedBytes);
          controller.abort(new Error("interrupted"));
        },
      },
    );
    expect((await rejection(download)).message).toBe("interrupted");
    expect(received[0]).toBeGreaterThan(0);
    expect(readdirSync(folder)).toEqual([]);
    expect(existsSync(path.join(folder, "site.tar.gz"))).toBe(false);
    // The link is the credential: the API key is not sent with it.
    expect(server.requests[0]).toMatchObject({
      url: "/downloads/exp_1.tar.gz?signature=x",
      authorization: undefined,
    });
  });
});
