import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { extract } from "tar";
import { describe, expect, it } from "vitest";
import type { ExportProgress } from "../../src/exporter/export-options.ts";
import { exportSite } from "../../src/exporter/export-site.ts";
import { openBundleSearch } from "../../src/exporter/index.ts";
import { ExportFailedError } from "../../src/exporter/problems.ts";
import { makeRepo, makeTempDir } from "../helpers/temp-repo.ts";

const SITE = {
  "docs.json": JSON.stringify({
    name: "Lumen",
    description: "Job scheduling over HTTP.",
    colors: { primary: "#2563eb" },
    navigation: {
      groups: [{ group: "Start", pages: ["index", "guides/setup", "guides/missing"] }],
    },
    redirects: [
      { source: "/old-setup", destination: "/guides/setup" },
      { source: "/install", destination: "/guides/setup#install" },
    ],
  }),
  "index.mdx":
    "---\ntitle: Welcome\ndescription: The home page.\n---\n\nRead [setup](/guides/setup) and [nothing](/nowhere).\n\n![Diagram](/images/diagram.png)\n",
  "guides/setup.mdx": "---\ntitle: Setup\n---\n\n## Install\n\nRun `lumen install`.\n",
  "guides/secret.mdx": "---\ntitle: Secret\nnoindex: true\n---\n\nUnlisted.\n",
  "images/diagram.png": "png-bytes",
  "images/unused.png": "png-bytes",
};

function readOut(directory: string, file: string): string {
  return readFileSync(path.join(directory, file), "utf8");
}

describe("exporting a site", () => {
  it("writes every page, the site files and the manifest as docs/bundle-format.md describes", async () => {
    const outputDir = path.join(makeTempDir(), "site");
    const result = await exportSite({
      sourceDir: makeRepo(SITE),
      outputDir,
      jobId: "job_1",
      domain: "docs.lumen.dev",
    });
    for (const file of [
      "index.html",
      "guides/setup.html",
      "guides/secret.html",
      "index.md",
      "guides/setup.md",
      "404.html",
      "sitemap.xml",
      "robots.txt",
      "llms.txt",
      "llms-full.txt",
      "quire-export.json",
      "old-setup.html",
      "images/diagram.png",
    ]) {
      expect(existsSync(path.join(outputDir, file)), file).toBe(true);
    }
    expect(existsSync(path.join(outputDir, "images/unused.png"))).toBe(false);
    const manifest = JSON.parse(readOut(outputDir, "quire-export.json"));
    expect(manifest).toMatchObject({
      formatVersion: 1,
      jobId: "job_1",
      domain: "docs.lumen.dev",
      version: null,
      pageCount: 3,
      generator: expect.stringContaining("quire"),
    });
    expect(Date.parse(manifest.createdAt)).not.toBeNaN();
    expect(result.pageCount).toBe(3);
  });

  it("keeps broken links, missing navigation pages and unused files as warnings in the manifest", async () => {
    const outputDir = path.join(makeTempDir(), "site");
    const result = await exportSite({ sourceDir: makeRepo(SITE), outputDir });
    const rules = result.warnings.map(
      (warning) => `${warning.rule} ${warning.file}${warning.line ? `:${warning.line}` : ""}`,
    );
    expect(rules).toEqual(
      expect.arrayContaining([
        "missing-page docs.json",
        "broken-link index.mdx:6",
        "unused-file images/unused.png",
      ]),
    );
    expect(JSON.parse(readOut(outputDir, "quire-export.json")).warnings).toHaveLength(
      result.warnings.length,
    );
  });

  it("reports a problem repeated in one file once, with its count", async () => {
    const sourceDir = makeRepo({
      ...SITE,
      "guides/setup.mdx": "![a](/gone.png) ![b](/gone.png) ![c](/gone.png)\n",
    });
    const result = await exportSite({ sourceDir, outputDir: path.join(makeTempDir(), "out") });
    expect(result.warnings.filter((warning) => warning.rule === "missing-file")).toEqual([
      expect.objectContaining({
        file: "guides/setup.mdx",
        line: 1,
        message: expect.stringContaining("(3 times in this file)"),
      }),
    ]);
  });

  it("leaves noindex pages out of the sitemap and llms.txt", async () => {
    const outputDir = path.join(makeTempDir(), "site");
    await exportSite({ sourceDir: makeRepo(SITE), outputDir });
    expect(readOut(outputDir, "sitemap.xml")).not.toContain("secret");
    expect(readOut(outputDir, "robots.txt")).toContain("Disallow: /guides/secret.html");
    expect(readOut(outputDir, "llms.txt")).toContain("[Setup](guides/setup.md)");
    expect(readOut(outputDir, "llms.txt")).not.toContain("secret");
    expect(readOut(outputDir, "guides/setup.md")).toBe(
      "# Setup\n\n## Install\n\nRun `lumen install`.\n",
    );
  });

  it("links pages relatively and redirects old paths with a tiny page", async () => {
    const outputDir = path.join(makeTempDir(), "site");
    await exportSite({ sourceDir: makeRepo(SITE), outputDir });
    expect(readOut(outputDir, "index.html")).toContain('href="guides/setup.html"');
    expect(readOut(outputDir, "guides/setup.html")).toMatch(/href="\.\.\/index\.html"/);
    expect(readOut(outputDir, "old-setup.html")).toMatch(
      /http-equiv="refresh" content="0; ?url=guides\/setup\.html"/i,
    );
    expect(readOut(outputDir, "install.html")).toContain(
      'content="0; url=guides/setup.html#install"',
    );
  });

  it("exports only the requested paths", async () => {
    const outputDir = path.join(makeTempDir(), "site");
    const result = await exportSite({ sourceDir: makeRepo(SITE), outputDir, paths: ["guides/"] });
    expect(result.pageCount).toBe(2);
    // The index page is not exported: `/` leads to the first exported page of the navigation.
    expect(readOut(outputDir, "index.html")).toContain(
      '<meta http-equiv="refresh" content="0; url=guides/setup.html">',
    );
    await expect(exportSite({ sourceDir: makeRepo(SITE), paths: ["nope"] })).rejects.toThrow(
      "no page matches",
    );
  });

  it("reports progress that never goes backwards and ends at 100", async () => {
    const events: ExportProgress[] = [];
    await exportSite({
      sourceDir: makeRepo(SITE),
      onProgress: (progress) => events.push(progress),
    });
    const percents = events.map((event) => event.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({
      phase: "done",
      percent: 100,
      pagesDone: 3,
      pagesTotal: 3,
    });
    expect(events.some((event) => event.phase === "rendering" && event.pagesDone === 1)).toBe(true);
  });

  it("fails on invalid MDX listing every error, and writes nothing", async () => {
    const outputDir = path.join(makeTempDir(), "site");
    const sourceDir = makeRepo({ ...SITE, "index.mdx": "<Card>\n", "guides/setup.mdx": "ok {\n" });
    const error = await exportSite({
      sourceDir,
      outputDir,
      archiveFile: path.join(outputDir, "..", "x.tar.gz"),
    }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ExportFailedError);
    expect((error as ExportFailedError).problems.map((problem) => problem.file).sort()).toEqual([
      "guides/setup.mdx",
      "index.mdx",
    ]);
    expect(existsSync(path.join(outputDir, "..", "x.tar.gz"))).toBe(false);
  });

  it("packs the same archive with no output folder, with or without a cache, and leaves no working files", async () => {
    // An RSS page and a page with Tailwind classes are read back after rendering: they must
    // still be there when only an archive is asked for.
    const sourceDir = makeRepo({
      ...SITE,
      "docs.json": JSON.stringify({
        name: "Lumen",
        colors: { primary: "#2563eb" },
        navigation: { pages: ["index", "guides/setup", "changelog", "styled"] },
      }),
      "changelog.mdx":
        '---\ntitle: Changelog\nrss: true\n---\n\n<Update label="May" description="v1">Faster search.</Update>\n',
      "styled.mdx": '---\ntitle: Styled\n---\n\n<div className="flex gap-4">Boxes</div>\n',
    });
    const output = makeTempDir();
    const createdAt = "2026-01-02T03:04:05.000Z";
    const withFolder = await exportSite({
      sourceDir,
      createdAt,
      outputDir: path.join(output, "site"),
      archiveFile: path.join(output, "with-folder.tar.gz"),
    });
    const scratchRoot = makeTempDir();
    const previousTmp = process.env.TMPDIR;
    process.env.TMPDIR = scratchRoot;
    try {
      const alone = await exportSite({
        sourceDir,
        createdAt,
        archiveFile: path.join(output, "alone.tar.gz"),
      });
      const cacheDir = path.join(output, "cache");
      const cached = await exportSite({
        sourceDir,
        createdAt,
        cacheDir,
        archiveFile: path.join(output, "cached.tar.gz"),
      });
      const warm = await exportSite({
        sourceDir,
        createdAt,
        cacheDir,
        archiveFile: path.join(output, "warm.tar.gz"),
      });
      expect(withFolder.archive?.sha256).toMatch(/^[0-9a-f]{64}$/);
      for (const result of [alone, cached, warm])
        expect(result.archive?.sha256).toBe(withFolder.archive?.sha256);
      expect(readdirSync(scratchRoot)).toEqual([]);
    } finally {
      if (previousTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmp;
    }
    expect(existsSync(path.join(output, "site", "changelog", "rss.xml"))).toBe(true);
    expect(readOut(path.join(output, "site"), "styled.html")).toMatch(
      /_quire\/tailwind\.[^"]+\.css/,
    );
  });

  it("re-exports an unchanged repository from the cache, and re-renders a changed page", async () => {
    const sourceDir = makeRepo(SITE);
    const cacheDir = makeTempDir();
    // Into the test's folders: one the export makes for itself is its caller's to remove.
    const first = await exportSite({
      sourceDir,
      cacheDir,
      outputDir: path.join(makeTempDir(), "out"),
    });
    expect(first.pagesFromCache).toBe(0);
    const second = await exportSite({
      sourceDir,
      cacheDir,
      outputDir: path.join(makeTempDir(), "out"),
    });
    expect(second.pagesFromCache).toBe(3);
    const { writeFileSync } = await import("node:fs");
    writeFileSync(path.join(sourceDir, "guides/setup.mdx"), "---\ntitle: Setup\n---\n\nChanged.\n");
    const third = await exportSite({
      sourceDir,
      cacheDir,
      outputDir: path.join(makeTempDir(), "s"),
    });
    expect(third.pagesFromCache).toBe(2);
    expect(readOut(third.outputDir, "guides/setup.html")).toContain("Changed.");
  });

  it("takes the search index from the cache while the pages' search text is the same, and builds it anew when it changes", async () => {
    const sourceDir = makeRepo(SITE);
    const cacheDir = makeTempDir();
    const indexCacheBytes = (): number =>
      readdirSync(path.join(cacheDir, "search")).reduce(
        (total, name) => total + statSync(path.join(cacheDir, "search", name)).size,
        0,
      );
    /** What the exported bundle's search finds for `query`: page, title and heading. */
    const exportAndSearch = async (query: string): Promise<string[]> => {
      const archiveFile = path.join(makeTempDir(), "site.tar.gz");
      await exportSite({ sourceDir, cacheDir, archiveFile, createdAt: "2026-01-02T03:04:05Z" });
      const root = makeTempDir();
      await extract({ file: archiveFile, cwd: root });
      const search = await openBundleSearch(root);
      return (await search.search(query)).map((hit) => `${hit.path}|${hit.title}|${hit.heading}`);
    };

    expect(await exportAndSearch("lumen install")).toContain("guides/setup|Setup|Install");
    const stored = indexCacheBytes();
    expect(stored).toBeGreaterThan(0);
    // Unchanged: the index is the one stored, and nothing more is stored.
    expect(await exportAndSearch("lumen install")).toContain("guides/setup|Setup|Install");
    expect(indexCacheBytes()).toBe(stored);

    // A page's text changes: so does what search finds.
    writeFileSync(
      path.join(sourceDir, "guides/setup.mdx"),
      "---\ntitle: Setup\n---\n\n## Install\n\nRun `zephyr install`.\n",
    );
    expect(await exportAndSearch("zephyr")).toContain("guides/setup|Setup|Install");
    expect(await exportAndSearch("lumen install")).not.toContain("guides/setup|Setup|Install");
    // Only its title: the index has the new one.
    writeFileSync(
      path.join(sourceDir, "guides/setup.mdx"),
      "---\ntitle: Installing\n---\n\n## Install\n\nRun `zephyr install`.\n",
    );
    expect(await exportAndSearch("zephyr")).toContain("guides/setup|Installing|Install");

    // The archive's cache lost the entries (another export pruned it): the index is built again.
    rmSync(path.join(cacheDir, "archive"), { recursive: true });
    expect(await exportAndSearch("zephyr")).toContain("guides/setup|Installing|Install");
  });

  it("renders on worker threads with the same result as in one thread", async () => {
    const files: Record<string, string> = {
      "docs.json": JSON.stringify({
        name: "Many",
        colors: { primary: "#000" },
        navigation: { pages: Array.from({ length: 60 }, (_, index) => `p${index}`) },
      }),
    };
    for (let index = 0; index < 60; index++)
      files[`p${index}.mdx`] =
        `---\ntitle: Page ${index}\n---\n\n## Part\n\n\`\`\`js\nconst n = ${index};\n\`\`\`\n`;
    // Pages past 128 KB of source go to the first thread only: they must come out all the same.
    for (const index of [3, 20, 41])
      files[`p${index}.mdx`] += `\n${"Words of a long page. ".repeat(6500)}\n`;
    const sourceDir = makeRepo(files);
    const threaded = await exportSite({
      sourceDir,
      outputDir: path.join(makeTempDir(), "a"),
      concurrency: 2,
    });
    const single = await exportSite({
      sourceDir,
      outputDir: path.join(makeTempDir(), "b"),
      concurrency: 0,
    });
    expect(threaded.pageCount).toBe(60);
    expect(readOut(threaded.outputDir, "p42.html")).toBe(readOut(single.outputDir, "p42.html"));
    expect(readOut(threaded.outputDir, "p20.html")).toBe(readOut(single.outputDir, "p20.html"));
    // The pages, 404.html, and index.html leading to p0 (the site has no index page).
    expect(readdirSync(threaded.outputDir).filter((file) => file.endsWith(".html")).length).toBe(
      62,
    );
  });
});

describe("exporting a hostile repository", () => {
  it("reports a docs.json that is not JSON, naming the file", async () => {
    const error = await exportSite({
      sourceDir: makeRepo({ "docs.json": "{ nope", "index.mdx": "x" }),
    }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ExportFailedError);
    expect((error as ExportFailedError).problems[0]).toMatchObject({ file: "docs.json", line: 1 });
  });

  it("never follows a symlinked page or image out of the repository", async () => {
    const sourceDir = makeRepo({
      ...SITE,
      "guides/passwd.mdx": { symlinkTo: "/etc/passwd" },
      "index.mdx": "![x](/images/link.png)\n",
      "images/link.png": { symlinkTo: "/etc/hostname" },
    });
    const outputDir = path.join(makeTempDir(), "site");
    const result = await exportSite({ sourceDir, outputDir });
    expect(existsSync(path.join(outputDir, "guides/passwd.html"))).toBe(false);
    expect(existsSync(path.join(outputDir, "images/link.png"))).toBe(false);
    expect(result.warnings.map((warning) => warning.rule)).toContain("missing-file");
  });

  it("refuses a 50 MB page with an error naming it, and reads nothing else from it", async () => {
    const sourceDir = makeRepo({
      ...SITE,
      "guides/huge.mdx": Buffer.alloc(50 * 1024 * 1024, 0x61),
    });
    const error = await exportSite({ sourceDir }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ExportFailedError);
    expect((error as ExportFailedError).problems).toEqual([
      expect.objectContaining({
        file: "guides/huge.mdx",
        message: expect.stringContaining("over the 10.0 MB limit"),
      }),
    ]);
  });

  // With a cache the page's bytes are read once, for its cache key, and decoded for its render.
  it.each([
    ["without a cache", false],
    ["with a cache", true],
  ])("refuses a page that is not UTF-8, naming it (%s)", async (_, cached) => {
    const error = await exportSite({
      sourceDir: makeRepo({ ...SITE, "guides/bad.mdx": Buffer.from([0xc3, 0x28, 0xff]) }),
      ...(cached ? { cacheDir: makeTempDir() } : {}),
    }).catch((caught) => caught);
    expect((error as ExportFailedError).problems).toEqual([
      expect.objectContaining({
        file: "guides/bad.mdx",
        message: expect.stringContaining("UTF-8"),
      }),
    ]);
  });
});
