import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { BILINGUAL_SITE } from "../helpers/bilingual-site.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

const SITE = {
  ...BILINGUAL_SITE,
  "docs.json": JSON.stringify({
    ...JSON.parse(BILINGUAL_SITE["docs.json"] as string),
    redirects: [
      { source: "/old-start", destination: "/quickstart" },
      { source: "/legacy/:slug*", destination: "/:slug*" },
    ],
  }),
  "guides/index.mdx":
    "---\ntitle: Guides\n---\n\nSee [the quickstart](/quickstart) and ![a picture](/images/social.png).\n",
};

async function exportClean(cleanUrls: boolean) {
  const outputDir = path.join(makeTempDir(), "site");
  await exportSite({ sourceDir: makeRepo(SITE), outputDir, concurrency: 0, cleanUrls });
  return {
    exists: (file: string) => existsSync(path.join(outputDir, file)),
    read: (file: string) => readFileSync(path.join(outputDir, file), "utf8"),
  };
}

describe("exporting with clean URLs", () => {
  it("writes each page as its folder's index file, index pages and Markdown copies where they were", async () => {
    const site = await exportClean(true);
    expect(site.exists("quickstart/index.html")).toBe(true);
    expect(site.exists("quickstart.html")).toBe(false);
    expect(site.exists("fr/quickstart/index.html")).toBe(true);
    expect(site.exists("index.html")).toBe(true);
    expect(site.exists("fr/index.html")).toBe(true);
    expect(site.exists("guides/index.html")).toBe(true);
    expect(site.exists("quickstart.md")).toBe(true);
    expect(site.exists("fr/quickstart.md")).toBe(true);
  });

  it("links pages, assets and Markdown relative to the page's folder, to index files that open from disk", async () => {
    const { read } = await exportClean(true);
    const page = read("fr/quickstart/index.html");
    expect(page).toContain('data-root="../../"');
    expect(page).toContain('data-clean-urls="true"');
    expect(page).toMatch(/<a class="pager-next[^"]*" href="\.\.\/webhooks\/index\.html"/);
    expect(page).toContain('href="../quickstart.md" data-copy-page');
    expect(page).toMatch(
      /<link rel="stylesheet" href="\.\.\/\.\.\/_quire\/quire\.[0-9a-f]+\.css">/,
    );
    const guides = read("guides/index.html");
    expect(guides).toContain('href="../quickstart/index.html"');
    expect(guides).toContain('src="../images/social.png"');
  });

  it("gives canonical URLs, hreflang and the sitemap the page's folder", async () => {
    const { read } = await exportClean(true);
    expect(read("fr/quickstart/index.html")).toContain(
      '<link rel="canonical" href="https://docs.lumen.example/fr/quickstart/">',
    );
    expect(read("sitemap.xml")).toContain("<loc>https://docs.lumen.example/quickstart/</loc>");
  });

  it("writes a moved page's redirect page as a folder too, pointing at the page's folder", async () => {
    const { read } = await exportClean(true);
    expect(read("old-start/index.html")).toContain(
      'http-equiv="refresh" content="0; url=../quickstart/index.html"',
    );
    expect(read("404.html")).toContain("&quot;clean&quot;:true");
  });

  it("keeps .html pages without the option", async () => {
    const site = await exportClean(false);
    expect(site.exists("quickstart.html")).toBe(true);
    expect(site.exists("quickstart/index.html")).toBe(false);
    expect(site.read("quickstart.html")).not.toContain("data-clean-urls");
  });
});
