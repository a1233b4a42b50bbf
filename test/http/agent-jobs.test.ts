import { describe, expect, it } from "vitest";
import { createTenant, startApi, waitFor } from "../helpers/api-server.ts";

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("POST /v2/agent/{projectId}/job", () => {
  it("creates an active job with exactly the AgentJob fields and returns 201 before the job runs", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const response = await api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
      key: tenant.key,
      body: { prompt: "Document the new /users endpoint" },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const job = await response.json();
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
    expect(job).toMatchObject({
      status: "active",
      prLink: null,
      archivedAt: null,
      error: null,
      summary: null,
      model: expect.any(String),
    });
    expect(job.source.repository).toMatch(/examples\/docs$/);
    expect(job.source.ref).toBe(`quire/agent-${job.id}`);
    expect(job.createdAt).toMatch(ISO);
    expect(job.updatedAt).toMatch(ISO);
  });

  it("ends a job failed with the missing model setting named when no model is configured", async () => {
    const api = await startApi();
    const tenant = await createTenant(api);
    const created = await (
      await api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
        key: tenant.key,
        body: { prompt: "Fix typos" },
      })
    ).json();
    const job = await waitFor(async () => {
      const current = await (
        await api.request("GET", `/v2/agent/${tenant.projectId}/job/${created.id}`, {
          key: tenant.key,
        })
      ).json();
      return current.status !== "active" && current;
    });
    expect(job.status).toBe("failed");
    expect(job.error).toContain("QUIRE_AGENT_PROVIDER");
    expect(job.prLink).toBeNull();
  });

  it("names the missing model name when only the provider is set", async () => {
    const api = await startApi({
      settings: { agentProvider: "openai-compatible", agentBaseUrl: "http://127.0.0.1:9/v1" },
    });
    const tenant = await createTenant(api);
    const created = await (
      await api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
        key: tenant.key,
        body: { prompt: "Fix typos" },
      })
    ).json();
    const job = await waitFor(async () => {
      const current = await (
        await api.request("GET", `/v2/agent/${tenant.projectId}/job/${created.id}`, {
          key: tenant.key,
        })
      ).json();
      return current.status === "failed" && current;
    });
    expect(job.error).toContain("QUIRE_AGENT_MODEL");
  });

  it.each([
    ["an empty prompt", { prompt: "" }, /prompt must not be empty/],
    ["a missing prompt", {}, /prompt is required/],
    ["a prompt that is a number", { prompt: 42 }, /prompt must be a string/],
    ["a prompt that is null", { prompt: null }, /prompt must be a string/],
    [
      "a prompt over 100,000 characters",
      { prompt: "x".repeat(100_001) },
      /at most 100,000 characters/,
    ],
    ["a body that is an array", [{ prompt: "x" }], /JSON object/],
    ["a body that is a string", '"just text"', /JSON object/],
  ])("answers 400 {error} for %s", async (_name, body, message) => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const response = await api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
      key: tenant.key,
      body,
    });
    expect(response.status).toBe(400);
    const payload = await response.json();
    expect(Object.keys(payload)).toEqual(["error"]);
    expect(payload.error).toMatch(message);
  });

  it("accepts a prompt of exactly 100,000 characters and ignores unknown fields", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const response = await api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
      key: tenant.key,
      body: { prompt: "y".repeat(100_000), color: "blue" },
    });
    expect(response.status).toBe(201);
  });

  it("answers 400 for malformed JSON, 415 for a body that is not JSON and 413 for a body over 1 MiB", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const path = `/v2/agent/${tenant.projectId}/job`;
    const malformed = await api.request("POST", path, {
      key: tenant.key,
      body: '{"prompt": "unterminated',
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toMatch(/not valid JSON/);
    const text = await api.request("POST", path, {
      key: tenant.key,
      body: "prompt=hello",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect((await text.json()).error).toMatch(/JSON/);
    const form = await api.request("POST", path, {
      key: tenant.key,
      body: "prompt=hello",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    const huge = await api.request("POST", path, {
      key: tenant.key,
      body: JSON.stringify({ prompt: "z".repeat(1024 * 1024 + 10) }),
    });
    expect(huge.status).toBe(413);
    expect(Object.keys(await huge.json())).toEqual(["error"]);
    const noBody = await api.request("POST", path, { key: tenant.key });
    expect(noBody.status).toBe(400);
    expect((await noBody.json()).error).toMatch(/JSON object/);
  });

  it("answers 404 for a project that does not exist", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const response = await api.request("POST", "/v2/agent/proj_doesnotexist000000000/job", {
      key: tenant.key,
      body: { prompt: "x" },
    });
    expect(response.status).toBe(404);
    expect((await response.json()).error).toMatch(/no project/);
  });
});

describe("the rate limit of 100 creations and messages per project per hour", () => {
  it("accepts exactly 100 of 150 concurrent creations and refuses the rest with 429, Retry-After and RateLimit headers", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const responses = await Promise.all(
      Array.from({ length: 150 }, (_, index) =>
        api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
          key: tenant.key,
          body: { prompt: `task ${index}` },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(100);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    const refused = responses.find((response) => response.status === 429) as Response;
    expect((await refused.json()).error).toMatch(/rate limit/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(refused.headers.get("ratelimit-limit")).toBe("100");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    const remaining = responses
      .filter((response) => response.status === 201)
      .map((response) => Number(response.headers.get("ratelimit-remaining")));
    expect(new Set(remaining).size).toBe(100);
    expect(Math.min(...remaining)).toBe(0);
    expect(Math.max(...remaining)).toBe(99);
    const list = await (
      await api.request("GET", `/v2/agent/${tenant.projectId}/jobs?limit=100`, { key: tenant.key })
    ).json();
    expect(list.jobs).toHaveLength(100);
    expect(list.nextCursor).toBeNull();
  });

  it("counts per project: another project of the same organization is not limited", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const other = await api.services.admin.createProject({
      orgId: tenant.orgId,
      name: "Other",
      domain: `other-${Date.now()}.example.test`,
      repository: "examples/docs",
    });
    for (let index = 0; index < 100; index++)
      await api.services.agentJobs.create(tenant.orgId, tenant.projectId, "x");
    expect(
      (
        await api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
          key: tenant.key,
          body: { prompt: "x" },
        })
      ).status,
    ).toBe(429);
    expect(
      (
        await api.request("POST", `/v2/agent/${other.id}/job`, {
          key: tenant.key,
          body: { prompt: "x" },
        })
      ).status,
    ).toBe(201);
  });

  it("frees a slot once the oldest call leaves the rolling hour", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    for (let index = 0; index < 100; index++)
      await api.services.agentJobs.create(tenant.orgId, tenant.projectId, "x");
    expect(
      (
        await api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
          key: tenant.key,
          body: { prompt: "x" },
        })
      ).status,
    ).toBe(429);
    // Age the oldest event past the window, as an hour passing would.
    const { db } = api.services.context.database;
    const oldest = await db
      .selectFrom("rate_limit_events")
      .select("id")
      .orderBy("created_at")
      .limit(1)
      .executeTakeFirstOrThrow();
    await db
      .updateTable("rate_limit_events")
      .set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where("id", "=", oldest.id)
      .execute();
    const response = await api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
      key: tenant.key,
      body: { prompt: "x" },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("ratelimit-remaining")).toBe("0");
  });

  it("reports the rate headers on a refused request for a bad body too", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const response = await api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
      key: tenant.key,
      body: { prompt: "" },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("ratelimit-limit")).toBe("100");
    expect(response.headers.get("ratelimit-remaining")).toBe("100");
  });
});

describe("GET /v2/agent/{projectId}/job/{id} and the jobs list", () => {
  it("lists jobs newest first, a page at a time, with a cursor and a status filter", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const ids: string[] = [];
    for (let index = 0; index < 7; index++)
      ids.push(
        (await api.services.agentJobs.create(tenant.orgId, tenant.projectId, `task ${index}`)).job
          .id,
      );
    await api.services.agentJobs.archive(tenant.orgId, tenant.projectId, ids[2] as string);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=3&cursor=${encodeURIComponent(cursor)}` : "?limit=3";
      const response = await api.request("GET", `/v2/agent/${tenant.projectId}/jobs${query}`, {
        key: tenant.key,
      });
      expect(response.status).toBe(200);
      const page = await response.json();
      expect(page.jobs.length).toBeLessThanOrEqual(3);
      seen.push(...page.jobs.map((job: { id: string }) => job.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    const archived = await (
      await api.request("GET", `/v2/agent/${tenant.projectId}/jobs?status=archived`, {
        key: tenant.key,
      })
    ).json();
    expect(archived.jobs.map((job: { id: string }) => job.id)).toEqual([ids[2]]);
  });

  it.each([
    ["limit=0", /limit/],
    ["limit=101", /limit/],
    ["limit=abc", /limit/],
    ["status=running", /status/],
    ["cursor=not-a-cursor", /cursor/],
  ])("answers 400 for %s", async (query, message) => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const response = await api.request("GET", `/v2/agent/${tenant.projectId}/jobs?${query}`, {
      key: tenant.key,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(message);
  });

  it("answers 404 for a job of another project of the same organization", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const other = await api.services.admin.createProject({
      orgId: tenant.orgId,
      name: "Other",
      domain: `other2-${Date.now()}.example.test`,
      repository: "examples/docs",
    });
    const { job } = await api.services.agentJobs.create(tenant.orgId, tenant.projectId, "x");
    expect(
      (await api.request("GET", `/v2/agent/${other.id}/job/${job.id}`, { key: tenant.key })).status,
    ).toBe(404);
    expect(
      (
        await api.request("GET", `/v2/agent/${tenant.projectId}/job/job_nosuchjob0000000000`, {
          key: tenant.key,
        })
      ).status,
    ).toBe(404);
  });
});

describe("follow-up messages and archiving", () => {
  it("refuses a message to an active job with 409 and accepts one to a failed job, which becomes active again on the same branch", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const { job } = await api.services.agentJobs.create(tenant.orgId, tenant.projectId, "first");
    const busy = await api.request("POST", `/v2/agent/${tenant.projectId}/job/${job.id}/message`, {
      key: tenant.key,
      body: { prompt: "more" },
    });
    expect(busy.status).toBe(409);
    expect((await busy.json()).error).toMatch(/active/);

    const { db } = api.services.context.database;
    await db
      .updateTable("agent_jobs")
      .set({ status: "failed", error: "boom" })
      .where("id", "=", job.id)
      .execute();
    const response = await api.request(
      "POST",
      `/v2/agent/${tenant.projectId}/job/${job.id}/message`,
      { key: tenant.key, body: { prompt: "try again" } },
    );
    expect(response.status).toBe(200);
    const continued = await response.json();
    expect(continued).toMatchObject({
      id: job.id,
      status: "active",
      error: null,
      source: job.source,
    });
    expect(response.headers.get("ratelimit-remaining")).toBe("98");
    const messages = await db
      .selectFrom("agent_messages")
      .select(["seq", "prompt"])
      .where("job_id", "=", job.id)
      .orderBy("seq")
      .execute();
    expect(messages).toEqual([
      { seq: 1, prompt: "first" },
      { seq: 2, prompt: "try again" },
    ]);
  });

  it("validates a message like a creation: empty prompt 400, unknown job 404", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const { job } = await api.services.agentJobs.create(tenant.orgId, tenant.projectId, "first");
    expect(
      (
        await api.request("POST", `/v2/agent/${tenant.projectId}/job/${job.id}/message`, {
          key: tenant.key,
          body: { prompt: "" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.request(
          "POST",
          `/v2/agent/${tenant.projectId}/job/job_nosuchjob0000000000/message`,
          { key: tenant.key, body: { prompt: "x" } },
        )
      ).status,
    ).toBe(404);
  });

  it("archives idempotently, sets archivedAt, stops the pending run, and refuses messages afterwards with 409", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const { job } = await api.services.agentJobs.create(tenant.orgId, tenant.projectId, "first");
    const first = await api.request("POST", `/v2/agent/${tenant.projectId}/job/${job.id}/archive`, {
      key: tenant.key,
    });
    expect(first.status).toBe(200);
    const archived = await first.json();
    expect(archived.status).toBe("archived");
    expect(archived.archivedAt).toMatch(ISO);
    const again = await (
      await api.request("POST", `/v2/agent/${tenant.projectId}/job/${job.id}/archive`, {
        key: tenant.key,
        body: {},
      })
    ).json();
    expect(again).toEqual(archived);
    // Nothing of the job is left to run, whichever queue holds it.
    const waiting = await api.services.context.queue.counts(new Date());
    expect(waiting.filter((count) => count.kind === "agent" && count.count > 0)).toEqual([]);
    const message = await api.request(
      "POST",
      `/v2/agent/${tenant.projectId}/job/${job.id}/message`,
      { key: tenant.key, body: { prompt: "more" } },
    );
    expect(message.status).toBe(409);
    expect((await message.json()).error).toMatch(/archived/);
    expect(
      (
        await api.request(
          "POST",
          `/v2/agent/${tenant.projectId}/job/job_nosuchjob0000000000/archive`,
          { key: tenant.key },
        )
      ).status,
    ).toBe(404);
  });
});

describe("routing", () => {
  it("treats a trailing slash as the same resource and answers unknown routes with 404 {error}", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    expect(
      (await api.request("GET", `/v2/agent/${tenant.projectId}/jobs/`, { key: tenant.key })).status,
    ).toBe(200);
    const missing = await api.request("GET", "/v2/agent/nowhere/at/all", { key: tenant.key });
    expect(missing.status).toBe(404);
    expect(Object.keys(await missing.json())).toEqual(["error"]);
  });
});
