import { describe, expect, it } from "vitest";
import { createTenant, startApi } from "../helpers/api-server.ts";

describe("authentication", () => {
  it.each([
    ["no Authorization header", undefined],
    ["a Basic credential", "Basic dXNlcjpwYXNz"],
    ["a Bearer token without the quire_ prefix", "Bearer sk_0123456789abcdefghijklmnopqrstuvwxyz"],
    [
      "a well-formed key that does not exist",
      "Bearer quire_0123456789abcdefghijklmnopqrstuvwxyzABCD",
    ],
    ["an empty Bearer", "Bearer "],
  ])("answers 401 {error} with WWW-Authenticate: Bearer for %s", async (_name, header) => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const headers: Record<string, string> = header ? { authorization: header } : {};
    for (const [method, path] of [
      ["POST", `/v2/agent/${tenant.projectId}/job`],
      ["GET", `/v2/agent/${tenant.projectId}/jobs`],
      ["POST", "/v1/static-export/jobs"],
      ["GET", "/v1/static-export/jobs/exp_x"],
    ]) {
      const response = await api.request(method as string, path as string, {
        headers,
        body: method === "POST" ? { prompt: "x", domain: tenant.domain } : undefined,
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      const body = await response.json();
      expect(Object.keys(body)).toEqual(["error"]);
    }
  });

  it("refuses a revoked key with 401 at once", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const path = `/v2/agent/${tenant.projectId}/jobs`;
    expect((await api.request("GET", path, { key: tenant.key })).status).toBe(200);
    const [info] = await api.services.admin.listApiKeys(tenant.orgId);
    await api.services.admin.revokeApiKey(info?.id as string);
    const response = await api.request("GET", path, { key: tenant.key });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toMatch(/revoked/);
  });

  it("authenticates before reading the body: an unauthenticated 2 MiB body gets 401, not 413", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const response = await api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
      body: { prompt: "x".repeat(2 * 1024 * 1024) },
    });
    expect(response.status).toBe(401);
  });

  it("records when a key was last used, and never stores or logs the key itself", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    await api.request("GET", `/v2/agent/${tenant.projectId}/jobs`, { key: tenant.key });
    await api.request("GET", `/v2/agent/${tenant.projectId}/jobs`, { key: `${tenant.key}x` });
    const [info] = await api.services.admin.listApiKeys(tenant.orgId);
    expect(info?.lastUsedAt).not.toBeNull();
    expect(info?.visiblePrefix).toBe(tenant.key.slice(0, 12));
    const rows = await api.services.context.database.db
      .selectFrom("api_keys")
      .selectAll()
      .execute();
    expect(JSON.stringify(rows)).not.toContain(tenant.key.slice(12));
    expect(api.logs.length).toBeGreaterThan(0);
    expect(api.logs.join("\n")).not.toContain(tenant.key.slice(12));
  });
});

describe("tenancy", () => {
  it("answers another organization's projects and jobs exactly as ones that do not exist", async () => {
    const api = await startApi({ workers: false });
    const a = await createTenant(api);
    const b = await createTenant(api);
    const { job } = await api.services.agentJobs.create(b.orgId, b.projectId, "B's job");
    const exportJob = await api.services.exports.start(b.orgId, { domain: b.domain });

    const pairs: [string, string, string, unknown?][] = [
      ["GET", `/v2/agent/${b.projectId}/job/${job.id}`, `/v2/agent/${b.projectId}9/job/${job.id}`],
      ["GET", `/v2/agent/${b.projectId}/jobs`, `/v2/agent/${b.projectId}9/jobs`],
      ["POST", `/v2/agent/${b.projectId}/job`, `/v2/agent/${b.projectId}9/job`, { prompt: "x" }],
      [
        "POST",
        `/v2/agent/${b.projectId}/job/${job.id}/archive`,
        `/v2/agent/${b.projectId}9/job/${job.id}/archive`,
      ],
      [
        "POST",
        `/v2/agent/${b.projectId}/job/${job.id}/message`,
        `/v2/agent/${b.projectId}9/job/${job.id}/message`,
        { prompt: "x" },
      ],
      [
        "GET",
        `/v1/static-export/jobs/${exportJob.jobId}`,
        `/v1/static-export/jobs/${exportJob.jobId}9`,
      ],
      [
        "POST",
        `/v1/static-export/jobs/${exportJob.jobId}/bundle`,
        `/v1/static-export/jobs/${exportJob.jobId}9/bundle`,
      ],
    ];
    for (const [method, foreign, missing, body] of pairs) {
      const seen = await api.request(method, foreign, { key: a.key, body });
      const absent = await api.request(method, missing, { key: a.key, body });
      expect(seen.status, `${method} ${foreign}`).toBe(404);
      expect(absent.status).toBe(404);
      const [seenError, absentError] = [(await seen.json()).error, (await absent.json()).error];
      expect(seenError.replace(b.projectId, "ID").replace(exportJob.jobId, "ID")).toBe(
        absentError.replace(`${b.projectId}9`, "ID").replace(`${exportJob.jobId}9`, "ID"),
      );
    }
    const foreignDomain = await api.request("POST", "/v1/static-export/jobs", {
      key: a.key,
      body: { domain: b.domain },
    });
    expect(foreignDomain.status).toBe(404);

    // B's job is untouched, and A's list never shows it.
    expect((await api.services.agentJobs.get(b.orgId, b.projectId, job.id)).status).toBe("active");
    const list = await (
      await api.request("GET", `/v2/agent/${a.projectId}/jobs`, { key: a.key })
    ).json();
    expect(list.jobs).toEqual([]);
  });
});
