import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { folderSize } from "../../src/files/size-capped-folder.ts";
import { createTenant, startApi, waitFor } from "../helpers/api-server.ts";
import { makeRepo } from "../helpers/temp-repo.ts";

describe("the data dir's export cache", () => {
  it("is pruned to --cache-max after an export job, least recently used entries first", async () => {
    const api = await startApi({ settings: { exportCacheMaxMb: "1" } });
    // Left by long-gone exports: 2 MB unused for a day.
    const cache = path.join(api.dataDir, "cache", "export");
    const stale = path.join(cache, "ab", "stale.json");
    mkdirSync(path.dirname(stale), { recursive: true });
    writeFileSync(stale, Buffer.alloc(2 * 1024 * 1024));
    const dayAgo = new Date(Date.now() - 24 * 3600_000);
    utimesSync(stale, dayAgo, dayAgo);

    const tenant = await createTenant(api, {
      repository: makeRepo({
        "docs.json": JSON.stringify({
          name: "Pruned",
          colors: { primary: "#0a7" },
          navigation: { pages: ["index"] },
        }),
        "index.mdx": "---\ntitle: Home\n---\n\nWelcome.\n",
      }),
    });
    const started = await api.request("POST", "/v1/static-export/jobs", {
      key: tenant.key,
      body: { domain: tenant.domain },
    });
    const { jobId } = (await started.json()) as { jobId: string };
    await waitFor(
      async () => {
        const response = await api.request("GET", `/v1/static-export/jobs/${jobId}`, {
          key: tenant.key,
        });
        const job = (await response.json()) as { status: string };
        expect(job.status).not.toBe("failed");
        // Pruned once the job is done, just after it is marked completed.
        return job.status === "completed" && folderSize(cache).bytes <= 1024 * 1024;
      },
      120_000,
      `export ${jobId}, then the cache under 1 MB`,
    );
    // The stale entry went; the job's own entries stayed, so nothing was said of the cap.
    expect(folderSize(cache).files).toBeGreaterThan(0);
    expect(existsSync(stale)).toBe(false);
    expect(api.logs.filter((line) => line.includes(SMALLER_THAN_NEEDED))).toEqual([]);
  }, 180_000);

  it("logs a warning when the cap is smaller than one job's own entries", async () => {
    const api = await startApi({ settings: { exportCacheMaxMb: "1" } });
    const words = Array.from({ length: 70_000 }, (_, index) => `word${index}`).join(" ");
    const tenant = await createTenant(api, {
      repository: makeRepo({
        "docs.json": JSON.stringify({
          name: "Large",
          colors: { primary: "#0a7" },
          navigation: { pages: ["index"] },
        }),
        "index.mdx": `---\ntitle: Home\n---\n\n${words}\n`,
      }),
    });
    const started = await api.request("POST", "/v1/static-export/jobs", {
      key: tenant.key,
      body: { domain: tenant.domain },
    });
    const { jobId } = (await started.json()) as { jobId: string };
    await waitFor(
      async () => api.logs.some((line) => line.includes(SMALLER_THAN_NEEDED)),
      120_000,
      `export ${jobId}, then the warning about the cache's cap`,
    );
    const warning = JSON.parse(
      api.logs.find((line) => line.includes(SMALLER_THAN_NEEDED)) as string,
    ) as { exportJob: string; removedEntries: number; cacheMaxMb: number };
    expect(warning).toMatchObject({ exportJob: jobId, cacheMaxMb: 1 });
    expect(warning.removedEntries).toBeGreaterThan(0);
  }, 180_000);
});

const SMALLER_THAN_NEEDED = "the export cache is smaller than this site needs";
