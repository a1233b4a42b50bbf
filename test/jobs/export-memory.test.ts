import { describe, expect, it } from "vitest";
import {
  createTenant,
  startApi,
  type Tenant,
  type TestApi,
  waitFor,
} from "../helpers/api-server.ts";
import { makeRepo } from "../helpers/temp-repo.ts";

const DOCS_JSON = JSON.stringify({
  name: "Acme",
  colors: { primary: "#0a7" },
  navigation: { pages: ["index", "heavy"] },
});

/**
 * A page that costs far more memory than its size: 90,000 images make a syntax tree of over
 * a gigabyte while it is parsed (1.4 MB of text; within every limit of a page).
 */
const HEAVY_SITE = {
  "docs.json": DOCS_JSON,
  "index.mdx": "---\ntitle: Home\n---\n\nWelcome.\n",
  "heavy.mdx": `---\ntitle: Heavy\n---\n\n${"![](missing.png) ".repeat(90_000)}\n`,
};

async function startExport(api: TestApi, tenant: Tenant): Promise<string> {
  const response = await api.request("POST", "/v1/static-export/jobs", {
    key: tenant.key,
    body: { domain: tenant.domain },
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { jobId: string }).jobId;
}

async function jobOf(api: TestApi, tenant: Tenant, jobId: string) {
  const response = await api.request("GET", `/v1/static-export/jobs/${jobId}`, { key: tenant.key });
  return (await response.json()) as { status: string; error: string | null };
}

describe("an export job past its memory budget", () => {
  it("ends failed with the budget in its error, while the API answers throughout and runs the next job", async () => {
    const api = await startApi({ settings: { exportMemoryMb: "128" } });
    const tenant = await createTenant(api, { repository: makeRepo(HEAVY_SITE) });
    const jobId = await startExport(api, tenant);

    // The API answers while the export runs, and after it ran out of memory.
    const answers: number[] = [];
    const done = await waitFor(
      async () => {
        answers.push((await api.request("GET", "/healthz")).status);
        const job = await jobOf(api, tenant, jobId);
        return (job.status === "completed" || job.status === "failed") && job;
      },
      60_000,
      `export ${jobId}`,
    );
    expect(done).toMatchObject({
      status: "failed",
      error: "the export ran out of its memory budget of 128 MB",
    });
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((status) => status === 200)).toBe(true);
    expect((await api.request("GET", "/readyz")).status).toBe(200);

    // The same worker goes on: an ordinary site exports within the same budget.
    const light = await createTenant(api, {
      repository: makeRepo({
        "docs.json": JSON.stringify({
          name: "Light",
          colors: { primary: "#0a7" },
          navigation: { pages: ["index"] },
        }),
        "index.mdx": "---\ntitle: Home\n---\n\nWelcome.\n",
      }),
    });
    const next = await startExport(api, light);
    const finished = await waitFor(
      async () => {
        const job = await jobOf(api, light, next);
        return (job.status === "completed" || job.status === "failed") && job;
      },
      60_000,
      `export ${next}`,
    );
    expect(finished).toMatchObject({ status: "completed", error: null });
  });

  it("is a setting: QUIRE_EXPORT_MEMORY, refused when it is not a number of megabytes", async () => {
    const { resolveConfig } = await import("../../src/config/settings.ts");
    expect(resolveConfig({}, {}).exportMemoryMb).toBe(2048);
    expect(resolveConfig({}, { QUIRE_EXPORT_MEMORY: "4096" }).exportMemoryMb).toBe(4096);
    expect(() => resolveConfig({}, { QUIRE_EXPORT_MEMORY: "lots" })).toThrow(
      'QUIRE_EXPORT_MEMORY must be a whole number from 64 to 1048576, not "lots"',
    );
  });
});
