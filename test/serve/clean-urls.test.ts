import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { precompress } from "../../src/serve/precompress.ts";
import { createStaticServer } from "../../src/serve/static-server.ts";
import { compressedPath, sitePath } from "../../src/serve/version-layout.ts";
import { VersionStore } from "../../src/serve/versions.ts";
import { BILINGUAL_SITE } from "../helpers/bilingual-site.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** `quire serve`'s server over a real export of the bilingual site, in either URL form. */
async function serveExport(cleanUrls: boolean): Promise<string> {
  const docs = JSON.parse(BILINGUAL_SITE["docs.json"] as string);
  const source = makeRepo({
    ...BILINGUAL_SITE,
    "docs.json": JSON.stringify({
      ...docs,
      redirects: [{ source: "/old-start", destination: "/quickstart" }],
    }),
  });
  const versions = new VersionStore(makeTempDir());
  const directory = versions.directoryOf("v1");
  await exportSite({
    sourceDir: source,
    outputDir: sitePath(directory),
    concurrency: 0,
    cleanUrls,
  });
  precompress(sitePath(directory), compressedPath(directory));
  versions.activate("v1", 3);
  const server = createStaticServer({ versions, logger: pino({ level: "silent" }) });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

for (const cleanUrls of [false, true]) {
  describe(`quire serve with ${cleanUrls ? "clean URLs" : ".html pages"}`, () => {
    it("serves /quickstart, the French page and the Markdown copy, and follows redirects to the page", async () => {
      const base = await serveExport(cleanUrls);
      const page = await fetch(`${base}/quickstart`);
      expect(page.status).toBe(200);
      await expect(page.text()).resolves.toContain('class="page-title">Quickstart');
      expect(page.url).toBe(cleanUrls ? `${base}/quickstart/` : `${base}/quickstart`);
      const french = await fetch(`${base}/fr/quickstart`);
      await expect(french.text()).resolves.toContain('<html lang="fr"');
      expect((await fetch(`${base}/quickstart.md`)).status).toBe(200);
      const moved = await fetch(`${base}/old-start`, { redirect: "manual" });
      expect(moved.status).toBe(308);
      expect(moved.headers.get("location")).toBe(cleanUrls ? "/quickstart/" : "/quickstart");
    });
  });
}
