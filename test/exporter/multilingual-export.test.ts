import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { BILINGUAL_SITE } from "../helpers/bilingual-site.ts";
import { makeRepo, makeTempDir, writeRepoFiles } from "../helpers/temp-repo.ts";

/** Commits everything in `root` with this committer date. */
function commitAll(root: string, date: string, message: string): void {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: "Test",
    GIT_AUTHOR_EMAIL: "test@example.com",
    GIT_COMMITTER_NAME: "Test",
    GIT_COMMITTER_EMAIL: "test@example.com",
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
  };
  execFileSync("git", ["add", "-A"], { cwd: root, env });
  execFileSync("git", ["commit", "-q", "-m", message], { cwd: root, env });
}

async function exportBilingual(options: { git?: boolean; siteUrl?: string } = {}) {
  const source = makeRepo(BILINGUAL_SITE);
  if (options.git) {
    execFileSync("git", ["init", "-q"], { cwd: source });
    commitAll(source, "2024-01-02T03:04:05Z", "first");
    writeRepoFiles(source, {
      "fr/quickstart.mdx": `${BILINGUAL_SITE["fr/quickstart.mdx"]}\nPlus.\n`,
    });
    commitAll(source, "2025-02-03T04:05:06Z", "second");
  }
  const outputDir = path.join(makeTempDir(), "site");
  await exportSite({ sourceDir: source, outputDir, concurrency: 0, siteUrl: options.siteUrl });
  const read = (file: string) => readFileSync(path.join(outputDir, file), "utf8");
  return { outputDir, read };
}

describe("exporting a site in several languages", () => {
  it("writes each page's interface in its own language", async () => {
    const { read } = await exportBilingual();
    const french = read("fr/quickstart.html");
    expect(french).toMatch(/<html lang="fr" /);
    expect(french).toContain(">Sur cette page<");
    expect(french).toContain("<span>Copier la page</span>");
    expect(french).toContain("<small>Suivant</small>");
    expect(french).toContain(">Rechercher…<");
    expect(french).toContain('data-messages="');
    const english = read("quickstart.html");
    expect(english).toContain(">On this page<");
    expect(english).not.toContain("data-messages");
    expect(read("es/quickstart.html")).toContain("<span>Copiar página</span>");
  });

  it("points each language's switcher entry at the same page in that language", async () => {
    const { read } = await exportBilingual();
    const switcher =
      read("fr/webhooks.html").match(
        /<details class="switcher switcher-language">[\s\S]*?<\/details>/,
      )?.[0] ?? "";
    const targets = [...switcher.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1]);
    // Spanish has no webhooks page: its home instead.
    expect(targets).toEqual(["../webhooks.html", "webhooks.html", "../es/index.html"]);
  });

  it("writes one search index per language and points each page at its own", async () => {
    const { read, outputDir } = await exportBilingual();
    for (const language of ["en", "fr", "es"])
      expect(existsSync(path.join(outputDir, `_quire/search/${language}/index.js`))).toBe(true);
    expect(read("fr/quickstart.html")).toContain('data-search-index="_quire/search/fr/index.js"');
    expect(read("quickstart.html")).toContain('data-search-index="_quire/search/en/index.js"');
    const french = read("_quire/search/fr/index.js");
    expect(french).toContain("fr/quickstart");
    expect(french).not.toContain('"quickstart"');
    expect(french).not.toContain("es/quickstart");
  });

  it("takes the site URL from seo.metatags.canonical for canonical links, the sitemap and og:image", async () => {
    const { read, outputDir } = await exportBilingual();
    const french = read("fr/quickstart.html");
    expect(french).toContain(
      '<link rel="canonical" href="https://docs.lumen.example/fr/quickstart.html">',
    );
    expect(french).toContain(
      '<link rel="alternate" hreflang="es" href="https://docs.lumen.example/es/quickstart.html">',
    );
    // The drawn card (its background here is no real picture, so it is drawn without it).
    expect(french).toMatch(
      /<meta property="og:image" content="https:\/\/docs\.lumen\.example\/_quire\/og\/site\.[0-9a-f]{10}\.png">/,
    );
    expect(existsSync(path.join(outputDir, "images/social.png"))).toBe(true);
    expect(french).toContain('"legalName":"Lumen SAS"');
    expect(read("sitemap.xml")).toContain(
      "<loc>https://docs.lumen.example/fr/quickstart.html</loc>",
    );
  });

  it("lets the export's site URL win over seo.metatags.canonical", async () => {
    const { read } = await exportBilingual({ siteUrl: "https://help.example.com/docs" });
    expect(read("quickstart.html")).toContain(
      '<link rel="canonical" href="https://help.example.com/docs/quickstart.html">',
    );
  });

  it("dates each sitemap entry by the last commit touching the page's file", async () => {
    const { read } = await exportBilingual({ git: true });
    const sitemap = read("sitemap.xml");
    expect(sitemap).toContain(
      "<loc>https://docs.lumen.example/fr/quickstart.html</loc><lastmod>2025-02-03T04:05:06.000Z</lastmod>",
    );
    expect(sitemap).toContain(
      "<loc>https://docs.lumen.example/quickstart.html</loc><lastmod>2024-01-02T03:04:05.000Z</lastmod>",
    );
    expect(read("fr/quickstart.html")).toContain('"dateModified":"2025-02-03T04:05:06.000Z"');
  });

  it("writes no lastmod outside a git repository", async () => {
    const { read } = await exportBilingual();
    expect(read("sitemap.xml")).not.toContain("<lastmod>");
  });
});
