import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ASSISTANT_SITE_FILES } from "../assistant/assistant-site.ts";
import {
  createTenant,
  startApi,
  type Tenant,
  type TestApi,
  waitFor,
} from "../helpers/api-server.ts";
import { type MockModelServer, startMockModel } from "../helpers/mock-model-server.ts";
import { makeRepo } from "../helpers/temp-repo.ts";

/**
 * The readers' assistant of cloud projects, answered by the admin API (`/v1/assistant/{id}`):
 * a real API with its workers on a real database, a project exported by a real export job, and
 * a local model server speaking the OpenAI Chat Completions protocol.
 */

/** The address readers reach the API at, as the operator sets it; pages name it. */
const PUBLIC_URL = "https://api.docs.example";

function modelSettings(model: MockModelServer) {
  return {
    agentProvider: "openai-compatible",
    agentModel: "docs-model",
    agentBaseUrl: model.baseUrl,
  };
}

async function exportProject(api: TestApi, tenant: Tenant): Promise<string> {
  const started = await api.request("POST", "/v1/static-export/jobs", {
    key: tenant.key,
    body: { domain: tenant.domain },
  });
  const { jobId } = await started.json();
  const done = await waitFor(
    async () => {
      const job = await (
        await api.request("GET", `/v1/static-export/jobs/${jobId}`, { key: tenant.key })
      ).json();
      return (job.status === "completed" || job.status === "failed") && job;
    },
    120_000,
    `export ${jobId}`,
  );
  expect(done.status, done.error).toBe("completed");
  return jobId;
}

function ask(api: TestApi, projectId: string, question: string, origin = "https://docs.example") {
  return fetch(`${api.url}/v1/assistant/${projectId}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ question }),
  });
}

/** The server-sent events of an answer, in order, each `data` parsed. */
async function events(response: Response): Promise<{ event: string; data: unknown }[]> {
  return (await response.text())
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? "message",
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null"),
    }));
}

describe("the readers' assistant of a cloud project", () => {
  it("answers from the project's newest export, citing its pages, to pages of any origin, and picks up a new export without a restart", async () => {
    const model = await startMockModel();
    const api = await startApi({
      settings: { ...modelSettings(model), publicUrl: PUBLIC_URL, assistantPerMinute: "100" },
    });
    const repository = makeRepo(ASSISTANT_SITE_FILES);
    const tenant = await createTenant(api, {
      repository,
      deployment: "cloud",
      serveAssistant: true,
    });
    const firstJob = await exportProject(api, tenant);

    const status = await fetch(`${api.url}/v1/assistant/${tenant.projectId}`, {
      headers: { origin: "https://docs.example" },
    });
    expect(status.status).toBe(200);
    expect(status.headers.get("access-control-allow-origin")).toBe("*");
    expect(await status.json()).toEqual({ available: true });

    const answer = "Five failed attempts mark a job as failed [1].";
    model.script({ text: answer });
    const response = await ask(api, tenant.projectId, "How many attempts before a job fails?");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
    const received = await events(response);
    expect(received[0]?.event).toBe("sources");
    expect((received[0]?.data as { path: string; title: string }[])[0]).toMatchObject({
      number: 1,
      title: "Retries",
      path: "guides/retries",
    });
    const texts = received.filter((event) => event.event === "text");
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.map((event) => event.data).join("")).toBe(answer);
    expect(received.at(-1)?.event).toBe("done");
    expect(String(model.requests[0]?.messages[1]?.content)).toContain(
      "After five failed attempts the job is marked as failed",
    );

    // The exported pages point at this route, at the operator's public URL.
    const cached = path.join(api.dataDir, "cache", "assistant", "versions", firstJob, "site");
    const endpoint = `${PUBLIC_URL}/v1/assistant/${tenant.projectId}`;
    const manifest = JSON.parse(readFileSync(path.join(cached, "quire-export.json"), "utf8"));
    expect(manifest.assistant).toEqual({ endpoint });
    // Its origin is the policy's to allow, not the playground proxy's to send to.
    expect(manifest.connectOrigins ?? []).not.toContain(PUBLIC_URL);
    expect(readFileSync(path.join(cached, "guides/retries.html"), "utf8")).toContain(
      `data-assistant="${endpoint}"`,
    );

    // A new export with changed pages: the next question is answered from it.
    writeFileSync(
      path.join(repository, "guides/retries.mdx"),
      String(ASSISTANT_SITE_FILES["guides/retries.mdx"]).replace("five", "seven"),
    );
    const secondJob = await exportProject(api, tenant);
    await events(await ask(api, tenant.projectId, "How many attempts before a job fails?"));
    const latest = String(model.requests.at(-1)?.messages[1]?.content);
    expect(latest).toContain("After seven failed attempts the job is marked as failed");
    expect(readdirSync(path.join(api.dataDir, "cache", "assistant", "versions"))).toContain(
      secondJob,
    );
  });

  it("refuses what is no question as quire serve does, and limits each reader address to its questions a minute", async () => {
    const model = await startMockModel();
    const api = await startApi({
      settings: { ...modelSettings(model), publicUrl: PUBLIC_URL, assistantPerMinute: "2" },
    });
    const tenant = await createTenant(api, {
      repository: makeRepo(ASSISTANT_SITE_FILES),
      deployment: "cloud",
      serveAssistant: true,
    });
    await exportProject(api, tenant);
    const url = `${api.url}/v1/assistant/${tenant.projectId}`;
    const form = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "question=retries",
    });
    expect(form.status).toBe(415);
    expect((await ask(api, tenant.projectId, "   ")).status).toBe(400);
    expect((await ask(api, tenant.projectId, "why ".repeat(300))).status).toBe(413);
    const huge = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "x".repeat(20_000) }),
    });
    expect(huge.status).toBe(413);
    expect(model.requests).toHaveLength(0);
    // Refusals count no question: the address still has its two.
    for (let asked = 0; asked < 2; asked++) {
      const allowed = await ask(api, tenant.projectId, "schedules time zone");
      expect(allowed.status).toBe(200);
      await allowed.text();
    }
    const refused = await ask(api, tenant.projectId, "schedules time zone");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect((await refused.json()).error).toMatch(/too many questions: 2 a minute/);
  });

  it("is pointed at quire serve beside the pages, with the job's warning, while the API has no public URL", async () => {
    const api = await startApi();
    const tenant = await createTenant(api, {
      repository: makeRepo(ASSISTANT_SITE_FILES),
      deployment: "cloud",
      serveAssistant: true,
    });
    const jobId = await exportProject(api, tenant);
    const { warnings } = await api.services.exports.details(tenant.orgId, jobId);
    expect(warnings).toContainEqual(
      expect.objectContaining({ rule: "assistant-public-url", file: "--public-url" }),
    );
    // Unpacked by the availability check: no model here, so it does not answer.
    expect(await (await fetch(`${api.url}/v1/assistant/${tenant.projectId}`)).json()).toEqual({
      available: false,
    });
    const site = path.join(api.dataDir, "cache", "assistant", "versions", jobId, "site");
    const manifest = JSON.parse(readFileSync(path.join(site, "quire-export.json"), "utf8"));
    expect(manifest.assistant).toEqual({ endpoint: "_quire/assistant" });
  });

  it("refuses questions (503) while no model is set up, and says it does not answer", async () => {
    const api = await startApi({ workers: false, settings: { publicUrl: PUBLIC_URL } });
    const tenant = await createTenant(api, { deployment: "cloud", serveAssistant: true });
    const status = await fetch(`${api.url}/v1/assistant/${tenant.projectId}`);
    expect(await status.json()).toEqual({ available: false });
    const refused = await ask(api, tenant.projectId, "How do retries work?");
    expect(refused.status).toBe(503);
    expect((await refused.json()).error).toMatch(/no model set up/);
  });

  it("refuses questions (503) until the project has a completed export", async () => {
    const model = await startMockModel();
    const api = await startApi({ workers: false, settings: modelSettings(model) });
    const tenant = await createTenant(api, { deployment: "cloud", serveAssistant: true });
    const status = await fetch(`${api.url}/v1/assistant/${tenant.projectId}`);
    expect(await status.json()).toEqual({ available: false });
    const refused = await ask(api, tenant.projectId, "How do retries work?");
    expect(refused.status).toBe(503);
    expect((await refused.json()).error).toMatch(/no completed export yet/);
    expect(model.requests).toHaveLength(0);
  });

  it("answers 404, readable by the page, for an unknown project and for projects it does not serve", async () => {
    const model = await startMockModel();
    const api = await startApi({ workers: false, settings: modelSettings(model) });
    const clientHosted = await createTenant(api, {
      deployment: "client-hosted",
      serveAssistant: true,
    });
    const assistantOff = await createTenant(api, { deployment: "cloud", serveAssistant: false });
    for (const projectId of ["proj_unknown", clientHosted.projectId, assistantOff.projectId]) {
      const status = await fetch(`${api.url}/v1/assistant/${projectId}`);
      expect(status.status, projectId).toBe(404);
      expect(status.headers.get("access-control-allow-origin")).toBe("*");
      expect((await status.json()).error).toMatch(/offers the readers' assistant/);
      const refused = await ask(api, projectId, "How do retries work?");
      expect(refused.status, projectId).toBe(404);
    }
    expect(model.requests).toHaveLength(0);
  });

  it("answers the browser's preflight for any origin, without credentials", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api, { deployment: "cloud", serveAssistant: true });
    const preflight = await fetch(`${api.url}/v1/assistant/${tenant.projectId}`, {
      method: "OPTIONS",
      headers: {
        origin: "https://docs.customer.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain(
      "content-type",
    );
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
  });
});
