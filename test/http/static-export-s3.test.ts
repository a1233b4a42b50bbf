import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { x as extractTar } from "tar";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTenant, startApi, waitFor } from "../helpers/api-server.ts";
import { startS3Server, type TestS3Server } from "../helpers/s3-server.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

const BUCKET = "quire-bundles";
const SITE = {
  "docs.json": JSON.stringify({
    name: "Acme",
    colors: { primary: "#0a7" },
    navigation: { pages: ["index", "guide/setup"] },
  }),
  "index.mdx": "---\ntitle: Home\n---\n\nWelcome to Acme.\n",
  "guide/setup.mdx": "---\ntitle: Setup\n---\n\nInstall it.\n",
};

let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startS3Server({ buckets: [BUCKET] });
  for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
  vi.stubEnv("AWS_SESSION_TOKEN", undefined);
});

afterAll(async () => {
  await s3?.close();
  vi.unstubAllEnvs();
});

describe("static export with QUIRE_STORAGE_URL=s3://...", () => {
  it("stores the archive in the bucket and answers the bundle endpoint with S3 presigned links that expire", async () => {
    const api = await startApi({
      settings: { storageUrl: s3.storageUrl(BUCKET, "quire/prod"), bundleLinkTtlSeconds: "5" },
    });
    expect((await api.request("GET", "/readyz")).status).toBe(200);
    const tenant = await createTenant(api, { repository: makeRepo(SITE) });
    const started = await api.request("POST", "/v1/static-export/jobs", {
      key: tenant.key,
      body: { domain: tenant.domain },
    });
    expect(started.status).toBe(202);
    const { jobId } = await started.json();
    const done = await waitFor(
      async () => {
        const job = await (
          await api.request("GET", `/v1/static-export/jobs/${jobId}`, { key: tenant.key })
        ).json();
        return (job.status === "completed" || job.status === "failed") && job;
      },
      60_000,
      `export ${jobId}`,
    );
    expect(done).toMatchObject({ status: "completed", error: null });

    const answer = await api.request("POST", `/v1/static-export/jobs/${jobId}/bundle`, {
      key: tenant.key,
    });
    expect(answer.status).toBe(200);
    const bundle = await answer.json();
    expect(Object.keys(bundle).sort()).toEqual([
      "bundleUrl",
      "expiresAt",
      "jobId",
      "sha256",
      "sizeBytes",
    ]);
    expect(bundle.jobId).toBe(jobId);
    expect(bundle.sha256).toMatch(/^[0-9a-f]{64}$/);
    const link = new URL(bundle.bundleUrl);
    expect(link.origin).toBe(s3.endpoint);
    expect(link.pathname).toMatch(
      new RegExp(`^/${BUCKET}/quire/prod/exports/${jobId}/[a-z0-9.-]+-${jobId}\\.tar\\.gz$`),
    );
    expect(link.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(link.searchParams.get("X-Amz-Expires")).toBe("5");
    expect(link.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    const expiresAt = Date.parse(bundle.expiresAt);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(5000);
    expect(expiresAt - Date.now()).toBeGreaterThan(2000);

    // The archive went to the bucket, not the data dir.
    expect(existsSync(path.join(api.dataDir, "objects", "exports"))).toBe(false);
    expect(
      s3.requests.some(
        (request) => request.method === "PUT" && request.path === decodeURIComponent(link.pathname),
      ),
    ).toBe(true);
    // The API serves no downloads of its own for S3.
    expect((await api.request("GET", `/downloads${link.pathname}`)).status).toBe(404);

    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect(Number(download.headers.get("content-length"))).toBe(bundle.sizeBytes);
    const archive = Buffer.from(await download.arrayBuffer());
    expect(archive.length).toBe(bundle.sizeBytes);
    expect(createHash("sha256").update(archive).digest("hex")).toBe(bundle.sha256);
    const folder = makeTempDir();
    writeFileSync(path.join(folder, "site.tar.gz"), archive);
    await extractTar({ file: path.join(folder, "site.tar.gz"), cwd: folder });
    expect(JSON.parse(readFileSync(path.join(folder, "quire-export.json"), "utf8"))).toMatchObject({
      jobId,
      domain: tenant.domain,
    });

    // Every call signs a fresh link over the same object.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await (
      await api.request("POST", `/v1/static-export/jobs/${jobId}/bundle`, { key: tenant.key })
    ).json();
    expect(again.bundleUrl).not.toBe(bundle.bundleUrl);
    expect(again).toMatchObject({ sha256: bundle.sha256, sizeBytes: bundle.sizeBytes });

    await new Promise((resolve) => setTimeout(resolve, expiresAt - Date.now() + 1100));
    expect((await fetch(link)).status).toBe(403);
  });

  it("is not ready while the bucket is missing, and says which one in the log", async () => {
    const api = await startApi({ settings: { storageUrl: s3.storageUrl("no-such-bucket") } });
    const ready = await api.request("GET", "/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ error: "not ready: the object storage cannot be used" });
    expect(api.logs.join("\n")).toContain(
      `S3 bucket \\"no-such-bucket\\" at ${s3.endpoint} does not exist`,
    );
    expect(api.logs.join("\n")).not.toContain(s3.secretAccessKey);
  });
});
