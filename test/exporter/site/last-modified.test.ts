import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportSite } from "../../../src/exporter/export-site.ts";
import { readLastModified } from "../../../src/exporter/site/last-modified.ts";
import { makeTempDir } from "../../helpers/temp-repo.ts";

function commit(repo: string, files: Record<string, string>, date: string): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), content);
  }
  const git = (...args: string[]) =>
    execFileSync("git", args, {
      cwd: repo,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "A",
        GIT_AUTHOR_EMAIL: "a@example.com",
        GIT_COMMITTER_NAME: "A",
        GIT_COMMITTER_EMAIL: "a@example.com",
        GIT_COMMITTER_DATE: date,
        GIT_AUTHOR_DATE: date,
      },
    });
  git("add", "-A");
  git("commit", "-q", "-m", "change");
}

describe("last-modified dates from git", () => {
  it("gives each page source the date of the last commit that touched it, inside a docs folder of the repository", async () => {
    const repo = makeTempDir();
    execFileSync("git", ["init", "-q", repo]);
    commit(
      repo,
      { "docs/a.mdx": "a", "docs/guides/b c.mdx": "b", "app.ts": "x" },
      "2024-01-02T03:04:05Z",
    );
    commit(repo, { "docs/a.mdx": "a2", "app.ts": "y" }, "2025-05-06T07:08:09Z");
    const { dates, incomplete } = await readLastModified(path.join(repo, "docs"), [
      "a.mdx",
      "guides/b c.mdx",
      "never-committed.mdx",
    ]);
    expect(incomplete).toBeUndefined();
    expect(Object.fromEntries(dates)).toEqual({
      "a.mdx": "2025-05-06T07:08:09.000Z",
      "guides/b c.mdx": "2024-01-02T03:04:05.000Z",
    });
  });

  it("reads every file's date when no list is given", async () => {
    const repo = makeTempDir();
    execFileSync("git", ["init", "-q", repo]);
    commit(repo, { "a.mdx": "a", "b/c.mdx": "c" }, "2024-01-02T03:04:05Z");
    const { dates } = await readLastModified(repo);
    expect(Object.fromEntries(dates)).toEqual({
      "a.mdx": "2024-01-02T03:04:05.000Z",
      "b/c.mdx": "2024-01-02T03:04:05.000Z",
    });
  });

  it("gives the sitemap's lastmod and the page's Last modified line the same date, from the one pass", async () => {
    const repo = makeTempDir();
    execFileSync("git", ["init", "-q", repo]);
    commit(
      repo,
      {
        "docs.json": JSON.stringify({
          name: "Dated",
          colors: { primary: "#0a7" },
          metadata: { timestamp: true },
          navigation: { pages: ["index", "guide"] },
        }),
        "index.mdx": "---\ntitle: Home\n---\n\nHi.\n",
        "guide.mdx": "---\ntitle: Guide\n---\n\nOld.\n",
      },
      "2024-01-02T03:04:05Z",
    );
    commit(repo, { "guide.mdx": "---\ntitle: Guide\n---\n\nNew.\n" }, "2025-05-06T07:08:09Z");
    const outputDir = path.join(makeTempDir(), "site");
    await exportSite({ sourceDir: repo, outputDir, siteUrl: "https://docs.example.com" });
    const sitemap = readFileSync(path.join(outputDir, "sitemap.xml"), "utf8");
    expect(sitemap).toContain(
      "<loc>https://docs.example.com/guide.html</loc><lastmod>2025-05-06T07:08:09.000Z</lastmod>",
    );
    const guide = readFileSync(path.join(outputDir, "guide.html"), "utf8");
    expect(guide).toContain('<time datetime="2025-05-06T07:08:09.000Z">May 6, 2025</time>');
    const home = readFileSync(path.join(outputDir, "index.html"), "utf8");
    expect(home).toContain('<time datetime="2024-01-02T03:04:05.000Z">January 2, 2024</time>');
  });

  it("has no dates, and says why, for a folder outside any git repository", async () => {
    const folder = makeTempDir();
    writeFileSync(path.join(folder, "a.mdx"), "a");
    const { dates, incomplete } = await readLastModified(folder, ["a.mdx"]);
    expect(dates.size).toBe(0);
    expect(incomplete).toBe("the docs folder is not in a git repository");
  });
});
