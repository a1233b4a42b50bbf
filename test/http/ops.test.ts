import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTenant, startApi, type TestApi } from "../helpers/api-server.ts";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] as string] = pair[2] as string;
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name whose labels include these. */
function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string>,
): number | undefined {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1)
    throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

async function scrape(api: TestApi): Promise<Sample[]> {
  const response = await api.request("GET", "/metrics");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await response.text());
}

describe("/healthz and /readyz", () => {
  it("answers /healthz 200 without a key", async () => {
    const api = await startApi({ workers: false });
    const response = await api.request("GET", "/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz 200 while the database and the storage work", async () => {
    const api = await startApi({ workers: false });
    const response = await api.request("GET", "/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready" });
  });

  it("answers /readyz 503 {error} when the storage folder is not writable (replaced by a file), and 200 again once it is back", async () => {
    const api = await startApi({ workers: false, localStore: true });
    const objects = path.join(api.dataDir, "objects");
    rmSync(objects, { recursive: true, force: true });
    // A plain file where the folder was: nothing, not even root, can create objects in it.
    writeFileSync(objects, "not a folder");
    const response = await api.request("GET", "/readyz");
    expect(response.status).toBe(503);
    expect(response.headers.get("quire-error-code")).toBe("QUIRE_ERR_UNAVAILABLE");
    const body = await response.json();
    expect(Object.keys(body)).toEqual(["error"]);
    expect(body.error).toMatch(/storage/i);
    // Said to anyone who asks, without a key: no stack trace, no server path.
    expect(body.error).not.toContain(api.dataDir);
    expect(body.error).not.toMatch(/\n\s+at /);
    // /healthz is liveness only: the process still answers.
    expect((await api.request("GET", "/healthz")).status).toBe(200);

    rmSync(objects);
    mkdirSync(objects);
    expect((await api.request("GET", "/readyz")).status).toBe(200);
    // The write probe leaves nothing behind.
    expect(readdirSync(objects)).toEqual([]);
  });

  it("answers /readyz 503 {error} when the storage folder is gone", async () => {
    const api = await startApi({ workers: false, localStore: true });
    rmSync(path.join(api.dataDir, "objects"), { recursive: true, force: true });
    const response = await api.request("GET", "/readyz");
    expect(response.status).toBe(503);
    expect((await response.json()).error).toMatch(/storage/i);
  });

  it("answers /readyz 503 {error} when the database cannot be used", async () => {
    const api = await startApi({ workers: false });
    await api.services.context.database.close();
    const response = await api.request("GET", "/readyz");
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(["error"]);
    expect(body.error).toMatch(/database/i);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    // The cause is in the log, for the operator.
    expect(
      api.logs.some((line) => line.includes('"msg":"not ready"') && line.includes("the database")),
    ).toBe(true);
  });
});

describe("/metrics", () => {
  it("counts requests by route pattern, method and status, with latency buckets", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    for (let i = 0; i < 3; i++) expect((await api.request("GET", "/healthz")).status).toBe(200);
    for (let i = 0; i < 2; i++)
      expect(
        (await api.request("GET", `/v2/agent/${tenant.projectId}/jobs`, { key: tenant.key }))
          .status,
      ).toBe(200);
    expect((await api.request("GET", `/v2/agent/${tenant.projectId}/jobs`)).status).toBe(401);
    expect(
      (await api.request("GET", "/v2/agent/proj_missing/jobs", { key: tenant.key })).status,
    ).toBe(404);
    expect((await api.request("GET", "/no/such/route/12345")).status).toBe(404);

    const text = await (await api.request("GET", "/metrics")).text();
    expect(text).toContain("# TYPE quire_http_requests_total counter");
    expect(text).toContain("# TYPE quire_http_request_duration_seconds histogram");
    const samples = parseMetrics(text);
    const requests = (labels: Record<string, string>) =>
      sampleValue(samples, "quire_http_requests_total", labels);
    expect(requests({ route: "/healthz", method: "GET", status: "200" })).toBe(3);
    const jobsRoute = "/v2/agent/:projectId/jobs";
    expect(requests({ route: jobsRoute, method: "GET", status: "200" })).toBe(2);
    expect(requests({ route: jobsRoute, method: "GET", status: "401" })).toBe(1);
    expect(requests({ route: jobsRoute, method: "GET", status: "404" })).toBe(1);
    expect(requests({ route: "unmatched", method: "GET", status: "404" })).toBe(1);
    // Labels are route patterns: no identifier or raw path makes a new series. (The path, not
    // its number: a latency sum's digits once held "12345".)
    expect(text).not.toContain(tenant.projectId);
    expect(text).not.toContain("proj_missing");
    expect(text).not.toContain("/no/such/route");

    const buckets = samples.filter(
      (sample) =>
        sample.name === "quire_http_request_duration_seconds_bucket" &&
        sample.labels.route === jobsRoute &&
        sample.labels.method === "GET",
    );
    expect(buckets.length).toBeGreaterThan(3);
    expect(buckets.at(-1)?.labels.le).toBe("+Inf");
    expect(buckets.at(-1)?.value).toBe(4);
    // Cumulative buckets never decrease.
    for (let i = 1; i < buckets.length; i++)
      expect((buckets[i] as Sample).value).toBeGreaterThanOrEqual((buckets[i - 1] as Sample).value);
    expect(
      sampleValue(samples, "quire_http_request_duration_seconds_count", {
        route: jobsRoute,
        method: "GET",
      }),
    ).toBe(4);
    expect(
      sampleValue(samples, "quire_http_request_duration_seconds_sum", {
        route: jobsRoute,
        method: "GET",
      }),
    ).toBeGreaterThan(0);
  });

  it("reports jobs by kind and status and the queue depth from the database", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const before = await scrape(api);
    expect(sampleValue(before, "quire_jobs", { kind: "agent", status: "active" })).toBe(0);
    expect(sampleValue(before, "quire_jobs", { kind: "export", status: "queued" })).toBe(0);
    expect(sampleValue(before, "quire_queue_depth", { kind: "agent", status: "queued" })).toBe(0);

    for (const prompt of ["one", "two", "three"])
      expect(
        (
          await api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
            key: tenant.key,
            body: { prompt },
          })
        ).status,
      ).toBe(201);
    expect(
      (
        await api.request("POST", "/v1/static-export/jobs", {
          key: tenant.key,
          body: { domain: tenant.domain },
        })
      ).status,
    ).toBe(202);
    const archived = await (
      await api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
        key: tenant.key,
        body: { prompt: "four" },
      })
    ).json();
    expect(
      (
        await api.request("POST", `/v2/agent/${tenant.projectId}/job/${archived.id}/archive`, {
          key: tenant.key,
        })
      ).status,
    ).toBe(200);

    const after = await scrape(api);
    expect(sampleValue(after, "quire_jobs", { kind: "agent", status: "active" })).toBe(3);
    expect(sampleValue(after, "quire_jobs", { kind: "agent", status: "archived" })).toBe(1);
    expect(sampleValue(after, "quire_jobs", { kind: "agent", status: "completed" })).toBe(0);
    expect(sampleValue(after, "quire_jobs", { kind: "export", status: "queued" })).toBe(1);
    expect(sampleValue(after, "quire_jobs", { kind: "export", status: "completed" })).toBe(0);
    // No workers run here: the three active agent jobs and the export wait in the queue.
    expect(sampleValue(after, "quire_queue_depth", { kind: "agent", status: "queued" })).toBe(3);
    expect(sampleValue(after, "quire_queue_depth", { kind: "export", status: "queued" })).toBe(1);
    expect(sampleValue(after, "quire_queue_depth", { kind: "agent", status: "running" })).toBe(0);
    expect(sampleValue(after, "quire_database_up", {})).toBe(1);
  });

  it("still serves the request figures when the database cannot be read, with quire_database_up 0", async () => {
    const api = await startApi({ workers: false });
    expect((await api.request("GET", "/healthz")).status).toBe(200);
    await api.services.context.database.close();
    const samples = await scrape(api);
    expect(sampleValue(samples, "quire_database_up", {})).toBe(0);
    expect(
      sampleValue(samples, "quire_http_requests_total", { route: "/healthz", status: "200" }),
    ).toBe(1);
    expect(samples.some((sample) => sample.name === "quire_jobs")).toBe(false);
  });
});

describe("request ids and logs", () => {
  it("gives every response an X-Request-Id, echoing a safe incoming one and replacing an unsafe one", async () => {
    const api = await startApi({ workers: false });
    const generated = await api.request("GET", "/healthz");
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    const other = await api.request("GET", "/healthz");
    expect(other.headers.get("x-request-id")).not.toBe(generated.headers.get("x-request-id"));

    const echoed = await api.request("GET", "/v2/agent/p/jobs", {
      headers: { "x-request-id": "client-req.42:abc" },
    });
    expect(echoed.status).toBe(401);
    expect(echoed.headers.get("x-request-id")).toBe("client-req.42:abc");

    for (const unsafe of ["has space", "x".repeat(200), "semi;colon", "<script>"]) {
      const replaced = await api.request("GET", "/healthz", {
        headers: { "x-request-id": unsafe },
      });
      expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    }
    // Errors of every kind carry it too.
    const notFound = await api.request("GET", "/nowhere");
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("x-request-id")).toBeTruthy();
  });

  it("writes JSON log lines that carry the request id", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const response = await api.request("GET", `/v2/agent/${tenant.projectId}/jobs`, {
      key: tenant.key,
      headers: { "x-request-id": "trace-me-123" },
    });
    expect(response.status).toBe(200);
    const lines = api.logs.map((line) => JSON.parse(line));
    const requestLine = lines.find((line) => line.reqId === "trace-me-123");
    expect(requestLine).toMatchObject({
      reqId: "trace-me-123",
      msg: "request",
      method: "GET",
      client: "127.0.0.1",
      status: 200,
      route: "/v2/agent/:projectId/jobs",
    });
    expect(typeof requestLine.time).toBe("number");
    expect(typeof requestLine.level).toBe("number");
  });

  it("never writes an API key into the logs, valid, revoked, wrong or malformed", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const revoked = await api.services.admin.createApiKey(tenant.orgId, "to revoke");
    await api.services.admin.revokeApiKey(revoked.id);
    const wrong = `quire_${"Z".repeat(40)}`;
    const secretPart = tenant.key.slice("quire_".length);

    const calls: [string, string, Record<string, string>, number][] = [
      ["GET", `/v2/agent/${tenant.projectId}/jobs`, { authorization: `Bearer ${tenant.key}` }, 200],
      [
        "POST",
        `/v2/agent/${tenant.projectId}/job`,
        { authorization: `Bearer ${tenant.key}`, "content-type": "application/json" },
        400,
      ],
      [
        "GET",
        `/v2/agent/${tenant.projectId}/jobs`,
        { authorization: `Bearer ${revoked.key}` },
        401,
      ],
      ["GET", `/v2/agent/${tenant.projectId}/jobs`, { authorization: `Bearer ${wrong}` }, 401],
      ["GET", `/v2/agent/${tenant.projectId}/jobs`, { authorization: `Basic ${wrong}` }, 401],
      [
        "GET",
        `/v2/agent/${tenant.projectId}/jobs`,
        { authorization: `Bearer ${wrong} extra` },
        401,
      ],
      ["GET", `/v2/agent/${tenant.projectId}/jobs?key=${tenant.key}`, {}, 401],
      ["GET", "/nowhere", { authorization: `Bearer ${tenant.key}` }, 404],
    ];
    for (const [method, url, headers, status] of calls) {
      const response = await fetch(`${api.url}${url}`, {
        method,
        headers,
        body: method === "POST" ? "{not json" : undefined,
      });
      expect(response.status, `${method} ${url}`).toBe(status);
      await response.arrayBuffer();
    }
    // The request lines were written: the check below looks at real output.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      api.logs.filter((line) => line.includes('"msg":"request"')).length,
    ).toBeGreaterThanOrEqual(calls.length);
    const all = api.logs.join("\n");
    for (const secret of [
      tenant.key,
      secretPart,
      revoked.key,
      revoked.key.slice(6),
      wrong,
      "Z".repeat(40),
    ])
      expect(all).not.toContain(secret);
  });
});
